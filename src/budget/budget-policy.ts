import type { ValidatedCall } from "../protocol/protocol.js";
import type { BudgetLimits } from "../protocol/types.js";
import type { PolicySession, SessionPolicy, TokenUsage } from "../runtime/session-policy.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";
import {
  BUDGET_DIMENSIONS,
  BudgetAccount,
  checkAmounts,
  limitOf,
  zeroUsage,
  type AccountSnapshot,
  type BudgetDimension,
  type Shortfall,
  type Usage,
} from "./budget-account.js";

/** The token figures of a report or estimate, checked (finite, ≥ 0; else `TypeError` naming the field). */
const tokens = (u: TokenUsage, what: string): Partial<Usage> => {
  if (typeof u !== "object" || u === null) throw new TypeError(`${what} must be { inputTokens, outputTokens }, got ${u === null ? "null" : typeof u}.`);
  checkAmounts({ inputTokens: u.inputTokens, outputTokens: u.outputTokens }, what);
  const t = { inputTokens: u.inputTokens, outputTokens: u.outputTokens, totalTokens: u.inputTokens + u.outputTokens };
  return checkAmounts(t, what);
};

interface BudgetPolicySnapshot {
  readonly account: AccountSnapshot;
  readonly perState: Record<string, Usage>;
  readonly exitModelCalls?: number;
}

/**
 * Holds a session to its budgets: the run's account (the protocol's `budget`, or a share handed
 * off by another agent) and each state's `budget`. Checked before a model or tool call (with
 * an estimate) and accounted after. When only the exit path's reserve is left, only tools
 * declared `exit: true` are offered.
 */
export class BudgetPolicy implements SessionPolicy {
  readonly key = "budget";
  readonly account: BudgetAccount;
  #perState: Record<string, Usage> = Object.create(null) as Record<string, Usage>;
  /** Model calls made on the exit path since the last exit tool: at most one (the final message). */
  #exitModelCalls = 0;
  #approvedExitEstimate: Partial<Usage> | undefined;

  constructor(account: BudgetAccount) {
    if (!(account instanceof BudgetAccount))
      throw new TypeError(`new BudgetPolicy(account): account must be a BudgetAccount, got ${account === null ? "null" : typeof account}.`);
    this.account = account;
    Object.freeze(this);
  }

  /** The account a protocol's own `budget` describes. */
  static accountFor(budget: (BudgetLimits & { reserve?: BudgetLimits }) | undefined, label: string): BudgetAccount {
    return new BudgetAccount({ ...(budget ? { limits: budget } : {}), ...(budget?.reserve ? { reserve: budget.reserve } : {}), label });
  }

  /** Tools on the exit path (end the conversation, transfer to a human). */
  private isExit(session: PolicySession, tool: string): boolean {
    return session.protocol.tools[tool]?.exit === true;
  }

  private inExitMode(): boolean {
    return this.account.onlyReserveLeft();
  }

  offered(session: PolicySession, tools: readonly string[]): readonly string[] {
    const exitOnly = this.inExitMode();
    return tools.filter((t) => {
      const exit = this.isExit(session, t);
      if (exitOnly && !exit) return false;
      return this.account.shortfall({ toolCalls: 1 }, exit) === undefined && this.stateShortfall(session, { toolCalls: 1 }) === undefined;
    });
  }

  beforeCall(session: PolicySession, call: ValidatedCall): void {
    const exit = this.isExit(session, call.name);
    if (this.inExitMode() && !exit) {
      const exits = session.allowedTools();
      throw this.violation(
        session,
        { dimension: "toolCalls", limit: this.account.limit("toolCalls"), used: this.account.used("toolCalls"), requested: 1, scope: "reserve" },
        call,
        `only the exit path's reserve is left; "${call.name}" is not on the exit path (exit tools now: ${exits.join(", ") || "none"})`,
      );
    }
    const s = this.account.shortfall({ toolCalls: 1 }, exit) ?? this.stateShortfall(session, { toolCalls: 1 });
    if (s) throw this.violation(session, s, call);
  }

  afterCall(session: PolicySession, call: ValidatedCall, _r: unknown, _o: string, from: string): void {
    const exit = this.isExit(session, call.name);
    this.account.charge({ toolCalls: 1 }, exit);
    if (exit) this.#exitModelCalls = 0;
    this.#usageOf(from).toolCalls += 1;
  }

  beforeModelCall(session: PolicySession, estimate: TokenUsage): void {
    const wanted = tokens(estimate, "Model call estimate");
    const exitMode = this.inExitMode();
    if (exitMode && this.#exitModelCalls >= 1) {
      const s = {
        dimension: "totalTokens" as const,
        limit: this.account.limit("totalTokens"),
        used: this.account.used("totalTokens"),
        requested: estimate.inputTokens + estimate.outputTokens,
        scope: "reserve",
      };
      throw this.violation(
        session,
        s,
        undefined,
        "only the exit path's reserve is left, and it pays for one model call (the final message or the exit tool call); call an exit tool now",
      );
    }
    const s = this.account.shortfall(wanted, exitMode) ?? this.stateShortfall(session, wanted);
    if (s) throw this.violation(session, s);
    this.#approvedExitEstimate = exitMode ? wanted : undefined;
  }

