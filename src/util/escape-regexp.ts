/**
 * The text as a regular-expression source that matches exactly that text (every syntax character escaped).
 * @internal
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
