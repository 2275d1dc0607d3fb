import type { AirlineDb } from "./db.js";
import type { AirlineTask } from "./tasks.js";
import { isAirlineWriteTool } from "./tool-specs.js";
import { AIRLINE_NOW } from "./tools.js";

/** A tool call of a reference (policy-following) run. */
export interface ReferenceCall {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
  /** The expected action it comes from; absent for a read the protocol needs first. */
  readonly actionId?: string;
}

/** The user id a task's customer gives (`known_info`: "Your user id is …"), else the one its actions use. */
export function taskUserId(task: AirlineTask, db: AirlineDb): string | undefined {
  const known = task.user_scenario.instructions.known_info ?? "";
  const m = /user id is:?\s*'?([a-z]+_[a-z]+_\d+)/i.exec(known);
  if (m) return m[1];
  for (const a of task.evaluation_criteria.actions) {
    const args = a.arguments as { user_id?: unknown; reservation_id?: unknown };
    if (typeof args.user_id === "string") return args.user_id;
    if (typeof args.reservation_id === "string") {
      const owner = db.reservations[args.reservation_id]?.user_id;
      if (owner) return owner;
    }
  }
  return undefined;
}

/**
 * A task's expected actions as a policy-following agent would make them: identify the user
 * first, read each reservation before writing to it, and before a compensation read the user's
 * reservations and check the status of their past and today's flights. Every expected action is
 * kept, in order.
 */
export function referenceCalls(task: AirlineTask, db: AirlineDb): ReferenceCall[] {
  const calls: ReferenceCall[] = [];
  const userId = taskUserId(task, db);
  if (userId !== undefined) calls.push({ name: "get_user_details", arguments: { user_id: userId } });
  const read = new Set<string>();
  for (const a of task.evaluation_criteria.actions) {
    const rid = (a.arguments as { reservation_id?: unknown }).reservation_id;
    if (isAirlineWriteTool(a.name) && typeof rid === "string" && !read.has(rid)) {
      calls.push({ name: "get_reservation_details", arguments: { reservation_id: rid } });
      read.add(rid);
    }
    if (a.name === "send_certificate") {
      // compensation needs the disruption confirmed: read the user's reservations and check their past and today's flights
      const uid = (a.arguments as { user_id?: unknown }).user_id;
      const owner = typeof uid === "string" ? db.users[uid] : undefined;
      for (const r of owner?.reservations ?? []) {
        if (!read.has(r)) calls.push({ name: "get_reservation_details", arguments: { reservation_id: r } });
        read.add(r);
        for (const f of db.reservations[r]?.flights ?? []) {
          if (f.date <= AIRLINE_NOW.slice(0, 10)) calls.push({ name: "get_flight_status", arguments: { flight_number: f.flight_number, date: f.date } });
        }
      }
    }
    if (a.name === "get_reservation_details" && typeof rid === "string") read.add(rid);
    calls.push({ name: a.name, arguments: a.arguments, actionId: a.action_id });
  }
  return calls;
}
