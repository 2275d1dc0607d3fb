import { bypassCall } from "./bypass-call.js";
import { dynamicDispatch } from "./dynamic-dispatch.js";
import { invalidProtocol } from "./invalid-protocol.js";
import { protocolWeakening } from "./protocol-weakening.js";
import type { Rule, RuleMeta } from "./rule.js";
import { unanalyzableProtocol } from "./unanalyzable-protocol.js";
import { unguardedOverride } from "./unguarded-override.js";
import { syntaxError } from "./syntax-error.js";
import { unknownTool } from "./unknown-tool.js";

/** Every rule, in reporting order. `unanalyzable-protocol` runs first: it extracts the protocols the others read. */
export const rules: readonly Rule[] = [
  unanalyzableProtocol,
  syntaxError,
  invalidProtocol,
  protocolWeakening,
  unknownTool,
  unguardedOverride,
  dynamicDispatch,
  bypassCall,
];

/** Reported by the suppression pass, not a rule module. */
export const invalidSuppressionMeta: RuleMeta = {
  id: "invalid-suppression",
  description: "A `concordat-disable-next-line` comment without a reason, or naming an unknown rule.",
  help: "Write `// concordat-disable-next-line <rule> -- <reason>`: name one of the analyzer's rules and say why the finding is safe. A suppression without a reason does not suppress anything.",
};

export const ruleMetas: readonly RuleMeta[] = [...rules.map((r) => r.meta), invalidSuppressionMeta];
