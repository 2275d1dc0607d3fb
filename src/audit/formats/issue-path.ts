import type { z } from "zod";

/** `simulations[3].messages[5].role` from a base and a zod issue path. */
export function issuePath(base: string, path: readonly PropertyKey[]): string {
  let out = base;
  for (const p of path) out += typeof p === "number" ? `[${p}]` : `${out === "" ? "" : "."}${String(p)}`;
  return out;
}

/** One line per zod issue: `where: message`. */
export function describeIssues(base: string, error: z.ZodError): string[] {
  return error.issues.map((i) => `${issuePath(base, i.path)}: ${i.message}`);
}
