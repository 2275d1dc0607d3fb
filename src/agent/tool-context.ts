import { AsyncLocalStorage } from "node:async_hooks";

/** What is running now: a tool body of some session (and, for decorated agents, of which instance). */
export interface ToolFrame {
  readonly session: object;
  readonly tool: string;
  readonly instance?: object;
}

const storage = new AsyncLocalStorage<ToolFrame>();

/** Runs a tool body inside a frame, so a nested tool call on the same session can be recognised. */
export function runInToolFrame<R>(frame: ToolFrame, body: () => R): R {
  return storage.run(frame, body);
}

/** The tool body running in the current async context, if any. */
export function currentToolFrame(): ToolFrame | undefined {
  return storage.getStore();
}
