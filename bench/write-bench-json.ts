import { existsSync, readFileSync, writeFileSync } from "node:fs";

/**
 * Writes benchmark figures to `file` in both spellings: the flat dotted keys ("runtime.ratio")
 * and the same values as nested objects ({ "runtime": { "ratio": … } }). With `merge`, the
 * file's existing top-level keys are kept unless a new figure replaces them.
 */
export function writeBenchJson(file: string, flat: Readonly<Record<string, number>>, options: { readonly merge?: boolean } = {}): void {
  const nested: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(flat)) {
    const parts = k.split(".");
    let node = nested;
    for (const p of parts.slice(0, -1)) node = (node[p] ??= {}) as Record<string, unknown>;
    node[parts.at(-1)!] = v;
  }
  const prev = options.merge && existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : {};
  writeFileSync(file, JSON.stringify({ ...prev, ...flat, ...nested }, null, 2) + "\n");
  console.log(`wrote ${file}`);
}
