/**
 * Effect-sink keys of calls on generic client methods (`api.post(path, body)`,
 * `db.query(sql)`): the constant first argument says which effect a call is, so
 * `api.post("/refunds")` and `api.post("/notes")` are different sinks. A key is then
 * `<base>::<argument pattern>`, where the pattern is the constant with `*` for each
 * substitution of a template literal, or `*` when the argument is not constant.
 *
 * @internal
 */

const SEP = "::";

/** `T:x#Api.post::"/refunds"` → base `T:x#Api.post`, arg `/refunds`. */
export function splitKey(key: string): { readonly base: string; readonly arg: string | undefined } {
  const i = key.indexOf(SEP);
  return i < 0 ? { base: key, arg: undefined } : { base: key.slice(0, i), arg: key.slice(i + SEP.length) };
}

export function withArg(key: string, arg: string): string {
  return `${splitKey(key).base}${SEP}${arg}`;
}

function globRegex(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .split("*")
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join("[\\s\\S]*")}$`,
  );
}

/** Whether two argument patterns may stand for the same value (`*` matches anything). */
export function argsMayMatch(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined || a === "*" || b === "*" || a === b) return true;
  if (!a.includes("*") && !b.includes("*")) return false;
  return globRegex(a).test(b.replace(/\*/g, "")) || globRegex(b).test(a.replace(/\*/g, ""));
}

/** A map of keys that finds the entries a key may stand for (same base, matching argument). */
export class KeyIndex<T> {
  private readonly byBase = new Map<string, [string | undefined, T][]>();

  constructor(entries: Iterable<[string, T]>) {
    for (const [k, v] of entries) {
      const { base, arg } = splitKey(k);
      let list = this.byBase.get(base);
      if (!list) this.byBase.set(base, (list = []));
      list.push([arg, v]);
    }
  }

  get size(): number {
    return this.byBase.size;
  }

  /** The keys' bases (without argument patterns). */
  bases(): IterableIterator<string> {
    return this.byBase.keys();
  }

  /** The first entry `key` may stand for. */
  find(key: string): T | undefined {
    const { base, arg } = splitKey(key);
    const list = this.byBase.get(base);
    if (!list) return undefined;
    const exact = list.find(([a]) => a === arg);
    if (exact) return exact[1];
    return list.find(([a]) => argsMayMatch(a, arg))?.[1];
  }
}
