// One concept, the confirmation policy: the life of a grant (request, confirm or deny, sign, present,
// consume with the call, expire, serialize). Over 400 lines because every step reads the same private
// grant and pending-action tables, and consumption must stay atomic with the call.
import { randomBytes, randomUUID } from "node:crypto";
import { ownOptions } from "../util/own-options.js";
import type { z } from "zod";
import type { ValidatedCall } from "../protocol/protocol.js";
import type { AnyToolSpec, ToolCall, ToolResult } from "../protocol/types.js";
import type { PolicySession, SessionPolicy } from "../runtime/session-policy.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";
import type { ViolationCode } from "../violation/violation-codes.js";
import type { ViolationData } from "../violation/violation-data.js";
import { argumentDiff, canonicalHash, formatArgumentDiff } from "./canonical-json.js";
import { bindArguments, pathParts, unboundMessage } from "./bound-arguments.js";
import type { ConfirmationDecider, ConfirmationDecision, DeciderVerdict, PendingAction } from "./decider.js";
import { subjectsOf, type Grant, type PendingActionRecord } from "./grant.js";
import { grantKeyBytes, signGrant, verifyGrant } from "./grant-token.js";
import { priorConsentVerdict } from "./prior-consent.js";
import { bindRequestText, type RequestTextOptions } from "./request-text.js";
import { consentJudge } from "./consent-judge.js";
import { parseConfirmationSnapshot, type ConfirmationSnapshot, type ConsumedGrant, type UserMessage, type WithdrawnGrant } from "./confirmation-snapshot.js";

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
  /** Decides natural-language replies. Default: the consent judge (`consentJudge`), the same one `concordat audit` uses. */
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
  /**
   * How a request's text is bound to its action, so the words the user says yes to and the
   * arguments the grant carries cannot differ: by default an agent's text must state every checked
   * value (`confirmation_text_mismatch` otherwise), and a request without text gets one rendered
   * from the tool and its canonical arguments. See `RequestTextOptions`.
   */
  readonly requestText?: RequestTextOptions;
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
  /**
   * The id of the tool call this request asks about (e.g. the call an SDK paused for approval).
   * Its grant then authorizes that call only: another call, even with the same arguments,
   * cannot use it. A request bound to a call replaces only an earlier request for the same
   * call, so the calls of one model step can each be confirmed or denied, in any order. (A new
   * round still supersedes it like any request.)
   */
  readonly callId?: string;
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

const DEFAULT_TTL_MS = 10 * 60 * 1000;

/**
 * Nonces of grants whose call ran in this process, each kept until the grant would expire: a
 * session restored from a snapshot taken before the call (or any other copy of it in this
 * process) cannot use the grant again. Across processes the store's ledger does this.
 */
const spentNonces = new Map<string, { readonly expires: number; readonly at: number }>();
let spentSinceSweep = 0;

function noteSpent(g: Grant, at: number): void {
  spentNonces.set(g.nonce, { expires: Date.parse(g.expiresAt), at });
  if (++spentSinceSweep >= 1024) {
    spentSinceSweep = 0;
    const now = Date.now();
    for (const [nonce, s] of spentNonces) if (!(s.expires > now)) spentNonces.delete(nonce);
  }
}

