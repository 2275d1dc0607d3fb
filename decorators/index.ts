// Symbol.metadata must exist before any decorated class is defined; reflect-metadata mirrors the registry.
import "../src/polyfill/symbol-metadata.js";
import "reflect-metadata";

export { enforce } from "./enforce.js";
export { tool, toolFor, type ToolDecorator, type ToolOptions, type CheckToolMethod } from "./tool.js";
export { Agent, type AgentOptions } from "./agent.js";
export { sessionOf, attachSession, configureSession, availableTools, protocolOf } from "./instance-session.js";
export { REFLECT_PROTOCOL_KEY, REFLECT_TOOLS_KEY, REFLECT_TOOL_KEY, type ClassInfo } from "./registry.js";
export { isGuardedWrapper } from "./guarded-method.js";
export type { EnforceDecorator } from "../src/protocol/enforce-hook.js";
export { checkRefinement, type RefinementResult } from "../src/protocol/refinement.js";
