import type { Protocol } from "../protocol/protocol.js";
import type { RecordedToolCall } from "./recorded-run.js";

/** The kind of value a detail is: what a report names when the description said something else. */
export type DetailField = "reservation" | "flight" | "date" | "cabin" | "passenger" | "payment" | "amount" | "bags" | "insurance" | "other";

/** A detail of an action that the agent's description (or the user's yes) must mention. */
export interface ActionDetail {
  /** What it is, for evidence: `reservation_id EHGLP3`, `flight HAT110 on 2024-05-24`. */
  readonly label: string;
  /**
   * `subject`: what the action is about (a reservation id); it may have been named anywhere in the
   * conversation before the yes. `change`: what the action does (flights, amounts, payment); it must be
   * in the agent's confirmation request, the yes itself, or the user's own words since the last write.
   * `request`: a check of what the request the user answered (with the reply) says, and only that:
   * a cabin or an amount it states that the call contradicts.
   */
  readonly scope: "subject" | "change" | "request";
  /**
   * Whether the text mentions it in an accepted form (for `request` details: does not contradict
   * it; they also get the user's reply alone, as `reply`, to read what the user accepted).
   */
  test(text: string, reply?: string): boolean;
  /**
   * For a `subject` detail: whether a confirmation request names another subject of the same kind
   * (another reservation). Then the subject must be named in the request itself: a yes to "downgrade
   * BOH180" does not cover a write to JG7FMM mentioned earlier in the conversation.
   */
  namesOther?(text: string): boolean;
  /**
   * For a `change` detail the request and the user's words did not mention: whether it is still
   * described, given the agent's own account of the plan since the last write (`plan`: its messages
   * up to and including the request) and what the request and the user said (`said`): a flight
   * offered earlier and then called "the nonstop flight" in the request, when the plan named no other
   * (one of several flights offered is not); a new flight's date that is the day of the flights it
   * replaces, when nothing said names another day.
   */
  impliedBy?(plan: string, said: string): boolean;
  /** Names what the action is about (the reservation): a yes whose own words name it is preferred as evidence. */
  readonly primary?: boolean;
  /** The kind of value, for reports. */
  readonly field?: DetailField;
  /** The value the call executes, as reports show it. */
  readonly executed?: string;
  /** The values of this field the text names instead, for reports when the test fails ([] when it names none). */
  described?(text: string): readonly string[];
}

/** How a call differed from what the user was told, for one detail. */
export interface DetailMismatch {
  readonly field: DetailField;
  /** The detail's label. */
  readonly detail: string;
  /** What the description named for this field ([]: it named nothing of the kind). */
  readonly described: readonly string[];
  /** What the call did. */
  readonly executed: string;
}

/**
 * What the auditor needs to know about a domain: which calls need the user's confirmation, how an
 * agent names each action in prose, and which details of a call must appear in the description the
 * user said yes to. `Knowledge` is what earlier tool results revealed (profiles, reservations).
 */
export interface AuditDomain<Knowledge = unknown> {
  readonly name: string;
  /** Tools whose calls need an explicit yes to the described action. */
  readonly writeTools: ReadonlySet<string>;
  /**
   * Every tool of the domain (reads and writes), across the log formats it is recorded in. When set,
   * a run calling only other tools is reported as another domain's run, not judged `no_writes`.
   */
  readonly knownTools?: ReadonlySet<string>;
  /** Tools other domains of the benchmark have too (`think`, `calculate`, `transfer_to_human_agents`, ...): they say nothing about a run's domain. */
  readonly genericTools?: ReadonlySet<string>;
  /** The domain's protocol: recorded calls are replayed through it to report what it would have refused besides confirmation. */
  readonly protocol?: Protocol<any, any, any>;
  /** Adapts a recorded result value to what the protocol's reducers expect (older log formats). */
  adaptResult?(call: RecordedToolCall, value: unknown): unknown;
  /** Words that name the action of `tool` in prose ("cancel", "baggage", ...). */
  actionWords(tool: string): RegExp;
  /** Fresh knowledge for a run. */
  initialKnowledge(): Knowledge;
  /** Learns from a tool result (e.g. a user profile's payment methods). */
  observe(knowledge: Knowledge, call: RecordedToolCall): void;
  /**
   * Whether `call` pays with (or refunds to) the one payment method the record it changes was paid
   * with: what a user's "the original payment" / "the same payment method as before" names.
   */
  paysWithRecordedMethod?(call: RecordedToolCall, knowledge: Knowledge): boolean;
  /**
   * Whether `call` pays with payment methods and every one of them is named in `text` (a user's
   * "use my gift card with the smallest balance"): what a payment statement beside a yes names.
   */
  paysWithMethodsNamedIn?(call: RecordedToolCall, knowledge: Knowledge, text: string): boolean;
  /** The details of `call` that the user must have been told before saying yes. */
  details(call: RecordedToolCall, knowledge: Knowledge): readonly ActionDetail[];
  /**
   * Whether `call`'s recorded result shows that it changed nothing the run had not already seen (an update repeated with the
   * same values, no money moved): such a repeat of a confirmed write with the same arguments is covered by the same yes.
   */
  repeatsApplied?(call: RecordedToolCall, knowledge: Knowledge): boolean;
}
