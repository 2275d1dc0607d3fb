import { randomBytes, randomUUID } from "node:crypto";
import type { z } from "zod";
import type { ValidatedCall } from "../protocol/protocol.js";
import type { AnyToolSpec, ToolCall, ToolResult } from "../protocol/types.js";
import type { Session } from "../runtime/session.js";
import type { SessionPolicy } from "../runtime/session-policy.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";
import type { ViolationCode } from "../violation/violation-codes.js";
import { argumentDiff, canonicalHash, formatArgumentDiff } from "./canonical-json.js";
import type { ConfirmationDecider, ConfirmationDecision, DeciderVerdict, PendingAction } from "./decider.js";
import { subjectsOf, type Grant, type PendingActionRecord } from "./grant.js";
import { grantKeyBytes, signGrant, verifyGrant } from "./grant-token.js";
import { priorConsentVerdict } from "./prior-consent.js";
import { ruleDecider } from "./rule-decider.js";

/** How a session's confirmations work. Every field is optional; the defaults are the safe ones. */
export interface ConfirmationOptions {
  /**
   * HMAC-SHA256 key for grants that leave memory (tokens, serialized sessions). At least 16
   * bytes. Default: a random key per process — tokens then do not survive a restart, so set
   * one from your secret store when sessions are stored or grants travel over HTTP.
   */
  readonly key?: string | Uint8Array;
  /** How long a grant stays valid after it is issued. Default 10 minutes. */
  readonly ttlMs?: number;
  /** Refuse a grant when another write changed one of its subjects after it was issued. Default true. */
  readonly staleCheck?: boolean;
  /** Clock for issue and expiry. Default: the session's clock. */
  readonly now?: () => Date;
  /** Decides natural-language replies. Default: the rule-based decider. */
  readonly decider?: ConfirmationDecider;
  /**
   * Tools for which an earlier user message that names the exact action and arguments counts
   * as consent (checked when the confirmation is requested). Default: none.
   */
  readonly priorConsent?: readonly string[];
  /**
   * Request tools of the protocol, each with the write tool it asks about: when the request
   * tool runs successfully, a pending action for the write tool with the same arguments is
   * registered (its description is the request tool's result when that is a string). E.g.
   * `{ request_confirmation: "issue_refund" }` for the refund example.
   */
  readonly requestTools?: Readonly<Record<string, string>>;
}

/**
 * Options of one confirmation request.
 *
 * Requests come in rounds, one round per agent message: a user's reply is judged against the
 * actions of the latest round only. The requests made since the user's last message form the
 * open round; a request made after the user answered (`receiveUserReply`, `receiveMessage`
 * with role user, `noteUserMessage`) starts a new round, and every action of earlier rounds
 * still waiting becomes `superseded`, whatever its tool. Within the open round, a request for a
 * tool that is already waiting replaces that request (the agent corrected itself) unless
 * `together` is set.
 */
export interface RequestOptions {
  /** What the user was shown. */
  readonly description?: string;
  /**
   * Asked in the same agent message as the requests since the user's last message: joins the
   * open round without replacing anything, even a request for the same tool. When the user has
   * answered since, it starts a new round like any request. Prefer `requestConfirmations` when
   * you have all the calls of the message at hand.
   */
  readonly together?: boolean;
  /**
   * This request starts a new agent message even though the user has not answered yet: it
   * opens a new round and supersedes every action still waiting.
   */
  readonly newRound?: boolean;
  /**
   * @deprecated Use `together: true`. `supersede: false` is the same as `together: true`; the
   * default (`true`) is the round behaviour described on `RequestOptions`.
   */
  readonly supersede?: boolean;
}

/** Options of `requestConfirmations`: several actions asked about in one agent message. */
export interface RequestManyOptions {
  /** What the user was shown (the agent's message); every action of the round gets it. */
  readonly description?: string;
}

