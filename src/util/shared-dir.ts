import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { SharedDataError } from "./shared-data-error.js";

/** The package root: the nearest folder above this module holding concordat's package.json. */
export function packageRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    const pj = join(dir, "package.json");
    if (existsSync(pj)) {
      try {
        if ((JSON.parse(readFileSync(pj, "utf8")) as { name?: string }).name === "concordat") return dir;
      } catch {
        // keep walking up
      }
    }
    const up = dirname(dir);
    if (up === dir)
      throw new SharedDataError(
        "shared_data_missing",
        `Cannot find concordat's package.json above ${from}, so ../shared cannot be located. Fix: set CONCORDAT_SHARED_DIR to the shared data folder.`,
      );
    dir = up;
  }
}

/**
 * The shared data folder (tau2 data, recorded trajectories): `$CONCORDAT_SHARED_DIR`, or
 * `../shared` beside the project root.
 */
export function sharedDir(): string {
  const fromEnv = process.env["CONCORDAT_SHARED_DIR"];
  const dir = fromEnv ? resolve(fromEnv) : resolve(packageRoot(), "..", "shared");
  if (!existsSync(dir)) {
    throw new SharedDataError(
      "shared_data_missing",
      `Shared data folder not found at ${dir}. Fix: put tau2 data at ../shared beside the project, or set CONCORDAT_SHARED_DIR to its path.`,
    );
  }
  return dir;
}

/** A path inside the shared data folder. */
export function sharedPath(...parts: string[]): string {
  return join(sharedDir(), ...parts);
}
