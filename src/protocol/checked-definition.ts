import { ProtocolDefinitionError } from "./definition-error.js";
import { validateDefinition } from "./validate-definition.js";

/**
 * Throws a `ProtocolDefinitionError` listing every problem of a protocol definition, or returns
 * when it is valid. Shared by `defineProtocol` and `Protocol.extend` (kept apart from both so
 * neither imports the other).
 *
 * @param config The definition as given (any shape: JavaScript callers and dynamic definitions).
 * @throws ProtocolDefinitionError when the definition has at least one issue.
 * @internal
 */
export function assertValidDefinition(config: unknown): void {
  const issues = validateDefinition(config as never);
  if (issues.length === 0) return;
  const name =
    typeof config === "object" && config !== null && typeof (config as { name?: unknown }).name === "string" && (config as { name: string }).name
      ? (config as { name: string }).name
      : "<unnamed>";
  throw new ProtocolDefinitionError(name, issues);
}
