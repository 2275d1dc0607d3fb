/** `concordat/airline`: tau2-bench's airline domain, its database judge and its protocol. */
export {
  loadAirlineDb,
  airlineBaseDb,
  mutableEntry,
  forkAirlineDb,
  materializeAirlineDb,
  AIRLINE_TABLES,
  type AirlineDb,
  type Flight,
  type User,
  type Reservation,
  type CabinClass,
} from "./db.js";
export { loadAirlineTasks, loadAirlineTask, type AirlineTask, type AirlineAction } from "./tasks.js";
export {
  AIRLINE_TOOL_SPECS,
  AIRLINE_TOOL_NAMES,
  AIRLINE_WRITE_TOOLS,
  AIRLINE_READ_TOOLS,
  isAirlineWriteTool,
  type AirlineToolName,
  type AirlineToolArgs,
} from "./tool-specs.js";
export { createAirlineTools, callAirlineTool, AIRLINE_NOW, type AirlineTools } from "./tools.js";
export { AirlineToolError } from "./airline-tool-error.js";
export { SharedDataError, type SharedDataProblem } from "../../util/shared-data-error.js";
export {
  judgeDatabase,
  applyExpectedActions,
  applyExpectedActionsDetailed,
  changedEntries,
  diffDatabases,
  taskExpectsWrite,
  type DatabaseJudgement,
} from "./judge.js";
export { airlineProtocol, airlineContextSchema, initialAirlineContext, freeBagsPerPassenger, type AirlineContext } from "./protocol.js";
export { referenceCalls, taskUserId } from "./reference-calls.js";
export { AIRLINE_CONFIRM_FIELDS } from "./confirm-fields.js";
