/**
 * `concordat/testing`: helpers for tests of agents — a scripted model client that plays a fixed
 * list of turns, and builders for its tool calls and replies.
 * @module
 */
export { ScriptedModelClient, call, toolCalls, say, type ScriptedTurn } from "../agent/scripted-model-client.js";
