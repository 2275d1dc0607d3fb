import { canonicalJson } from "../confirmation/canonical-json.js";

/**
 * Identifies an action: the tool and its canonical arguments (the confirmation module's canonical
 * JSON: key order and `1.0`/`1` do not matter). A yes is used up per action key.
 */
export function actionKey(tool: string, args: unknown): string {
  return `${tool} ${canonicalJson(args)}`;
}
