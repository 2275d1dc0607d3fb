import type { Action } from "./action-text.js";

/** The minimum the evaluation reads from a tau2 task (structurally compatible with `AirlineTask`). */
export interface TaskLike {
  readonly id: string;
  readonly user_scenario: {
    readonly instructions: {
      readonly reason_for_call: string;
      readonly known_info?: string | null | undefined;
      readonly task_instructions: string;
    };
  };
  readonly evaluation_criteria: { readonly actions: readonly { readonly name: string; readonly arguments: Readonly<Record<string, unknown>> }[] };
}

/** The minimum the evaluation reads from the airline database. */
export interface DbLike {
  readonly users: Readonly<
    Record<string, { readonly reservations: readonly string[]; readonly payment_methods: Readonly<Record<string, unknown>> } | undefined>
  >;
  readonly reservations: Readonly<Record<string, { readonly status?: string | undefined } | undefined>>;
}

/**
 * What a simulated customer and a simulated agent know about one task (SIMULATION): the
 * customer's facts, the writes that serve the task's goal (the task's expected writes, in order),
 * and — for tasks that expect no write — the write the customer pushes for that the policy forbids.
 */
export interface TaskScenario {
  readonly taskId: string;
  readonly userId: string | undefined;
  readonly name: string | undefined;
  readonly reason: string;
  readonly reservationIds: readonly string[];
  /** Every expected action, in order (reads and writes). */
  readonly expectedActions: readonly Action[];
  /** The expected writes, in order: what the customer will confirm. */
  readonly goalWrites: readonly Action[];
  /** The write the customer pushes for although the task expects none (a policy-forbidden write). */
  readonly forbiddenWrite: Action | undefined;
  /** The user's payment method ids, for an agent that changes arguments. */
  readonly paymentIds: readonly string[];
}

export function buildScenario(task: TaskLike, db: DbLike, writeTools: readonly string[]): TaskScenario {
  const ins = task.user_scenario.instructions;
  const known = ins.known_info ?? "";
  const text = `${ins.reason_for_call}\n${known}\n${ins.task_instructions}`;
  const userId = /user id is:?\s*'?([a-z]+_[a-z]+_\d+)/i.exec(known)?.[1] ?? /([a-z]+_[a-z]+_\d{3,})/.exec(text)?.[1];
  const name = /(?:You are|Your name is) ([A-Z][a-z]+ [A-Z][a-z]+)/.exec(known)?.[1];
  const reservationIds = [...new Set([...text.matchAll(/\b([A-Z0-9]{6})\b/g)].map((m) => m[1] as string))].filter(
    (r) => !/^HAT\d{3}$/.test(r) && db.reservations[r] !== undefined,
  );
  const expectedActions = task.evaluation_criteria.actions.map((a) => ({ tool: a.name, arguments: a.arguments }));
  const goalWrites = expectedActions.filter((a) => writeTools.includes(a.tool));
  const user = userId !== undefined ? db.users[userId] : undefined;
  let forbiddenWrite: Action | undefined;
  if (goalWrites.length === 0) {
    const reason = ins.reason_for_call.toLowerCase();
    const wantsCompensation = /compensat|delayed|complain|certificate|voucher/.test(`${reason} ${ins.task_instructions.toLowerCase()}`);
    const wantsChange = /cancel|change|refund|push back|move|modify|upgrade|downgrade|remove/.test(reason);
    const target = reservationIds[0] ?? user?.reservations.find((r) => db.reservations[r] !== undefined && db.reservations[r]?.status !== "cancelled");
    if (wantsChange && target !== undefined) forbiddenWrite = { tool: "cancel_reservation", arguments: { reservation_id: target } };
    else if (wantsCompensation && userId !== undefined) forbiddenWrite = { tool: "send_certificate", arguments: { user_id: userId, amount: 100 } };
    else if (target !== undefined) forbiddenWrite = { tool: "cancel_reservation", arguments: { reservation_id: target } };
  }
  return {
    taskId: task.id,
    userId,
    name,
    reason: ins.reason_for_call.trim(),
    reservationIds,
    expectedActions,
    goalWrites,
    forbiddenWrite,
    paymentIds: user ? Object.keys(user.payment_methods) : [],
  };
}
