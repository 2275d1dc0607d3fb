import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { UsageError } from "./io.js";

/**
 * Imports `<module>#<export>` relative to `cwd`. TypeScript modules load through tsx when it is
 * installed; otherwise the error says to point at compiled JavaScript.
 */
export async function loadExport(spec: string, cwd: string): Promise<unknown> {
  const hash = spec.lastIndexOf("#");
  const file = hash > 0 ? spec.slice(0, hash) : spec;
  const name = hash > 0 ? spec.slice(hash + 1) : "default";
  const path = resolve(cwd, file);
  if (!existsSync(path))
    throw new UsageError(`module "${file}" not found (resolved to ${path}). Fix: pass <module>#<export>, e.g. ./src/protocols.ts#refundProtocol.`);
  if (/\.(c|m)?tsx?$/.test(path)) {
    try {
      const api = (await import("tsx/esm/api" as string)) as { register: () => unknown };
      api.register();
    } catch {
      throw new UsageError(`"${file}" is TypeScript and tsx is not installed. Fix: npm i -D tsx, or pass the compiled .js module.`);
    }
  }
  const mod = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  if (!(name in mod)) {
    throw new UsageError(`module "${file}" has no export "${name}". Exports: ${Object.keys(mod).join(", ") || "(none)"}.`);
  }
  return mod[name];
}
