import type { BudgetLimits } from "../protocol/types.js";
import { ownOptions } from "../util/own-options.js";

/** The dimensions a budget limits. */
export const BUDGET_DIMENSIONS = ["inputTokens", "outputTokens", "totalTokens", "toolCalls"] as const;
export type BudgetDimension = (typeof BUDGET_DIMENSIONS)[number];
export type Usage = Record<BudgetDimension, number>;

export const zeroUsage = (): Usage => ({ inputTokens: 0, outputTokens: 0, totalTokens: 0, toolCalls: 0 });

/** A limit that is not set is unlimited. */
export const limitOf = (l: BudgetLimits | undefined, d: BudgetDimension): number => l?.[d] ?? Number.POSITIVE_INFINITY;

export interface HandoffOptions {
  /** Share of what the sender can still spend (excluding its own reserve). Default 1: linear, all of it. */
  readonly fraction?: number;
  /** Explicit limits for the receiver; clamped to the share (never more than the sender has left). */
  readonly limits?: BudgetLimits;
  /** The receiver's own exit-path reserve, carved out of its share. */
  readonly reserve?: BudgetLimits;
  /**
   * Pass the sender's exit-path reserve on with the conversation (default true): the receiver
   * now holds the exit path, so it gets the reserve on top of its share, and the sender cannot
   * touch it until the receiver closes.
   */
  readonly transferReserve?: boolean;
  readonly label?: string;
}

/** What an account needs: limits, a reserve for its exit path, and a label for messages. */
export interface AccountOptions {
  readonly limits?: BudgetLimits;
  readonly reserve?: BudgetLimits;
  readonly label?: string;
}

export interface AccountSnapshot {
  readonly label: string;
  readonly limits: Partial<Usage>;
  readonly reserve: Partial<Usage>;
  readonly spent: Usage;
  readonly allocated: Usage;
  readonly lent?: Usage;
  readonly overrun?: Usage;
  readonly closed: boolean;
}

/** Why an account cannot pay: which dimension, its limit, what is used, what was asked. */
export interface Shortfall {
  readonly dimension: BudgetDimension;
  readonly limit: number;
  readonly used: number;
  readonly requested: number;
  /** "run" (the account's own limit, less its reserve), "reserve" (even the reserve is gone), "closed" (the account was closed), or a state's. */
  readonly scope: string;
}

/**
 * Checks the figures of a usage report or estimate: every field present must be a finite
 * number ≥ 0. Returns the amounts; throws `TypeError` naming the field and the value otherwise.
 */
export function checkAmounts(amount: Partial<Usage>, what: string): Partial<Usage> {
  if (typeof amount !== "object" || amount === null)
    throw new TypeError(`${what} must be an object of token and call counts, got ${amount === null ? "null" : typeof amount}.`);
  for (const d of BUDGET_DIMENSIONS) {
    const v = amount[d];
    if (v !== undefined && !(typeof v === "number" && Number.isFinite(v) && v >= 0)) {
      throw new TypeError(
        `${what}.${d} must be a finite number ≥ 0, got ${typeof v === "number" ? String(v) : (JSON.stringify(v) ?? String(v))}; nothing was charged. Fix: report what the provider counted (0 when unknown).`,
      );
    }
  }
  return amount;
}

/**
 * One agent's budget in a tree of handoffs. Invariant at every node, in every dimension:
 * spent + allocated-to-open-children ≤ limit. A child's limit is carved from what its sender
 * can spend outside the sender's reserve, so no agent can spend into another's reserve, and
 * the whole tree never spends more than the root's limit.
 *
 * Every figure that comes in (a charge, an estimate checked with `shortfall`, a restored
 * snapshot) must be a finite number ≥ 0, else `TypeError` and nothing changes; a closed
 * account refuses every check. Its figures are private (ES private fields).
 *
 * @example
 * const root = new BudgetAccount({ limits: { totalTokens: 20_000 }, reserve: { totalTokens: 1_500 } });
 * const child = root.handoff({ fraction: 0.5 });
 */