  afterModelCall(session: PolicySession, usage: TokenUsage): void {
    const reported = tokens(usage, "Model call usage");
    if (this.#approvedExitEstimate) {
      // on the exit path, the reserve pays what was approved; anything beyond is an overrun, not taken from the reserve
      const approved = this.#approvedExitEstimate;
      const paid = Object.fromEntries(BUDGET_DIMENSIONS.map((d) => [d, Math.min(reported[d] ?? 0, approved[d] ?? 0)])) as Usage;
      this.account.charge(paid, true);
      this.account.charge(Object.fromEntries(BUDGET_DIMENSIONS.map((d) => [d, (reported[d] ?? 0) - paid[d]])), false);
      this.#exitModelCalls++;
      this.#approvedExitEstimate = undefined;
    } else {
      this.account.charge(reported, false);
    }
    const u = this.#usageOf(session.state as string);
    for (const d of BUDGET_DIMENSIONS) u[d] += reported[d] ?? 0;
  }

  /** What has been spent while in a state (a copy). */
  stateUsage(state: string): Usage {
    return { ...(this.#perState[state] ?? zeroUsage()) };
  }

  #usageOf(state: string): Usage {
    return (this.#perState[state] ??= zeroUsage());
  }

  private stateShortfall(session: PolicySession, amount: Partial<Usage>): Shortfall | undefined {
    const state = session.state as string;
    const limits = session.protocol.graph.states[state]?.budget;
    if (!limits) return undefined;
    const used = this.stateUsage(state);
    for (const d of BUDGET_DIMENSIONS) {
      const want = amount[d] ?? 0;
      const limit = limitOf(limits, d);
      if (want > 0 && used[d] + want > limit) return { dimension: d, limit, used: used[d], requested: want, scope: `state:${state}` };
    }
    return undefined;
  }

  private violation(session: PolicySession, s: Shortfall, call?: ValidatedCall, why?: string): ProtocolViolation {
    const where = s.scope.startsWith("state:")
      ? `state "${s.scope.slice(6)}"`
      : s.scope === "reserve"
        ? `the exit-path reserve of "${this.account.label}"`
        : `the run budget of "${this.account.label}"`;
    return new ProtocolViolation({
      code: "budget_exceeded",
      message: why
        ? `Budget: ${why}.`
        : s.scope === "closed"
          ? `Budget: the account "${this.account.label}" is closed (its run was ended); nothing more can be spent on it.`
          : `Budget exceeded: ${where} allows ${s.limit} ${dimName(s.dimension)}; ${s.used} used, ${s.requested} more requested.`,
      protocol: session.protocol.name,
      state: session.state as string,
      sessionId: session.id,
      ...(call ? { tool: call.name, arguments: call.arguments } : {}),
      data: { dimension: s.dimension, limit: s.limit, used: s.used, requested: s.requested, scope: s.scope },
      hint: "Finish with an exit-path tool (end the conversation or transfer to a human) and a short final message.",
    });
  }

  serialize(): BudgetPolicySnapshot {
    return { account: this.account.snapshot(), perState: structuredClone(this.#perState), exitModelCalls: this.#exitModelCalls };
  }

  /**
   * Restores from `serialize()` into a policy nothing has used yet. Checks the stored figures
   * first (the account's, see `BudgetAccount.restore`; per-state usage finite and ≥ 0) and
   * changes nothing when one does not hold.
   * @throws RangeError naming the figure.
   */
  restore(data: unknown): void {
    const d = data as BudgetPolicySnapshot;
    if (!d || typeof d !== "object" || !d.account || typeof d.perState !== "object" || d.perState === null) {
      throw new RangeError(`Stored budget state is malformed: expected { account, perState }, got ${JSON.stringify(data)?.slice(0, 80)}.`);
    }
    const perState = Object.create(null) as Record<string, Usage>;
    for (const [state, u] of Object.entries(d.perState)) {
      const copy = zeroUsage();
      for (const dim of BUDGET_DIMENSIONS) {
        const v = (u as Partial<Usage> | null)?.[dim] ?? 0;
        if (!(typeof v === "number" && Number.isFinite(v) && v >= 0))
          throw new RangeError(`Stored budget state: perState.${state}.${dim} = ${String(v)} is not a number ≥ 0.`);
        copy[dim] = v;
      }
      perState[state] = copy;
    }
    const exits = d.exitModelCalls ?? 0;
    if (!(Number.isInteger(exits) && exits >= 0)) throw new RangeError(`Stored budget state: exitModelCalls = ${String(exits)} is not a whole number ≥ 0.`);
    this.account.restore(d.account);
    this.#perState = perState;
    this.#exitModelCalls = exits;
  }
}

function dimName(d: BudgetDimension): string {
  return { inputTokens: "input tokens", outputTokens: "output tokens", totalTokens: "tokens", toolCalls: "tool calls" }[d];
}

// BudgetPolicy's methods are the checks: nothing may replace them on the prototype.
Object.freeze(BudgetPolicy.prototype);
