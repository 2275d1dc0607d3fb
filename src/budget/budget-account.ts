import type { BudgetLimits } from "../protocol/types.js";

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
  /** "run" (the account's own limit, less its reserve), "reserve" (even the reserve is gone), or an ancestor's label. */
  readonly scope: string;
}

/**
 * One agent's budget in a tree of handoffs. Invariant at every node, in every dimension:
 * spent + allocated-to-open-children ≤ limit. A child's limit is carved from what its sender
 * can spend outside the sender's reserve, so no agent can spend into another's reserve, and
 * the whole tree never spends more than the root's limit.
 */
export class BudgetAccount {
  readonly label: string;
  private readonly limits: Usage;
  private readonly reserve: Usage;
  private spent: Usage = zeroUsage();
  private allocated: Usage = zeroUsage();
  /** Part of this account's reserve lent to an open child that holds the exit path now. */
  private lent: Usage = zeroUsage();
  /** Usage reported beyond what the account could pay (kept for reports; never charged to the tree). */
  private overrun: Usage = zeroUsage();
  private readonly children = new Map<BudgetAccount, { share: Usage; lent: Usage }>();
  private closed = false;

  constructor(options: AccountOptions = {}, readonly parent?: BudgetAccount) {
    this.label = options.label ?? "agent";
    this.limits = Object.fromEntries(BUDGET_DIMENSIONS.map((d) => [d, limitOf(options.limits, d)])) as Usage;
    this.reserve = Object.fromEntries(BUDGET_DIMENSIONS.map((d) => [d, Math.min(limitOf(options.reserve, d) === Infinity ? 0 : limitOf(options.reserve, d), this.limits[d])])) as Usage;
    for (const d of BUDGET_DIMENSIONS) {
      const r = options.reserve?.[d];
      if (r !== undefined && (!(r >= 0) || r > this.limits[d])) {
        throw new RangeError(`Budget "${this.label}": reserve ${d} = ${r} must be between 0 and the limit ${this.limits[d]}. Fix: lower the reserve or raise the limit.`);
      }
      const l = options.limits?.[d];
      if (l !== undefined && !(l >= 0)) throw new RangeError(`Budget "${this.label}": limit ${d} = ${l} must be a number ≥ 0.`);
    }
  }

  limit(d: BudgetDimension): number {
    return this.limits[d];
  }
  reserved(d: BudgetDimension): number {
    return this.reserve[d];
  }
  /** The reserve this account holds now (its reserve, less what it lent to a child holding the exit path). */
  heldReserve(d: BudgetDimension): number {
    return this.reserve[d] - this.lent[d];
  }
  used(d: BudgetDimension): number {
    return this.spent[d];
  }

  /** What can still be spent in a dimension: on the exit path the reserve is included. */
  available(d: BudgetDimension, exitPath: boolean): number {
    const free = this.limits[d] - this.spent[d] - this.allocated[d];
    return exitPath ? free : free - (this.reserve[d] - this.lent[d]);
  }

  /** True when only the reserve is left in some limited dimension (only exit-path tools are offered then). */
  onlyReserveLeft(): boolean {
    return BUDGET_DIMENSIONS.some((d) => this.limits[d] !== Infinity && this.available(d, false) <= 0 && this.reserve[d] > 0);
  }

  /** The first dimension in which this account cannot pay `amount`, or undefined. */
  shortfall(amount: Partial<Usage>, exitPath: boolean): Shortfall | undefined {
    for (const d of BUDGET_DIMENSIONS) {
      const want = amount[d] ?? 0;
      if (want <= 0) continue;
      if (want > this.available(d, exitPath)) {
        return {
          dimension: d,
          limit: exitPath ? this.limits[d] : this.limits[d] - this.reserve[d],
          used: this.spent[d] + this.allocated[d],
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
   */
  charge(amount: Partial<Usage>, exitPath = false): Partial<Usage> {
    if (this.closed) throw new Error(`Budget "${this.label}" is closed; it cannot be charged.`);
    const over: Partial<Usage> = {};
    for (const d of BUDGET_DIMENSIONS) {
      const want = amount[d] ?? 0;
      if (want <= 0) continue;
      const take = Math.min(want, Math.max(this.available(d, exitPath), 0));
      this.spent[d] += take;
      if (take < want) {
        over[d] = want - take;
        this.overrun[d] += want - take;
      }
    }
    return over;
  }

  /** Hands a share of what this account can spend (outside its reserve) to a new child account. */
  handoff(options: HandoffOptions = {}): BudgetAccount {
    if (this.closed) throw new Error(`Budget "${this.label}" is closed; it cannot hand off.`);
    const fraction = options.fraction ?? 1;
    if (!(fraction > 0 && fraction <= 1)) throw new RangeError(`Handoff from "${this.label}": fraction ${fraction} must be in (0, 1]. Fix: use e.g. 0.5 for half of what remains.`);
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
      const moved = transfer ? Math.max(0, Math.min(this.reserve[d] - this.lent[d], this.available(d, true) - free)) : 0;
      childLimits[d] = free + moved;
      childReserve[d] = Math.min(Math.max(options.reserve?.[d] ?? 0, moved), free + moved);
      share[d] = free + moved;
      lent[d] = moved;
    }
    const child = new BudgetAccount({ limits: childLimits, reserve: childReserve, label: options.label ?? `${this.label}→child` }, this);
    for (const d of BUDGET_DIMENSIONS) {
      this.allocated[d] += share[d];
      this.lent[d] += lent[d];
    }
    this.children.set(child, { share, lent });
    return child;
  }

  /** Ends a child's run: what it spent stays spent, the rest of its share returns to the sender. */
  close(): void {
    if (this.closed) return;
    for (const c of [...this.children.keys()]) c.close();
    this.closed = true;
    const p = this.parent;
    if (!p) return;
    const entry = p.children.get(this);
    if (!entry) return;
    for (const d of BUDGET_DIMENSIONS) {
      p.allocated[d] -= entry.share[d];
      p.lent[d] -= entry.lent[d];
      p.spent[d] += this.spent[d];
    }
    p.children.delete(this);
  }

  /** Total spent in this subtree (own spending plus open children's). */
  totalSpent(d: BudgetDimension): number {
    let t = this.spent[d];
    for (const c of this.children.keys()) t += c.totalSpent(d);
    return t;
  }

  snapshot(): AccountSnapshot {
    const finite = (u: Usage) => Object.fromEntries(Object.entries(u).filter(([, v]) => v !== Infinity)) as Partial<Usage>;
    return { label: this.label, limits: finite(this.limits), reserve: finite(this.reserve), spent: { ...this.spent }, allocated: { ...this.allocated }, lent: { ...this.lent }, overrun: { ...this.overrun }, closed: this.closed };
  }

  /** Restores spending from a snapshot (limits come from configuration; a snapshot cannot raise them). */
  restore(s: AccountSnapshot): void {
    for (const d of BUDGET_DIMENSIONS) {
      const spent = s.spent[d];
      const alloc = s.allocated[d];
      if (!(spent >= 0) || !(alloc >= 0)) throw new RangeError(`Budget "${this.label}": stored ${d} spending ${spent}/${alloc} is not a number ≥ 0.`);
      this.spent[d] = spent;
      this.allocated[d] = alloc;
      this.lent[d] = s.lent?.[d] ?? 0;
      this.overrun[d] = s.overrun?.[d] ?? 0;
    }
    this.closed = s.closed;
  }
}