export class BudgetAccount {
  readonly label: string;
  readonly #limits: Usage;
  readonly #reserve: Usage;
  #spent: Usage = zeroUsage();
  #allocated: Usage = zeroUsage();
  /** Part of this account's reserve lent to an open child that holds the exit path now. */
  #lent: Usage = zeroUsage();
  /** Usage reported beyond what the account could pay (kept for reports; never charged to the tree). */
  #overrun: Usage = zeroUsage();
  readonly #children = new Map<BudgetAccount, { share: Usage; lent: Usage }>();
  #closed = false;
  /** Charged, handed off or restored: a snapshot can no longer be restored into it. */
  #used = false;
  readonly #parent: BudgetAccount | undefined;

  /** @throws RangeError when a limit or reserve is not a number ≥ 0, or a reserve exceeds its limit. */
  constructor(given: AccountOptions = {}, parent?: BudgetAccount) {
    const options = { ...ownOptions(given), limits: ownOptions(given?.limits), reserve: ownOptions(given?.reserve) } as AccountOptions;
    this.label = String(options.label ?? "agent");
    this.#parent = parent;
    for (const d of BUDGET_DIMENSIONS) {
      const l = options.limits?.[d];
      if (l !== undefined && !(typeof l === "number" && l >= 0)) throw new RangeError(`Budget "${this.label}": limit ${d} = ${l} must be a number ≥ 0.`);
    }
    this.#limits = Object.fromEntries(BUDGET_DIMENSIONS.map((d) => [d, limitOf(options.limits, d)])) as Usage;
    for (const d of BUDGET_DIMENSIONS) {
      const r = options.reserve?.[d];
      if (r !== undefined && (!(typeof r === "number" && r >= 0 && Number.isFinite(r)) || r > this.#limits[d])) {
        throw new RangeError(
          `Budget "${this.label}": reserve ${d} = ${r} must be between 0 and the limit ${this.#limits[d]}. Fix: lower the reserve or raise the limit.`,
        );
      }
    }
    this.#reserve = Object.fromEntries(
      BUDGET_DIMENSIONS.map((d) => [d, Math.min(limitOf(options.reserve, d) === Infinity ? 0 : limitOf(options.reserve, d), this.#limits[d])]),
    ) as Usage;
    Object.freeze(this);
  }

  /** The account this one was handed off from. */
  get parent(): BudgetAccount | undefined {
    return this.#parent;
  }
  get closed(): boolean {
    return this.#closed;
  }

  limit(d: BudgetDimension): number {
    return this.#limits[d];
  }
  reserved(d: BudgetDimension): number {
    return this.#reserve[d];
  }
  /** The reserve this account holds now (its reserve, less what it lent to a child holding the exit path). */
  heldReserve(d: BudgetDimension): number {
    return this.#reserve[d] - this.#lent[d];
  }
  used(d: BudgetDimension): number {
    return this.#spent[d];
  }

  /** What can still be spent in a dimension: on the exit path the reserve is included. 0 once closed. */
  available(d: BudgetDimension, exitPath: boolean): number {
    if (this.#closed) return 0;
    const free = this.#limits[d] - this.#spent[d] - this.#allocated[d];
    return exitPath ? free : free - (this.#reserve[d] - this.#lent[d]);
  }

  /** True when only the reserve is left in some limited dimension (only exit-path tools are offered then). */
  onlyReserveLeft(): boolean {
    return BUDGET_DIMENSIONS.some((d) => this.#limits[d] !== Infinity && this.available(d, false) <= 0 && this.#reserve[d] > 0);
  }

  /**
   * The first dimension in which this account cannot pay `amount`, or undefined. A closed
   * account cannot pay anything (scope "closed").
   * @throws TypeError when a figure of `amount` is not a finite number ≥ 0.
   */
  shortfall(amount: Partial<Usage>, exitPath: boolean): Shortfall | undefined {
    checkAmounts(amount, `Budget "${this.label}" check`);
    if (this.#closed) {
      const d = BUDGET_DIMENSIONS.find((x) => (amount[x] ?? 0) > 0) ?? "toolCalls";
      return { dimension: d, limit: this.#limits[d], used: this.#spent[d], requested: amount[d] ?? 0, scope: "closed" };
    }
    for (const d of BUDGET_DIMENSIONS) {
      const want = amount[d] ?? 0;
      if (want === 0) continue;
      if (want > this.available(d, exitPath)) {
        return {
          dimension: d,
          limit: exitPath ? this.#limits[d] : this.#limits[d] - this.#reserve[d],
          used: this.#spent[d] + this.#allocated[d],
          requested: want,
          scope: exitPath ? "reserve" : "run",
        };
      }
    }
    return undefined;
  }

  /**
   * Records spending. Off the exit path, spending stops at the reserve: what a provider reports
   * beyond it (an overrun of the estimate) is recorded as `overrun`, never taken from the
   * reserve or from the tree beyond the root's limit. Returns the overrun of this charge.
   * @throws TypeError when a figure is not a finite number ≥ 0 (nothing is charged); Error when the account is closed.
   */
  charge(amount: Partial<Usage>, exitPath = false): Partial<Usage> {
    checkAmounts(amount, `Budget "${this.label}" charge`);
    if (this.#closed) throw new Error(`Budget "${this.label}" is closed; it cannot be charged.`);
    this.#used = true;
    const over: Partial<Usage> = {};
    for (const d of BUDGET_DIMENSIONS) {
      const want = amount[d] ?? 0;
      if (want === 0) continue;
      const take = Math.min(want, Math.max(this.available(d, exitPath), 0));
      // (capped at the largest finite number: an unlimited dimension never turns into Infinity or NaN)
      this.#spent[d] = Math.min(this.#spent[d] + take, Number.MAX_VALUE);
      if (take < want) {
        over[d] = want - take;
        this.#overrun[d] = Math.min(this.#overrun[d] + (want - take), Number.MAX_VALUE);
      }
    }
    return over;
  }

  /** Hands a share of what this account can spend (outside its reserve) to a new child account. */
  handoff(given: HandoffOptions = {}): BudgetAccount {
    const options = {
      ...ownOptions(given),
      ...(given?.limits ? { limits: ownOptions(given.limits) } : {}),
      ...(given?.reserve ? { reserve: ownOptions(given.reserve) } : {}),
    } as HandoffOptions;
    if (this.#closed) throw new Error(`Budget "${this.label}" is closed; it cannot hand off.`);
    const fraction = options.fraction ?? 1;
    if (!(typeof fraction === "number" && fraction > 0 && fraction <= 1))
      throw new RangeError(`Handoff from "${this.label}": fraction ${fraction} must be in (0, 1]. Fix: use e.g. 0.5 for half of what remains.`);
    if (options.limits !== undefined) checkAmounts(options.limits, `Handoff from "${this.label}": limits`);
    if (options.reserve !== undefined) checkAmounts(options.reserve, `Handoff from "${this.label}": reserve`);
    const transfer = options.transferReserve !== false;
    const share = zeroUsage();
    const lent = zeroUsage();
    const childLimits: Partial<Usage> = {};
    const childReserve: Partial<Usage> = {};
    for (const d of BUDGET_DIMENSIONS) {
      const avail = this.available(d, false);
      if (avail === Infinity) {
        if (options.limits?.[d] !== undefined) childLimits[d] = options.limits[d]!;
        if (options.reserve?.[d] !== undefined) childReserve[d] = Math.min(options.reserve[d]!, childLimits[d] ?? Infinity);
        continue;
      }
      const cap = Math.max(0, Math.floor(avail * fraction));
      const free = Math.min(cap, options.limits?.[d] ?? cap);
      // the held reserve, less whatever of it the sender already spent on its own exit path
      const moved = transfer ? Math.max(0, Math.min(this.#reserve[d] - this.#lent[d], this.available(d, true) - free)) : 0;
      childLimits[d] = free + moved;
      childReserve[d] = Math.min(Math.max(options.reserve?.[d] ?? 0, moved), free + moved);
      share[d] = free + moved;
      lent[d] = moved;
    }
    const child = new BudgetAccount({ limits: childLimits, reserve: childReserve, label: options.label ?? `${this.label}→child` }, this);
    this.#used = true;
    for (const d of BUDGET_DIMENSIONS) {
      this.#allocated[d] += share[d];
      this.#lent[d] += lent[d];
    }
    this.#children.set(child, { share, lent });
    return child;
  }

  /** Ends a child's run: what it spent stays spent, the rest of its share returns to the sender. A closed account stays closed. */
  close(): void {
    if (this.#closed) return;
    for (const c of [...this.#children.keys()]) c.close();
    this.#closed = true;
    const p = this.#parent;
    if (!p) return;
    const entry = p.#children.get(this);
    if (!entry) return;
    for (const d of BUDGET_DIMENSIONS) {
      p.#allocated[d] -= entry.share[d];
      p.#lent[d] -= entry.lent[d];
      p.#spent[d] += this.#spent[d];
    }
    p.#children.delete(this);
  }

  /** Total spent in this subtree (own spending plus open children's). */
  totalSpent(d: BudgetDimension): number {
    let t = this.#spent[d];
    for (const c of this.#children.keys()) t += c.totalSpent(d);
    return t;
  }

  snapshot(): AccountSnapshot {
    const finite = (u: Usage) => Object.fromEntries(Object.entries(u).filter(([, v]) => v !== Infinity)) as Partial<Usage>;
    return {
      label: this.label,
      limits: finite(this.#limits),
      reserve: finite(this.#reserve),
      spent: { ...this.#spent },
      allocated: { ...this.#allocated },
      lent: { ...this.#lent },
      overrun: { ...this.#overrun },
      closed: this.#closed,
    };
  }

  /**
   * Restores spending from a snapshot into an account nothing has used yet (limits come from
   * configuration; a snapshot cannot raise them). Checks the figures first and changes nothing
   * when one does not hold: every figure a finite number ≥ 0; spent + allocated within the
   * limit; lent within the reserve and within what is allocated; `closed` a boolean.
   * @throws RangeError naming the figure; Error when the account was already used, restored or closed.
   */
  restore(s: AccountSnapshot): void {
    if (this.#used || this.#closed || this.#children.size > 0) {
      throw new Error(
        `Budget "${this.label}": a snapshot can only be restored into an account nothing has used yet (this one was already charged, handed off, restored or closed). Fix: restore into a new account.`,
      );
    }
    if (typeof s !== "object" || s === null || typeof s.spent !== "object" || s.spent === null || typeof s.allocated !== "object" || s.allocated === null) {
      throw new RangeError(`Budget "${this.label}": stored account is malformed: expected { spent, allocated, … }, got ${JSON.stringify(s)?.slice(0, 80)}.`);
    }
    const read = (u: Partial<Usage> | undefined, field: string, d: BudgetDimension): number => {
      const v = u === undefined || u === null || u[d] === undefined ? 0 : u[d];
      if (!(typeof v === "number" && Number.isFinite(v) && v >= 0))
        throw new RangeError(
          `Budget "${this.label}": stored ${field}.${d} = ${String(v)} is not a number ≥ 0 (stored ${d} spending must be finite and not negative).`,
        );
      return v;
    };
    const next = { spent: zeroUsage(), allocated: zeroUsage(), lent: zeroUsage(), overrun: zeroUsage() };
    for (const d of BUDGET_DIMENSIONS) {
      if (s.spent[d] === undefined || s.allocated[d] === undefined)
        throw new RangeError(`Budget "${this.label}": stored spent.${d} or allocated.${d} is missing; ${d} spending is not a number ≥ 0.`);
      next.spent[d] = read(s.spent, "spent", d);
      next.allocated[d] = read(s.allocated, "allocated", d);
      next.lent[d] = read(s.lent, "lent", d);
      next.overrun[d] = read(s.overrun, "overrun", d);
      if (next.spent[d] + next.allocated[d] > this.#limits[d]) {
        throw new RangeError(
          `Budget "${this.label}": stored ${d} spent ${next.spent[d]} + allocated ${next.allocated[d]} exceeds the limit ${this.#limits[d]}.`,
        );
      }
      if (next.lent[d] > this.#reserve[d] || next.lent[d] > next.allocated[d]) {
        throw new RangeError(
          `Budget "${this.label}": stored lent.${d} = ${next.lent[d]} exceeds the reserve ${this.#reserve[d]} or what is allocated (${next.allocated[d]}).`,
        );
      }
    }
    if (typeof s.closed !== "boolean") throw new RangeError(`Budget "${this.label}": stored closed = ${JSON.stringify(s.closed)} is not a boolean.`);
    this.#spent = next.spent;
    this.#allocated = next.allocated;
    this.#lent = next.lent;
    this.#overrun = next.overrun;
    this.#closed = s.closed;
    this.#used = true;
  }
}

// BudgetAccount's methods are the accounting: nothing may replace them on the prototype.
Object.freeze(BudgetAccount.prototype);
