import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * Loads a module of the compiled package (`dist/`), which is what users run. Benchmarks of the
 * runtime's own cost use it instead of importing the TypeScript sources through tsx: tsx's
 * esbuild transform keeps function names by wrapping every function it creates in a `__name`
 * call, which costs several microseconds per guarded call that users never pay.
 */
export async function importBuilt<T>(distPath: string): Promise<T> {
  const file = fileURLToPath(new URL(`../dist/${distPath}`, import.meta.url));
  if (!existsSync(file)) throw new Error(`bench: ${file} does not exist. Fix: run \`npm run build\` first (the npm bench scripts do).`);
  return (await import(pathToFileURL(file).href)) as T;
}

/**
 * Loads a module of another compiled copy of the package, for same-process comparisons
 * (`CONCORDAT_BENCH_AGAINST=DIR`, DIR being that copy's `dist/`).
 */
export async function importFromDist<T>(distDir: string, distPath: string): Promise<T> {
  const file = resolve(distDir, distPath);
  if (!existsSync(file))
    throw new Error(
      `bench: ${file} does not exist. Fix: point CONCORDAT_BENCH_AGAINST at the dist/ directory of a built copy (npx tsc -p tsconfig.build.json there).`,
    );
  return (await import(pathToFileURL(file).href)) as T;
}