/** What a user's reply did to the pending actions. */
export interface ReplyOutcome {
  readonly decision: ConfirmationDecision;
  readonly reason: string;
  readonly rule?: string;
  /** The grants the reply produced (empty unless `decision` is `confirmed`). */
  readonly grants: readonly Grant[];
  /** The actions the reply was judged against. */
  readonly actions: readonly PendingAction[];
}

/** A confirmation request: the pending action, and its grant when prior consent already covers it. */
export interface ConfirmationRequest extends PendingAction {
  readonly status: PendingActionRecord["status"];
  /** The request round (agent message) the action belongs to; a reply answers the latest round only. */
  readonly round: number;
  readonly grant?: Grant;
}

interface ConsumedGrant {
  readonly nonce: string;
  readonly tool: string;
  readonly argsHash: string;
  readonly actionId: string;
  readonly consumedAt: string;
}

interface UserMessage {
  readonly text: string;
  readonly at: string;
}

interface ConfirmationSnapshot {
  readonly pending: PendingActionRecord[];
  /** Live grants, signed. */
  readonly grants: string[];
  readonly consumed: ConsumedGrant[];
  readonly userMessages: UserMessage[];
  /** The latest request round. Absent in snapshots from before rounds: then every action is round 0. */
  readonly round?: number;
  /** Whether the latest round is still open (no user message since it started). */
  readonly roundOpen?: boolean;
}

const DEFAULT_TTL_MS = 10 * 60 * 1000;
const DECISIONS: ReadonlySet<string> = new Set(["confirmed", "denied", "unclear"]);
let processKey: Buffer | undefined;

/**
 * Makes the user's consent a verifiable object. A tool declared `requiresConfirmation` runs
 * only with an unused, unexpired grant of this session for the same tool and canonical
 * arguments; the grant is consumed atomically with the call (in `beforeCall`, which the
 * session runs one call at a time). Installed automatically on sessions whose protocol has
 * such a tool.
 */
export class ConfirmationPolicy implements SessionPolicy {
  readonly key = "confirmation";
  readonly ttlMs: number;
  readonly staleCheck: boolean;
  readonly decider: ConfirmationDecider;
  private readonly signingKey: Buffer;
  private readonly clock: (() => Date) | undefined;
  private readonly priorConsentTools: ReadonlySet<string>;
  private readonly requestTools: Readonly<Record<string, string>>;
  private readonly pending = new Map<string, PendingActionRecord>();
  private readonly live = new Map<string, Grant>();
  private readonly consumed = new Map<string, ConsumedGrant>();
  private userMessages: UserMessage[] = [];
  /** The latest request round; 0 before the first request. */
  private round = 0;
  /** No user message has arrived since the latest round started: a new request may join it. */
  private roundOpen = false;

  constructor(options: ConfirmationOptions = {}) {
    if (options.ttlMs !== undefined && !(Number.isFinite(options.ttlMs) && options.ttlMs > 0)) {
      throw new TypeError(`confirmation.ttlMs must be a positive number of milliseconds, got ${String(options.ttlMs)}. Fix: e.g. ttlMs: 5 * 60_000.`);
    }
    this.ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    this.staleCheck = options.staleCheck ?? true;
    this.decider = options.decider ?? ruleDecider;
    this.signingKey = options.key !== undefined ? grantKeyBytes(options.key) : (processKey ??= randomBytes(32));
    this.clock = options.now;
    this.priorConsentTools = new Set(options.priorConsent ?? []);
    this.requestTools = { ...(options.requestTools ?? {}) };
  }

  private nowOf(session: Session<any>): Date {
    return (this.clock ?? session.now)();
  }

  // ── requesting and deciding ─────────────────────────────────────────────────────────

  /**
   * Registers an action that waits for the user's consent. The tool must be declared
   * `requiresConfirmation`, and the arguments must match its schema (they are stored parsed).
   */
  request(session: Session<any>, call: ToolCall, options: RequestOptions = {}): ConfirmationRequest {
    const args = this.parseRequest(session, call);
    const together = options.together === true || options.supersede === false;
    if (options.newRound === true || !this.roundOpen) this.startRound();
    else if (!together) {
      for (const p of this.pending.values()) if (p.tool === call.name && p.status === "pending") this.pending.set(p.id, { ...p, status: "superseded" });
    }
    return this.register(session, call.name, args, options.description);
  }

