/**
 * Optional peer dependencies: the parts of Concordat that need a heavy or native package (the
 * analyzer: ts-morph; the SQLite store: better-sqlite3; the report: @viz-js/viz) load it when
 * they are first used, so `npm i concordat` pulls in none of them.
 */

import { ConcordatError } from "../errors/concordat-error.js";

/** A feature was used whose optional peer dependency is not installed (code `missing_dependency`). */
export class MissingDependencyError extends ConcordatError<"missing_dependency"> {
  /** The npm package that is missing, e.g. `"better-sqlite3"`. */
  readonly packageName: string;
  /** The command that installs it. */
  readonly install: string;

  constructor(packageName: string, feature: string, install: string, options?: { cause?: unknown }) {
    super("missing_dependency", `${feature} needs the optional package "${packageName}", which is not installed. Fix: ${install}`, options);
    this.name = "MissingDependencyError";
    this.packageName = packageName;
    this.install = install;
  }
}

/**
 * True when `error` is Node's "cannot find package" for `packageName` (ESM `import()` or CommonJS
 * `require`), as opposed to an error thrown while the package itself was loading.
 * @internal
 */
export function isMissingPackage(error: unknown, packageName: string): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e || (e.code !== "ERR_MODULE_NOT_FOUND" && e.code !== "MODULE_NOT_FOUND")) return false;
  const message = typeof e.message === "string" ? e.message : "";
  return message.includes(`'${packageName}'`) || message.includes(`"${packageName}"`) || message.includes(`/${packageName}/`);
}

/**
 * Runs `load` (an `import()` of the module that needs `packageName`) and turns "cannot find
 * package" into a {@link MissingDependencyError} that names the feature and the install command.
 * @internal
 */
export async function loadOptional<T>(packageName: string, feature: string, install: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    if (isMissingPackage(e, packageName)) throw new MissingDependencyError(packageName, feature, install, { cause: e });
    throw e;
  }
}
