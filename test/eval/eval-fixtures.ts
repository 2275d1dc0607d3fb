/**
 * Shared inputs of the eval tests: a two-cancellation scenario and an agent profile that never cuts
 * a corner (every corner-cutting probability 0).
 * @internal
 */
import { AGENT_PROFILES, type AgentProfile } from "../../src/eval/agent-profiles.js";
import type { TaskScenario } from "../../src/eval/scenario.js";

/** Raj Brown cancels two reservations (AAAAAA, BBBBBB); no forbidden write, no payment ids. */
export const twoCancellationsScenario: TaskScenario = {
  taskId: "t",
  userId: "raj_brown_5782",
  name: "Raj Brown",
  reason: "I want to cancel two reservations.",
  reservationIds: ["AAAAAA", "BBBBBB"],
  expectedActions: [],
  goalWrites: [
    { tool: "cancel_reservation", arguments: { reservation_id: "AAAAAA" } },
    { tool: "cancel_reservation", arguments: { reservation_id: "BBBBBB" } },
  ],
  forbiddenWrite: undefined,
  paymentIds: [],
};

/** The first profile with every corner-cutting probability set to 0. */
export const carefulProfile: AgentProfile = {
  ...(AGENT_PROFILES[0] as AgentProfile),
  name: "careful",
  skipConfirmation: 0,
  proceedOnPressureReply: 0,
  proceedAfterDenial: 0,
  changeArgsAfterConfirmation: 0,
  forbiddenWrite: 0,
  actOnSwitch: 0,
  mistake: 0,
};