  /**
   * Registers several actions asked about in one agent message: they form a new round (every
   * action of earlier rounds still waiting is superseded), and one yes answers them all. Every
   * call is checked first; when one is invalid, none is registered.
   */
  requestMany(session: Session<any>, calls: readonly ToolCall[], options: RequestManyOptions = {}): ConfirmationRequest[] {
    if (!Array.isArray(calls) || calls.length === 0) {
      throw new TypeError(`requestConfirmations(calls) needs at least one call (got ${Array.isArray(calls) ? "an empty array" : typeof calls}). Fix: pass the calls the agent's message asks the user to confirm.`);
    }
    const parsed = calls.map((c) => ({ name: c.name, args: this.parseRequest(session, c) }));
    this.startRound();
    return parsed.map((c) => this.register(session, c.name, c.args, options.description));
  }

  private parseRequest(session: Session<any>, call: ToolCall): Record<string, unknown> {
    const spec = this.specOf(session, call.name);
    const parsed = (spec.input as z.ZodType).safeParse(call.arguments);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ code: i.code, path: i.path.map(String), message: i.message }));
      throw session.reject(
        this.violation("invalid_arguments", `Cannot ask to confirm "${call.name}": its arguments do not match its schema: ${issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}.`, call, { issues }, `Describe the action with arguments matching "${call.name}"'s parameters.`),
      );
    }
    return parsed.data as Record<string, unknown>;
  }

  /** A new agent message asks: every action of earlier rounds still waiting is superseded. */
  private startRound(): void {
    for (const p of this.pending.values()) if (p.status === "pending") this.pending.set(p.id, { ...p, status: "superseded" });
    this.round++;
    this.roundOpen = true;
  }

  /** The user spoke: the next request is a new agent message, hence a new round. */
  private userSpoke(session: Session<any>, text: string): void {
    this.roundOpen = false;
    this.userMessages.push({ text, at: this.nowOf(session).toISOString() });
    if (this.userMessages.length > 50) this.userMessages = this.userMessages.slice(-50);
  }

  private register(session: Session<any>, tool: string, args: Record<string, unknown>, description: string | undefined): ConfirmationRequest {
    const spec = this.specOf(session, tool);
    const record: PendingActionRecord = {
      id: randomUUID(),
      tool,
      arguments: args,
      ...(description !== undefined ? { description } : {}),
      argsHash: canonicalHash(args),
      subjects: subjectsOf(spec.subjects, args),
      createdAt: this.nowOf(session).toISOString(),
      status: "pending",
      round: this.round,
    };
    this.pending.set(record.id, record);
    if (this.priorConsentTools.has(tool)) {
      const action = toAction(record);
      for (const m of [...this.userMessages].reverse()) {
        if (priorConsentVerdict(action, m.text).decision === "confirmed") {
          const grant = this.issue(session, record, "prior_consent");
          return { ...action, status: "confirmed", round: this.round, grant };
        }
      }
    }
    return { ...toAction(record), status: "pending", round: this.round };
  }

  /** The structured path (for UIs): the user confirmed this action. Returns its grant. */
  confirm(session: Session<any>, actionId: string): Grant {
    const record = this.pendingRecord(session, actionId);
    return this.issue(session, record, "structured");
  }

  /** The user refused this action. Any unused grant for it is revoked. */
  deny(session: Session<any>, actionId: string): void {
    const record = this.pending.get(actionId);
    if (!record) throw session.reject(this.unknownAction(actionId));
    this.pending.set(actionId, { ...record, status: "denied" });
    for (const [nonce, g] of this.live) if (g.actionId === actionId) this.live.delete(nonce);
  }

  /**
   * Judges a user's reply against the pending actions of the latest request round (the
   * question the user is answering). `confirmed` grants them all; `denied` denies them all;
   * `unclear` leaves them pending. The reply ends the round: the next request starts a new one.
   * Only pass text the user typed.
   */
  async receiveUserReply(session: Session<any>, text: string, decider?: ConfirmationDecider): Promise<ReplyOutcome> {
    if (typeof text !== "string") throw new TypeError(`receiveUserReply(text): text must be the user's message as a string, got ${typeof text}.`);
    this.userSpoke(session, text);
    const records = [...this.pending.values()].filter((p) => p.status === "pending" && (p.round ?? 0) === this.round);
    if (records.length === 0) return { decision: "unclear", reason: "There is no pending action to confirm; ask first with requestConfirmation.", grants: [], actions: [] };
    const actions = records.map(toAction);
    const request = actions.map((a) => a.description ?? `${a.tool} ${JSON.stringify(a.arguments)}`).join("\n");
    let verdict: DeciderVerdict;
    try {
      verdict = await (decider ?? this.decider).decide({ request, reply: text, actions });
      if (typeof verdict !== "object" || verdict === null || !DECISIONS.has(verdict.decision)) verdict = { decision: "unclear", reason: `The decider returned ${JSON.stringify(verdict)}, which is not a verdict.` };
    } catch (e) {
      verdict = { decision: "unclear", reason: `The decider failed (${e instanceof Error ? e.message : String(e)}).` };
    }
    // the await above may have let another call confirm or deny some of them
    const still = records.filter((r) => this.pending.get(r.id)?.status === "pending");
    const grants: Grant[] = [];
    if (verdict.decision === "confirmed") for (const r of still) grants.push(this.issue(session, r, "reply"));
    if (verdict.decision === "denied") for (const r of still) this.deny(session, r.id);
    return { decision: verdict.decision, reason: verdict.reason, ...(verdict.rule !== undefined ? { rule: verdict.rule } : {}), grants, actions };
  }

  /**
   * A message from any channel. Only `role: "user"` is judged; tool results, assistant and
   * system messages never produce a grant, whatever they say.
   */
  async receiveMessage(session: Session<any>, message: { readonly role: string; readonly content: string }, decider?: ConfirmationDecider): Promise<ReplyOutcome> {
    if (message.role !== "user") {
      return { decision: "unclear", reason: `Only the user channel can confirm; a ${JSON.stringify(message.role)} message never grants.`, grants: [], actions: this.pendingActions() };
    }
    return this.receiveUserReply(session, message.content, decider);
  }

  /** Records a user message (for prior consent) without judging it. It ends the request round. */
  noteUserMessage(session: Session<any>, text: string): void {
    this.userSpoke(session, text);
  }

  /** Actions still waiting for a yes or no. */
  pendingActions(): PendingAction[] {
    return [...this.pending.values()].filter((p) => p.status === "pending").map(toAction);
  }

  /** Every action asked about in this session, with its status. */
  actions(): readonly PendingActionRecord[] {
    return [...this.pending.values()];
  }

  /** Grants issued and not yet used. */
  liveGrants(): readonly Grant[] {
    return [...this.live.values()];
  }

  // ── grants that travel ─────────────────────────────────────────────────────────────

  /** The grant as a signed token (for an HTTP client, a queue, a store). */
  sign(grant: Grant): string {
    return signGrant(grant, this.signingKey);
  }

  /**
   * A signed grant coming back from outside. Verified (signature, this session, not used,
   * not expired) and then held until a call uses it. Throws `ProtocolViolation`
   * (`confirmation_forged`, `confirmation_other_session`, `confirmation_reused`, `confirmation_expired`).
   */
  present(session: Session<any>, token: string): Grant {
    let grant: Grant;
    try {
      grant = verifyGrant(token, this.signingKey);
    } catch (e) {
      if (e instanceof ProtocolViolation) throw session.reject(e);
      throw e;
    }
    const call = { name: grant.tool, arguments: grant.arguments };
    if (grant.sessionId !== session.id) {
      throw session.reject(this.violation("confirmation_other_session", `The grant for "${grant.tool}" was issued in session ${grant.sessionId}, not in this session (${session.id}).`, call, { grantSession: grant.sessionId, nonce: grant.nonce }, "A grant only authorizes the conversation in which the user gave it. Ask the user to confirm here."));
    }
    if (this.consumed.has(grant.nonce)) {
      throw session.reject(this.violation("confirmation_reused", `The grant for "${grant.tool}" (nonce ${grant.nonce}) was already used at ${this.consumed.get(grant.nonce)!.consumedAt}; a grant authorizes one call.`, call, { nonce: grant.nonce }, "Ask the user to confirm again."));
    }
    const now = this.nowOf(session);
    if (Date.parse(grant.expiresAt) <= now.getTime()) throw session.reject(this.expired(grant, now, call));
    this.live.set(grant.nonce, grant);
    return grant;
  }

  /** A request tool ran: register the pending action it described (see `requestTools`). */
  afterCall(session: Session<any>, call: ValidatedCall, result: ToolResult): void {
    const target = this.requestTools[call.name];
    if (target === undefined || !result.ok) return;
    const spec = session.protocol.tools[target] as AnyToolSpec | undefined;
    // arguments that do not fit the write tool register nothing: the write then stays refused (confirmation_missing)
    if (!spec || spec.requiresConfirmation !== true || !(spec.input as z.ZodType).safeParse(call.arguments).success) return;
    this.request(session, { name: target, arguments: call.arguments }, typeof result.value === "string" ? { description: result.value } : {});
  }

  // ── the check before every call ───────────────────────────────────────────────────

  beforeCall(session: Session<any>, call: ValidatedCall, claim: boolean): void {
    if (call.spec.requiresConfirmation !== true) return;
    const hash = canonicalHash(call.arguments);
    const now = this.nowOf(session);
    const forTool = [...this.live.values()].filter((g) => g.tool === call.name);
    const matching = forTool.filter((g) => g.argsHash === hash);
    let refusal: ProtocolViolation | undefined;
    for (const g of matching) {
      const problem = this.problemWith(session, g, now, call);
      if (problem) {
        refusal ??= problem;
        continue;
      }
      if (claim) {
        this.live.delete(g.nonce);
        this.consumed.set(g.nonce, { nonce: g.nonce, tool: g.tool, argsHash: g.argsHash, actionId: g.actionId, consumedAt: now.toISOString() });
      }
      return;
    }
    if (refusal) throw refusal;
    const used = [...this.consumed.values()].filter((c) => c.tool === call.name && c.argsHash === hash);
    if (used.length > 0) {
      const last = used[used.length - 1]!;
      throw this.violation("confirmation_reused", `The user's confirmation of "${call.name}" with these arguments was already used (at ${last.consumedAt}); a grant authorizes one call.`, call, { nonce: last.nonce, actionId: last.actionId }, "Ask the user to confirm again if they want it done again.");
    }
    const other = forTool[forTool.length - 1];
    if (other) {
      const diff = argumentDiff(other.arguments, call.arguments);
      throw this.violation(
        "confirmation_args_mismatch",
        `The user confirmed "${call.name}" with other arguments: ${formatArgumentDiff(diff)} (confirmed → attempted).`,
        call,
        { diff, confirmed: other.arguments, attempted: call.arguments, actionId: other.actionId },
        "Call it with exactly the confirmed arguments, or ask the user to confirm the new ones.",
      );
    }
    const denied = [...this.pending.values()].filter((p) => p.tool === call.name && p.status === "denied" && p.argsHash === hash);
    if (denied.length > 0) {
      throw this.violation("confirmation_denied", `The user refused "${call.name}" with these arguments.`, call, { actionId: denied[denied.length - 1]!.id }, "Do not do it. Ask what the user wants instead, or end the conversation.");
    }
    const waiting = [...this.pending.values()].some((p) => p.tool === call.name && p.status === "pending");
    throw this.violation(
      "confirmation_missing",
      `"${call.name}" needs the user's confirmation of these exact arguments, and there is none${waiting ? " yet (a request is waiting for the user's answer)" : ""}.`,
      call,
      {},
      `Describe the action to the user and ask them to confirm it; the application then records their yes (session.requestConfirmation, then session.receiveUserReply or session.confirm).`,
    );
  }

  private problemWith(session: Session<any>, g: Grant, now: Date, call: ToolCall): ProtocolViolation | undefined {
    if (g.sessionId !== session.id) {
      return this.violation("confirmation_other_session", `The grant for "${g.tool}" belongs to session ${g.sessionId}, not ${session.id}.`, call, { grantSession: g.sessionId }, "Ask the user to confirm in this conversation.");
    }
    if (Date.parse(g.expiresAt) <= now.getTime()) return this.expired(g, now, call);
    if (this.staleCheck && g.subjects.length > 0) {
      for (const t of session.trace) {
        if (t.seq < g.issuedAtSeq) continue;
        const spec = session.protocol.tools[t.tool] as AnyToolSpec | undefined;
        if (!spec || spec.effect !== "write") continue;
        const touched = subjectsOf(spec.subjects, t.arguments).filter((s) => g.subjects.includes(s));
        if (touched.length > 0) {
          return this.violation(
            "confirmation_stale",
            `The user confirmed "${g.tool}" at ${g.issuedAt}, but "${t.tool}" changed ${touched.map((s) => JSON.stringify(s)).join(", ")} afterwards (at ${t.at}); the confirmation was about a state that no longer exists.`,
            call,
            { subjects: touched, changedBy: t.tool, changedAtSeq: t.seq, issuedAt: g.issuedAt },
            "Show the user the current state and ask them to confirm again.",
          );
        }
      }
    }
    return undefined;
  }

  // ── serialization ─────────────────────────────────────────────────────────────────

  serialize(): ConfirmationSnapshot {
    return {
      pending: [...this.pending.values()],
      grants: [...this.live.values()].map((g) => this.sign(g)),
      consumed: [...this.consumed.values()],
      userMessages: [...this.userMessages],
      round: this.round,
      roundOpen: this.roundOpen,
    };
  }

  /** Restores from `serialize()`; a grant whose signature does not verify throws `confirmation_forged`. */
  restore(data: unknown): void {
    const d = data as Partial<ConfirmationSnapshot>;
    if (typeof d !== "object" || d === null) throw new TypeError("Stored confirmation state is not an object. Fix: restore from session.toJSON() output.");
    const grants = (d.grants ?? []).map((t) => verifyGrant(t, this.signingKey));
    this.pending.clear();
    for (const p of d.pending ?? []) this.pending.set(p.id, p);
    this.live.clear();
    for (const g of grants) this.live.set(g.nonce, g);
    this.consumed.clear();
    for (const c of d.consumed ?? []) this.consumed.set(c.nonce, c);
    for (const g of grants) if (this.consumed.has(g.nonce)) this.live.delete(g.nonce);
    this.userMessages = [...(d.userMessages ?? [])];
    // a snapshot from before rounds: every action is round 0 (a reply still answers it), and the
    // next request starts a new round (the safe side: it supersedes what was waiting)
    this.round = typeof d.round === "number" && Number.isInteger(d.round) && d.round >= 0 ? d.round : Math.max(0, ...[...this.pending.values()].map((p) => p.round ?? 0));
    this.roundOpen = typeof d.roundOpen === "boolean" ? d.roundOpen : false;
  }

  // ── helpers ───────────────────────────────────────────────────────────────────────

  /** The grant lifetime for a tool: the policy's, or the tool's `confirmationTtlMs` when shorter. */
  private ttlFor(session: Session<any>, tool: string): number {
    const own = (session.protocol.tools as Record<string, { confirmationTtlMs?: unknown } | undefined>)[tool]?.confirmationTtlMs;
    return typeof own === "number" && Number.isFinite(own) && own > 0 ? Math.min(this.ttlMs, own) : this.ttlMs;
  }

  private issue(session: Session<any>, record: PendingActionRecord, via: Grant["via"]): Grant {
    const now = this.nowOf(session);
    const grant: Grant = {
      v: 1,
      sessionId: session.id,
      tool: record.tool,
      argsHash: record.argsHash,
      arguments: record.arguments,
      subjects: record.subjects,
      issuedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + this.ttlFor(session, record.tool)).toISOString(),
      issuedAtSeq: session.trace.length,
      nonce: randomBytes(16).toString("hex"),
      actionId: record.id,
      via,
    };
    this.pending.set(record.id, { ...record, status: "confirmed" });
    this.live.set(grant.nonce, grant);
    return grant;
  }

  private pendingRecord(session: Session<any>, actionId: string): PendingActionRecord {
    const record = this.pending.get(actionId);
    if (!record) throw session.reject(this.unknownAction(actionId));
    if (record.status === "denied") {
      throw session.reject(this.violation("confirmation_denied", `Action ${actionId} ("${record.tool}") was denied; it cannot be confirmed afterwards.`, { name: record.tool, arguments: record.arguments }, { actionId }, "Ask for a new confirmation with requestConfirmation."));
    }
    if (record.status === "confirmed") {
      throw session.reject(this.violation("confirmation_reused", `Action ${actionId} ("${record.tool}") was already confirmed; one confirmation gives one grant.`, { name: record.tool, arguments: record.arguments }, { actionId }, "Ask for a new confirmation with requestConfirmation."));
    }
    if (record.status !== "pending") {
      throw session.reject(this.violation("confirmation_missing", `Action ${actionId} ("${record.tool}") was superseded by a later confirmation request; the user's answer applies to the latest request only.`, { name: record.tool, arguments: record.arguments }, { actionId, status: record.status }, "Confirm the latest request, or ask again."));
    }
    return record;
  }

  private unknownAction(actionId: string): ProtocolViolation {
    const open = this.pendingActions().map((a) => a.id);
    return new ProtocolViolation({
      code: "confirmation_missing",
      message: `There is no pending action ${JSON.stringify(actionId)} in this session (pending: ${open.length > 0 ? open.join(", ") : "none"}).`,
      data: { actionId },
      hint: "Use the id returned by requestConfirmation in this session.",
    });
  }

  private specOf(session: Session<any>, tool: string): AnyToolSpec {
    const spec = session.protocol.tools[tool] as AnyToolSpec | undefined;
    if (!spec || !Object.prototype.hasOwnProperty.call(session.protocol.tools, tool)) {
      throw session.reject(new ProtocolViolation({ code: "unknown_tool", message: `Protocol "${session.protocol.name}" has no tool "${tool}" to ask confirmation for.`, tool, hint: `Known tools: ${session.protocol.toolNames.join(", ")}.` }));
    }
    if (spec.requiresConfirmation !== true) {
      throw new TypeError(`Tool "${tool}" of protocol "${session.protocol.name}" is not declared requiresConfirmation, so asking the user to confirm it would authorize nothing. Fix: add requiresConfirmation: true to tools.${tool}.`);
    }
    return spec;
  }

  private expired(g: Grant, now: Date, call: ToolCall): ProtocolViolation {
    return this.violation("confirmation_expired", `The user's confirmation of "${g.tool}" expired at ${g.expiresAt} (now ${now.toISOString()}).`, call, { expiresAt: g.expiresAt, issuedAt: g.issuedAt }, "Ask the user to confirm again.");
  }

  private violation(code: ViolationCode, message: string, call: ToolCall, data: Record<string, unknown>, hint: string): ProtocolViolation {
    return new ProtocolViolation({ code, message, tool: call.name, arguments: call.arguments, data, hint });
  }
}

function toAction(r: PendingActionRecord): PendingAction {
  return { id: r.id, tool: r.tool, arguments: r.arguments, ...(r.description !== undefined ? { description: r.description } : {}) };
}
