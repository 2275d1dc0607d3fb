/**
 * The held-out part of the real-reply corpus, fixed before any reply was labelled or judged:
 * every reply from a run whose agent (and simulated customer) was grok-4 or
 * grok-4-fast-reasoning, or from the tau-bench v1 gpt-4o sample. The judge's rules were
 * written while reading only the other part (grok-3 and grok-3-mini runs); figures are
 * reported on both parts separately.
 * @internal
 */
export function heldOutFile(file: string): boolean {
  const name = file.replace(/\\/g, "/").split("/").pop() ?? file;
  return /^grok-4/.test(name) || /tau1|gpt-4o/.test(file);
}
