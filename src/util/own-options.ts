/**
 * A copy of an options object holding only its own enumerable properties, on a null prototype:
 * a property that other code added to `Object.prototype` (prototype pollution, e.g.
 * `Object.prototype.confirmation = { key: "known" }`) is never read as an option.
 * `undefined` and `null` give an empty object.
 * @internal
 */
export function ownOptions<T extends object>(options: T | undefined | null): T {
  const out = Object.create(null) as Record<PropertyKey, unknown>;
  if (options === undefined || options === null) return out as T;
  if (typeof options !== "object") throw new TypeError(`Options must be an object, got ${typeof options}.`);
  for (const k of Object.keys(options)) out[k] = (options as Record<string, unknown>)[k];
  return out as T;
}

/**
 * Gives every key in `keys` that `target` does not have an own, non-enumerable `undefined`
 * property, so reading it never falls through to a polluted `Object.prototype`. Invisible to
 * `Object.keys`, spreads and JSON. Call before freezing.
 * @internal
 */
export function shadowAbsent(target: object, keys: readonly string[]): void {
  for (const k of keys)
    if (!Object.prototype.hasOwnProperty.call(target, k))
      Object.defineProperty(target, k, { value: undefined, enumerable: false, writable: false, configurable: false });
}