/** Frozen all the way down: records and grants handed out cannot be edited into other ones. */
function frozen<T>(x: T): T {
  if (typeof x === "object" && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) frozen(v);
  }
  return x;
}
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
  readonly #signingKey: Uint8Array;
  readonly #clock: (() => Date) | undefined;
  readonly #priorConsentTools: ReadonlySet<string>;
  readonly #requestTools: Readonly<Record<string, string>>;
  readonly #requestText: RequestTextOptions | undefined;
  readonly #pending = new Map<string, PendingActionRecord>();
  readonly #live = new Map<string, Grant>();
  readonly #consumed = new Map<string, ConsumedGrant>();
  #userMessages: UserMessage[] = [];
  /** The grant each claimed call consumed (for tracing: which confirmation authorized a write). */
  readonly #usedBy = new WeakMap<ValidatedCall, ConsumedGrant>();
  /** The latest request round; 0 before the first request. */
  #round = 0;
  /** No user message has arrived since the latest round started: a new request may join it. */
  #roundOpen = false;
  /** The grant each call validated with `claim` used, until the call is recorded. */
  readonly #claims = new WeakMap<ValidatedCall, Grant>();
  #restored = false;
  /** The replies being judged, in the order they arrived. */
  #replies: Promise<unknown> = Promise.resolve();
  /** Why the user's last answer to a pending action was `unclear` (for the refusal's wording; stored for actions still pending). */
  readonly #unclearAnswers = new Map<string, string>();
  /**
   * Grants the user took back before they were used, by nonce (a later answer about the same action
   * that is not a clear yes, or a refusal of the action): a token of one is refused. Stored in the
   * snapshot until the grant would have expired.
   */
  readonly #withdrawn = new Map<string, WithdrawnGrant>();
  /** The latest time (ms) this policy has read or restored; its clock never runs back behind it. */
  #latest = Number.NEGATIVE_INFINITY;

  constructor(given: ConfirmationOptions = {}) {
    const options = ownOptions(given);
    if (options.ttlMs !== undefined && !(Number.isFinite(options.ttlMs) && options.ttlMs > 0)) {
      throw new TypeError(`confirmation.ttlMs must be a positive number of milliseconds, got ${String(options.ttlMs)}. Fix: e.g. ttlMs: 5 * 60_000.`);
    }
    this.ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    this.staleCheck = options.staleCheck ?? true;
    this.decider = options.decider ?? consentJudge;
    this.#signingKey = options.key !== undefined ? grantKeyBytes(options.key) : (processKey ??= randomBytes(32));
    this.#clock = options.now;
    this.#priorConsentTools = new Set(options.priorConsent ?? []);
    this.#requestTools = { ...(options.requestTools ?? {}) };
    this.#requestText = options.requestText;
    // its settings (ttlMs, staleCheck, decider) cannot be changed on the instance afterwards
    Object.freeze(this);
  }

  /**
   * The time this policy reads: its clock, but never earlier than the latest time it read (also
   * across a snapshot, see `restore`). A clock set back (an NTP step, a VM resumed from an image,
   * an injected clock) would otherwise bring an expired grant back to life until it expired again.
   */
  #nowOf(session: PolicySession): Date {
    const now = (this.#clock ?? session.now)();
    const t = now instanceof Date ? now.getTime() : Number.NaN;
    if (t >= this.#latest) {
      this.#latest = t;
      return now;
    }
    return new Date(this.#latest);
  }

  /** Moves the latest time read up to a time a restored record says was already reached. */
  #reached(iso: string | undefined): void {
    const t = iso === undefined ? Number.NaN : Date.parse(iso);
    if (t > this.#latest) this.#latest = t;
  }

  // ── requesting and deciding ─────────────────────────────────────────────────────────

  /**
   * Registers an action that waits for the user's consent. The tool must be declared
   * `requiresConfirmation`, and the arguments must match its schema (they are stored parsed).
   */
  request(session: PolicySession, call: ToolCall, options: RequestOptions = {}): ConfirmationRequest {
    const args = this.#parseRequest(session, call);
    const description = this.#bindText(session, call.name, args, options.description);
    const together = options.together === true || options.supersede === false;
    if (options.callId !== undefined && (typeof options.callId !== "string" || options.callId === "")) {
      throw new TypeError(
        `requestConfirmation: callId must be the tool call's non-empty id, got ${JSON.stringify(options.callId)}. Fix: pass the id the model gave the call, or leave callId out.`,
      );
    }
    if (options.newRound === true || !this.#roundOpen) this.#startRound();
    else if (options.callId !== undefined) {
      // bound to one call: it replaces only an earlier request for that same call
      for (const p of this.#pending.values())
        if (p.callId === options.callId && p.status === "pending") this.#pending.set(p.id, frozen({ ...p, status: "superseded" }));
    } else if (!together) {
      // requests bound to a call are the SDK's own approval items: a correction by the agent does not replace them
      for (const p of this.#pending.values())
        if (p.tool === call.name && p.status === "pending" && p.callId === undefined) this.#pending.set(p.id, frozen({ ...p, status: "superseded" }));
    }
    return this.#register(session, call.name, args, description, options.callId);
  }

  /**
   * Registers several actions asked about in one agent message: they form a new round (every
   * action of earlier rounds still waiting is superseded), and one yes answers them all. Every
   * call is checked first; when one is invalid, none is registered.
   */
  requestMany(session: PolicySession, calls: readonly ToolCall[], options: RequestManyOptions = {}): ConfirmationRequest[] {
    if (!Array.isArray(calls) || calls.length === 0) {
      throw new TypeError(
        `requestConfirmations(calls) needs at least one call (got ${Array.isArray(calls) ? "an empty array" : typeof calls}). Fix: pass the calls the agent's message asks the user to confirm.`,
      );
    }
    const parsed = calls.map((c) => {
      const args = this.#parseRequest(session, c);
      return { name: c.name, args, description: this.#bindText(session, c.name, args, options.description) };
    });
    this.#startRound();
    return parsed.map((c) => this.#register(session, c.name, c.args, c.description));
  }

  /** The text the action is registered with (see `RequestTextOptions`); refuses a text that leaves values of the action unstated. */
  #bindText(session: PolicySession, tool: string, args: Record<string, unknown>, description: string | undefined): string {
    const bound = bindRequestText(this.#requestText, tool, args, description);
    if ("description" in bound) return bound.description;
    const list = bound.unstated.map((u) => `${u.path} = ${JSON.stringify(u.value)}`).join(", ");
    throw session.reject(
      this.#violation(
        "confirmation_text_mismatch",
        `The confirmation request for "${tool}" does not state ${bound.unstated.length === 1 ? "this value" : "these values"} of the action: ${list}; a yes to it would authorize what the user was not shown.`,
        { name: tool, arguments: args },
        { unstated: bound.unstated },
        "Restate the action with these exact values and ask again, or ask without a text and show the user the rendered request (request.description).",
      ),
    );
  }

  #parseRequest(session: PolicySession, call: ToolCall): Record<string, unknown> {
    const spec = this.#specOf(session, call.name);
    const parsed = (spec.input as z.ZodType).safeParse(call.arguments);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ code: i.code, path: i.path.map(String), message: i.message }));
      throw session.reject(
        this.#violation(
          "invalid_arguments",
          `Cannot ask to confirm "${call.name}": its arguments do not match its schema: ${issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}.`,
          call,
          { issues },
          `Describe the action with arguments matching "${call.name}"'s parameters.`,
        ),
      );
    }
    // the pending action holds what a write with these arguments would run with (see bindArguments)
    const bound = bindArguments(parsed.data);
    if (!bound.ok) {
      const problem = bound.problem;
      throw session.reject(
        this.#violation(
          "invalid_arguments",
          `Cannot ask to confirm: ${unboundMessage(call.name, problem)}`,
          call,
          { issues: [{ code: "not_plain_data", path: pathParts(problem.path), message: `${problem.found} cannot be bound to a grant` }] },
          `Describe the action with plain JSON arguments for "${call.name}".`,
        ),
      );
    }
    return bound.value as Record<string, unknown>;
  }

  /** A new agent message asks: every action of earlier rounds still waiting is superseded. */
  #startRound(): void {
    for (const p of this.#pending.values()) if (p.status === "pending") this.#pending.set(p.id, frozen({ ...p, status: "superseded" }));
    this.#round++;
    this.#roundOpen = true;
  }

  /** The user spoke: the next request is a new agent message, hence a new round. */
  #userSpoke(session: PolicySession, text: string): void {
    this.#roundOpen = false;
    this.#userMessages.push({ text, at: this.#nowOf(session).toISOString() });
    if (this.#userMessages.length > 50) this.#userMessages = this.#userMessages.slice(-50);
  }

  #register(session: PolicySession, tool: string, args: Record<string, unknown>, description: string | undefined, callId?: string): ConfirmationRequest {
    const spec = this.#specOf(session, tool);
    const record: PendingActionRecord = {
      id: randomUUID(),
      tool,
      arguments: args,
      ...(description !== undefined ? { description } : {}),
      argsHash: canonicalHash(args),
      subjects: subjectsOf(spec.subjects, args),
      createdAt: this.#nowOf(session).toISOString(),
      status: "pending",
      round: this.#round,
      requestedAtSeq: session.traceLength,
      ...(callId !== undefined ? { callId } : {}),
    };
    this.#pending.set(record.id, frozen(record));
    if (this.#priorConsentTools.has(tool)) {
      const action = toAction(record);
      for (const m of [...this.#userMessages].reverse()) {
        if (priorConsentVerdict(action, m.text).decision === "confirmed") {
          const grant = this.#issue(session, record, "prior_consent");
          return { ...action, status: "confirmed", round: this.#round, grant };
        }
      }
    }
    return { ...toAction(record), status: "pending", round: this.#round };
  }

  /** The structured path (for UIs): the user confirmed this action. Returns its grant. */
  confirm(session: PolicySession, actionId: string): Grant {
    const record = this.#pendingRecord(session, actionId);
    return this.#issue(session, record, "structured");
  }

  /**
   * The user refused this action. Any unused grant for it is withdrawn: its token is refused
   * (`confirmation_missing`), also after the session is stored and restored, until it would have expired.
   */
  deny(session: PolicySession, actionId: string): void {
    const record = this.#pending.get(actionId);
    if (!record) throw session.reject(this.#unknownAction(actionId));
    this.#pending.set(actionId, frozen({ ...record, status: "denied" }));
    for (const g of [...this.#live.values()]) if (g.actionId === actionId) this.#withdraw(session, g);
  }

  /** The user took this unused grant back: it leaves the live grants, and its token is refused until it would have expired. */
  #withdraw(session: PolicySession, g: Grant): void {
    this.#live.delete(g.nonce);
    const now = this.#nowOf(session).getTime();
    for (const [nonce, w] of this.#withdrawn) if (!(Date.parse(w.expiresAt) > now)) this.#withdrawn.delete(nonce);
    this.#withdrawn.set(g.nonce, frozen({ nonce: g.nonce, expiresAt: g.expiresAt, tool: g.tool, actionId: g.actionId }));
  }

  /**
   * Judges a user's reply against the pending actions of the latest request round (the
   * question the user is answering). `confirmed` grants them all; `denied` denies them all;
   * `unclear` leaves them pending. The reply ends the round: the next request starts a new one.
   * The user's latest answer decides: an answer that is not a clear yes to an action asked again
   * withdraws the earlier unused grant of the same action, and a refusal when nothing is pending
   * withdraws the unused grants of the round's yes. Replies are judged one after another in the
   * order they arrived, whatever the decider takes. Only pass text the user typed.
   *
   * @example
   * ```ts
   * policy.request(session, { name: "pay", arguments: { account: "A1", amount: 25 } });
   * const { decision, grants } = await policy.receiveUserReply(session, "Yes, please pay it.");
   * ```
   * @param text The user's message, as typed.
   * @param decider Replaces the policy's decider for this reply (default: the consent judge).
   * @throws TypeError when `text` is not a string. A decider that fails or returns no verdict gives `unclear`.
   */
  async receiveUserReply(session: PolicySession, text: string, decider?: ConfirmationDecider): Promise<ReplyOutcome> {
    if (typeof text !== "string") throw new TypeError(`receiveUserReply(text): text must be the user's message as a string, got ${typeof text}.`);
    this.#userSpoke(session, text);
    // replies are judged one after another, in the order the user sent them, whatever each decider
    // takes: the user's latest answer is the one that decides
    const round = this.#round;
    const turn = this.#replies.then(() => this.#judgeReply(session, text, round, decider));
    this.#replies = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  async #judgeReply(session: PolicySession, text: string, round: number, decider: ConfirmationDecider | undefined): Promise<ReplyOutcome> {
    const inRound = [...this.#pending.values()].filter((p) => (p.round ?? 0) === round);
    const records = inRound.filter((p) => p.status === "pending");
    // nothing waits: a refusal still takes back the yes the user gave to this round, while it is unused
    const unused = records.length > 0 ? [] : inRound.filter((p) => p.status === "confirmed" && [...this.#live.values()].some((g) => g.actionId === p.id));
    if (records.length === 0 && unused.length === 0)
      return { decision: "unclear", reason: "There is no pending action to confirm; ask first with requestConfirmation.", grants: [], actions: [] };
    const actions = (records.length > 0 ? records : unused).map(toAction);
    const request = actions.map((a) => a.description ?? `${a.tool} ${JSON.stringify(a.arguments)}`).join("\n");
    const verdict = await readVerdict(() => (decider ?? this.decider).decide({ request, reply: text, actions }));
    if (records.length === 0) {
      if (verdict.decision !== "denied")
        return { decision: "unclear", reason: "The actions of the latest request are already confirmed; this reply changes nothing.", grants: [], actions: [] };
      for (const r of unused) if (this.#pending.get(r.id)?.status === "confirmed") this.deny(session, r.id);
      return { ...verdict, grants: [], actions };
    }
    // the await above may have let another call confirm or deny some of them
    const still = records.filter((r) => this.#pending.get(r.id)?.status === "pending");
    const grants: Grant[] = [];
    if (verdict.decision === "confirmed") for (const r of still) grants.push(this.#issue(session, r, "reply"));
    if (verdict.decision === "denied") for (const r of still) this.deny(session, r.id);
    if (verdict.decision === "unclear") for (const r of still) this.#unclearAnswers.set(r.id, verdict.reason);
    // the user's latest answer about an action decides: asked again about an action they had said yes
    // to, an answer that is not a clear yes withdraws the earlier, unused yes to the same action
    if (verdict.decision !== "confirmed")
      for (const r of still)
        for (const g of [...this.#live.values()]) if (g.actionId !== r.id && g.tool === r.tool && g.argsHash === r.argsHash) this.#withdraw(session, g);
    return { ...verdict, grants, actions };
  }

  /**
   * A message from any channel. Only `role: "user"` is judged; tool results, assistant and
   * system messages never produce a grant, whatever they say.
   */
  async receiveMessage(
    session: PolicySession,
    message: { readonly role: string; readonly content: string },
    decider?: ConfirmationDecider,
  ): Promise<ReplyOutcome> {
    if (message.role !== "user") {
      return {
        decision: "unclear",
        reason: `Only the user channel can confirm; a ${JSON.stringify(message.role)} message never grants.`,
        grants: [],
        actions: this.pendingActions(),
      };
    }
    return this.receiveUserReply(session, message.content, decider);
  }

  /** Records a user message (for prior consent) without judging it. It ends the request round. */
  noteUserMessage(session: PolicySession, text: string): void {
    this.#userSpoke(session, text);
  }

  /** Actions still waiting for a yes or no. */
  pendingActions(): PendingAction[] {
    return [...this.#pending.values()].filter((p) => p.status === "pending").map(toAction);
  }

  /** Every action asked about in this session, with its status. */
  actions(): readonly PendingActionRecord[] {
    return [...this.#pending.values()];
  }

  /** Grants issued and not yet used. */
  liveGrants(): readonly Grant[] {
    return [...this.#live.values()];
  }

  // ── grants that travel ─────────────────────────────────────────────────────────────

  /** The grant as a signed token (for an HTTP client, a queue, a store). */
  sign(grant: Grant): string {
    if (typeof grant !== "object" || grant === null || this.#live.get(grant.nonce) !== grant) {
      throw new TypeError(
        "ConfirmationPolicy.sign(grant): only a live grant this policy issued (from confirm, a reply or present) can be signed; a grant object made or changed elsewhere is not consent. Fix: sign the grant confirm() returned, before it is used.",
      );
    }
    return signGrant(grant, this.#signingKey);
  }

  /**
   * A signed grant coming back from outside. Verified (signature, this session, not used,
   * not expired) and then held until a call uses it. Throws `ProtocolViolation`
   * (`confirmation_forged`, `confirmation_other_session`, `confirmation_reused`, `confirmation_expired`).
   */
  present(session: PolicySession, token: string): Grant {
    let grant: Grant;
    try {
      grant = verifyGrant(token, this.#signingKey);
    } catch (e) {
      if (e instanceof ProtocolViolation) throw session.reject(e);
      throw e;
    }
    const call = { name: grant.tool, arguments: grant.arguments };
    if (grant.sessionId !== session.id) {
      throw session.reject(
        this.#violation(
          "confirmation_other_session",
          `The grant for "${grant.tool}" was issued in session ${grant.sessionId}, not in this session (${session.id}).`,
          call,
          { grantSession: grant.sessionId, nonce: grant.nonce },
          "A grant only authorizes the conversation in which the user gave it. Ask the user to confirm here.",
        ),
      );
    }
    if (this.#consumed.has(grant.nonce) || spentNonces.has(grant.nonce)) {
      throw session.reject(
        this.#violation(
          "confirmation_reused",
          `The grant for "${grant.tool}" (nonce ${grant.nonce}) was already used${this.#consumed.has(grant.nonce) ? ` at ${this.#consumed.get(grant.nonce)!.consumedAt}` : ""}; a grant authorizes one call.`,
          call,
          { nonce: grant.nonce },
          "Ask the user to confirm again.",
        ),
      );
    }
    if (this.#withdrawn.has(grant.nonce) || this.#pending.get(grant.actionId)?.status === "denied") {
      throw session.reject(
        this.#violation(
          "confirmation_missing",
          `The grant for "${grant.tool}" (nonce ${grant.nonce}) was withdrawn: the user refused the action afterwards, or, asked again about the same action, did not answer with a clear yes.`,
          call,
          { actionId: grant.actionId },
          "Restate the exact action and ask the user a plain yes/no question.",
        ),
      );
    }
    const now = this.#nowOf(session);
    if (Date.parse(grant.expiresAt) <= now.getTime()) throw session.reject(this.#expired(grant, now, call));
    this.#live.set(grant.nonce, frozen(grant));
    return grant;
  }

  /** A request tool ran: register the pending action it described (see `requestTools`). */
  afterCall(session: PolicySession, call: ValidatedCall, result: ToolResult): void {
    const used = this.#claims.get(call);
    if (used) {
      this.#claims.delete(call);
      noteSpent(used, this.#nowOf(session).getTime());
    }
    const target = this.#requestTools[call.name];
    if (target === undefined || !result.ok) return;
    const spec = session.protocol.tools[target] as AnyToolSpec | undefined;
    // arguments that do not fit the write tool register nothing: the write then stays refused (confirmation_missing)
    if (!spec || spec.requiresConfirmation !== true || !(spec.input as z.ZodType).safeParse(call.arguments).success) return;
    try {
      this.request(session, { name: target, arguments: call.arguments }, typeof result.value === "string" ? { description: result.value } : {});
    } catch (e) {
      // a request text that leaves values of the action unstated registers nothing: the write then stays refused
      if (!(e instanceof ProtocolViolation && e.code === "confirmation_text_mismatch")) throw e;
    }
  }

  /**
   * The grant a call claimed by this session consumed: its `nonce` (the grant's id) and the
   * `actionId` of the confirmed pending action. Undefined for a call that needed no grant.
   * @param call A call the session validated with `validate(call, true)` (or ran).
   */
  grantUsedBy(call: ValidatedCall): { readonly nonce: string; readonly actionId: string } | undefined {
    const used = this.#usedBy.get(call);
    return used === undefined ? undefined : { nonce: used.nonce, actionId: used.actionId };
  }

  // ── the check before every call ───────────────────────────────────────────────────

  beforeCall(session: PolicySession, call: ValidatedCall, claim: boolean): void {
    if (call.spec.requiresConfirmation !== true) return;
    const hash = canonicalHash(call.arguments);
    const now = this.#nowOf(session);
    // a grant whose request was bound to a tool call authorizes that call only
    const boundTo = (g: Grant): string | undefined => this.#pending.get(g.actionId)?.callId;
    const usable = (g: Grant): boolean => {
      const bound = boundTo(g);
      return bound === undefined || bound === call.id;
    };
    const forTool = [...this.#live.values()].filter((g) => g.tool === call.name && usable(g));
    const matching = forTool.filter((g) => g.argsHash === hash);
    let refusal: ProtocolViolation | undefined;
    for (const g of matching) {
      if (spentNonces.has(g.nonce)) {
        // its call already ran in this process (this session was restored from an older copy)
        refusal ??= this.#violation(
          "confirmation_reused",
          `The grant for "${g.tool}" (nonce ${g.nonce}) was already used by a call that ran; a grant authorizes one call.`,
          call,
          { nonce: g.nonce },
          "Ask the user to confirm again.",
        );
        continue;
      }
      const problem = this.#problemWith(session, g, now, call);
      if (problem) {
        refusal ??= problem;
        continue;
      }
      if (claim) {
        const used = { nonce: g.nonce, tool: g.tool, argsHash: g.argsHash, actionId: g.actionId, consumedAt: now.toISOString() };
        this.#claims.set(call, g);
        this.#live.delete(g.nonce);
        this.#consumed.set(g.nonce, used);
        this.#usedBy.set(call, used);
      }
      return;
    }
    if (refusal) throw refusal;
    const used = [...this.#consumed.values()].filter((c) => c.tool === call.name && c.argsHash === hash);
    if (used.length > 0) {
      const last = used[used.length - 1]!;
      throw this.#violation(
        "confirmation_reused",
        `The user's confirmation of "${call.name}" with these arguments was already used (at ${last.consumedAt}); a grant authorizes one call.`,
        call,
        { nonce: last.nonce, actionId: last.actionId },
        "Ask the user to confirm again if they want it done again.",
      );
    }
    const other = forTool[forTool.length - 1];
    if (other) {
      const diff = argumentDiff(other.arguments, call.arguments);
      throw this.#violation(
        "confirmation_args_mismatch",
        `The user confirmed "${call.name}" with other arguments: ${formatArgumentDiff(diff)} (confirmed → attempted).`,
        call,
        { diff, confirmed: other.arguments, attempted: call.arguments, actionId: other.actionId },
        "Call it with exactly the confirmed arguments, or ask the user to confirm the new ones.",
      );
    }
    const denied = [...this.#pending.values()].filter((p) => p.tool === call.name && p.status === "denied" && p.argsHash === hash);
    if (denied.length > 0) {
      throw this.#violation(
        "confirmation_denied",
        `The user refused "${call.name}" with these arguments.`,
        call,
        { actionId: denied[denied.length - 1]!.id },
        "Do not do it. Ask what the user wants instead, or end the conversation.",
      );
    }
    const waiting = [...this.#pending.values()].some((p) => p.tool === call.name && p.status === "pending");
    const elsewhere = [...this.#live.values()].filter((g) => g.tool === call.name && g.argsHash === hash && !usable(g)).map(boundTo);
    const unclear = [...this.#pending.values()]
      .filter((p) => p.tool === call.name && p.status === "pending" && this.#unclearAnswers.has(p.id))
      .map((p) => this.#unclearAnswers.get(p.id)!)
      .pop();
    if (elsewhere.length === 0 && unclear !== undefined) {
      // item 4 of issue 14: an answer that was not a clear yes is answered by asking again, well
      throw this.#violation(
        "confirmation_missing",
        `"${call.name}" needs the user's confirmation of these exact arguments, and the user's last answer could not be read as a clear yes (${unclear}).`,
        call,
        {},
        `Do not treat that answer as a yes. Restate the exact action in one message (${call.name} ${JSON.stringify(call.arguments)}, in words the user understands: every amount, date and payment method), answer anything the user asked, and end with a plain yes/no question; call ${call.name} only after a clear yes.`,
      );
    }
    throw this.#violation(
      "confirmation_missing",
      `"${call.name}" needs the user's confirmation of these exact arguments, and there is none${
        elsewhere.length > 0
          ? ` for this call (the user confirmed them for tool call ${elsewhere.map((c) => JSON.stringify(c)).join(", ")}, and a confirmation given for one call does not authorize another)`
          : waiting
            ? " yet (a request is waiting for the user's answer)"
            : ""
      }.`,
      call,
      elsewhere.length > 0 ? { confirmedForCalls: elsewhere } : {},
      `Describe the action to the user and ask them to confirm it; the application then records their yes (session.requestConfirmation, then session.receiveUserReply or session.confirm).`,
    );
  }

  #problemWith(session: PolicySession, g: Grant, now: Date, call: ToolCall): ProtocolViolation | undefined {
    if (g.sessionId !== session.id) {
      return this.#violation(
        "confirmation_other_session",
        `The grant for "${g.tool}" belongs to session ${g.sessionId}, not ${session.id}.`,
        call,
        { grantSession: g.sessionId },
        "Ask the user to confirm in this conversation.",
      );
    }
    if (Date.parse(g.expiresAt) <= now.getTime()) return this.#expired(g, now, call);
    if (this.staleCheck && g.subjects.length > 0) {
      if (g.issuedAtSeq < session.traceLength - session.trace.length) {
        // the entries recorded since the grant were partly dropped by the trace retention: no proof nothing changed
        return this.#violation(
          "confirmation_stale",
          `The user confirmed "${g.tool}" at ${g.issuedAt}, and so many calls ran since that the trace no longer holds them all; whether they changed what was confirmed cannot be checked.`,
          call,
          { issuedAtSeq: g.issuedAtSeq, issuedAt: g.issuedAt },
          "Show the user the current state and ask them to confirm again.",
        );
      }
      for (const t of session.traceSince(Math.min(g.issuedAtSeq, session.traceLength))) {
        const spec = session.protocol.tools[t.tool] as AnyToolSpec | undefined;
        if (!spec || spec.effect !== "write") continue;
        const touched = subjectsOf(spec.subjects, t.arguments).filter((s) => g.subjects.includes(s));
        if (touched.length > 0) {
          return this.#violation(
            "confirmation_stale",
            `The user confirmed "${g.tool}" at ${g.issuedAt}, but "${t.tool}" changed ${touched.map((s) => JSON.stringify(s)).join(", ")} afterwards (at ${new Date(t.at).toISOString()}); the confirmation was about a state that no longer exists.`,
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
    const unclear = [...this.#unclearAnswers].filter(([id]) => this.#pending.get(id)?.status === "pending").map(([actionId, reason]) => ({ actionId, reason }));
    return {
      pending: [...this.#pending.values()],
      grants: [...this.#live.values()].map((g) => this.sign(g)),
      consumed: [...this.#consumed.values()],
      userMessages: [...this.#userMessages],
      round: this.#round,
      roundOpen: this.#roundOpen,
      withdrawn: [...this.#withdrawn.values()],
      unclear,
    };
  }

  /**
   * Restores from `serialize()` (or an older version's, whose missing fields mean none). Every field
   * is checked before anything changes.
   * @throws SessionStateError naming a malformed field, its value and the fix; `confirmation_forged`
   * (ProtocolViolation) for a grant whose signature does not verify.
   */
  restore(data: unknown): void {
    if (
      this.#restored ||
      this.#pending.size > 0 ||
      this.#live.size > 0 ||
      this.#consumed.size > 0 ||
      this.#withdrawn.size > 0 ||
      this.#userMessages.length > 0 ||
      this.#round > 0
    ) {
      throw new Error(
        "ConfirmationPolicy.restore: a snapshot can only be restored into a policy nothing has used yet (restoring an older one over a live policy would bring used grants back). Fix: restore into a new policy (Session.fromJSON does).",
      );
    }
    const d = parseConfirmationSnapshot(data);
    const grants = (d.grants ?? []).map((t) => verifyGrant(t, this.#signingKey));
    for (const p of d.pending ?? []) this.#pending.set(p.id, frozen(p));
    for (const c of d.consumed ?? []) this.#consumed.set(c.nonce, c);
    for (const w of d.withdrawn ?? []) this.#withdrawn.set(w.nonce, frozen(w));
    for (const u of d.unclear ?? []) if (this.#pending.get(u.actionId)?.status === "pending") this.#unclearAnswers.set(u.actionId, u.reason);
    for (const g of grants) {
      const spent = spentNonces.get(g.nonce);
      if (spent !== undefined && !this.#consumed.has(g.nonce))
        this.#consumed.set(g.nonce, { nonce: g.nonce, tool: g.tool, argsHash: g.argsHash, actionId: g.actionId, consumedAt: new Date(spent.at).toISOString() });
      // a grant listed as live and as used or withdrawn (an edited snapshot) is not live
      if (!this.#consumed.has(g.nonce) && !this.#withdrawn.has(g.nonce)) this.#live.set(g.nonce, frozen(g));
    }
    this.#restored = true;
    this.#userMessages = [...(d.userMessages ?? [])];
    // the snapshot's times were reached: a clock behind them cannot make its grants young again
    for (const g of grants) this.#reached(g.issuedAt);
    for (const p of this.#pending.values()) this.#reached(p.createdAt);
    for (const c of this.#consumed.values()) this.#reached(c.consumedAt);
    for (const u of this.#userMessages) this.#reached(u.at);
    // a snapshot from before rounds: every action is round 0 (a reply still answers it), and the
    // next request starts a new round (the safe side: it supersedes what was waiting)
    this.#round = d.round ?? Math.max(0, ...[...this.#pending.values()].map((p) => p.round ?? 0));
    this.#roundOpen = d.roundOpen ?? false;
  }

  // ── helpers ───────────────────────────────────────────────────────────────────────

  /** The grant lifetime for a tool: the policy's, or the tool's `confirmationTtlMs` when shorter. */
  #ttlFor(session: PolicySession, tool: string): number {
    const own = (session.protocol.tools as Record<string, { confirmationTtlMs?: unknown } | undefined>)[tool]?.confirmationTtlMs;
    return typeof own === "number" && Number.isFinite(own) && own > 0 ? Math.min(this.ttlMs, own) : this.ttlMs;
  }

  #issue(session: PolicySession, record: PendingActionRecord, via: Grant["via"]): Grant {
    const now = this.#nowOf(session);
    const grant: Grant = {
      v: 1,
      sessionId: session.id,
      tool: record.tool,
      argsHash: record.argsHash,
      arguments: record.arguments,
      subjects: record.subjects,
      issuedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + this.#ttlFor(session, record.tool)).toISOString(),
      // the user answered about the state they were shown when asked: a write since then makes the yes stale
      issuedAtSeq: Math.min(record.requestedAtSeq ?? session.traceLength, session.traceLength),
      nonce: randomBytes(16).toString("hex"),
      actionId: record.id,
      via,
    };
    this.#pending.set(record.id, frozen({ ...record, status: "confirmed" }));
    this.#live.set(grant.nonce, frozen(grant));
    return grant;
  }

  #pendingRecord(session: PolicySession, actionId: string): PendingActionRecord {
    const record = this.#pending.get(actionId);
    if (!record) throw session.reject(this.#unknownAction(actionId));
    if (record.status === "denied") {
      throw session.reject(
        this.#violation(
          "confirmation_denied",
          `Action ${actionId} ("${record.tool}") was denied; it cannot be confirmed afterwards.`,
          { name: record.tool, arguments: record.arguments },
          { actionId },
          "Ask for a new confirmation with requestConfirmation.",
        ),
      );
    }
    if (record.status === "confirmed") {
      throw session.reject(
        this.#violation(
          "confirmation_reused",
          `Action ${actionId} ("${record.tool}") was already confirmed; one confirmation gives one grant.`,
          { name: record.tool, arguments: record.arguments },
          { actionId },
          "Ask for a new confirmation with requestConfirmation.",
        ),
      );
    }
    if (record.status !== "pending") {
      throw session.reject(
        this.#violation(
          "confirmation_missing",
          `Action ${actionId} ("${record.tool}") was superseded by a later confirmation request; the user's answer applies to the latest request only.`,
          { name: record.tool, arguments: record.arguments },
          { actionId, status: record.status },
          "Confirm the latest request, or ask again.",
        ),
      );
    }
    return record;
  }

  #unknownAction(actionId: string): ProtocolViolation {
    const open = this.pendingActions().map((a) => a.id);
    return new ProtocolViolation({
      code: "confirmation_missing",
      message: `There is no pending action ${JSON.stringify(actionId)} in this session (pending: ${open.length > 0 ? open.join(", ") : "none"}).`,
      data: { actionId },
      hint: "Use the id returned by requestConfirmation in this session.",
    });
  }

  #specOf(session: PolicySession, tool: string): AnyToolSpec {
    const spec = session.protocol.tools[tool] as AnyToolSpec | undefined;
    if (!spec || !Object.prototype.hasOwnProperty.call(session.protocol.tools, tool)) {
      throw session.reject(
        new ProtocolViolation({
          code: "unknown_tool",
          message: `Protocol "${session.protocol.name}" has no tool "${tool}" to ask confirmation for.`,
          tool,
          hint: `Known tools: ${session.protocol.toolNames.join(", ")}.`,
        }),
      );
    }
    if (spec.requiresConfirmation !== true) {
      throw new TypeError(
        `Tool "${tool}" of protocol "${session.protocol.name}" is not declared requiresConfirmation, so asking the user to confirm it would authorize nothing. Fix: add requiresConfirmation: true to tools.${tool}.`,
      );
    }
    return spec;
  }

  #expired(g: Grant, now: Date, call: ToolCall): ProtocolViolation {
    return this.#violation(
      "confirmation_expired",
      `The user's confirmation of "${g.tool}" expired at ${g.expiresAt} (now ${now.toISOString()}).`,
      call,
      { expiresAt: g.expiresAt, issuedAt: g.issuedAt },
      "Ask the user to confirm again.",
    );
  }

  #violation<C extends ViolationCode>(code: C, message: string, call: ToolCall, data: ViolationData[C], hint: string): ProtocolViolation<C> {
    return new ProtocolViolation<C>({ code, message, tool: call.name, arguments: call.arguments, data, hint });
  }
}

/** A value as text for a message, whatever it is (a hostile object cannot make the message throw). */
function shownValue(v: unknown): string {
  try {
    return v instanceof Error ? v.message : (JSON.stringify(v) ?? String(v));
  } catch {
    return Object.prototype.toString.call(v);
  }
}

/**
 * The decider's verdict, each field read once (a getter cannot answer one way to the check and
 * another to the use); a failure or anything that is not a verdict is `unclear`.
 */
async function readVerdict(decide: () => DeciderVerdict | Promise<DeciderVerdict>): Promise<{ decision: ConfirmationDecision; reason: string; rule?: string }> {
  let raw: unknown;
  try {
    raw = await decide();
  } catch (e) {
    return { decision: "unclear", reason: `The decider failed (${shownValue(e)}).` };
  }
  try {
    const o = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : undefined;
    const decision = o?.["decision"];
    const reason = o?.["reason"];
    const rule = o?.["rule"];
    if (typeof decision !== "string" || !DECISIONS.has(decision))
      return { decision: "unclear", reason: `The decider returned ${shownValue(raw)}, which is not a verdict.` };
    return {
      decision: decision as ConfirmationDecision,
      reason: typeof reason === "string" ? reason : "no reason given",
      ...(typeof rule === "string" ? { rule } : {}),
    };
  } catch (e) {
    return { decision: "unclear", reason: `The decider's verdict could not be read (${shownValue(e)}).` };
  }
}

function toAction(r: PendingActionRecord): PendingAction {
  return { id: r.id, tool: r.tool, arguments: r.arguments, ...(r.description !== undefined ? { description: r.description } : {}) };
}

// ConfirmationPolicy's methods are the consent check: nothing may replace them on the prototype.
Object.freeze(ConfirmationPolicy.prototype);
