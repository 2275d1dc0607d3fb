/**
 * The reflect-metadata mirror of what `@enforce` records (the protocol and tool table of a class,
 * the tool name of each `@tool` method), written on first read instead of at definition: a
 * metadata provider registered with reflect-metadata 0.2's provider registry answers for exactly
 * the (target, property) pairs concordat mirrors, and fills a pair's entries the first time any
 * reader or writer reaches it. Readers see what an eager `Reflect.defineMetadata` at definition
 * would have shown (the same values, the same key order, their own entries after ours); a pair that
 * already has metadata of another provider when the class is defined is written eagerly, as before.
 * Without the registry (reflect-metadata before 0.2, or another polyfill) every write is eager.
 *
 * @internal
 */

type Key = string | symbol | undefined;

/** A provider as reflect-metadata 0.2 calls it (`Ordinary*` with the metadata key first, the target, the property). */
interface MetadataProvider {
  isProviderFor(target: object, property: Key): boolean;
  OrdinaryDefineOwnMetadata(key: unknown, value: unknown, target: object, property: Key): void;
  OrdinaryHasOwnMetadata(key: unknown, target: object, property: Key): boolean;
  OrdinaryGetOwnMetadata(key: unknown, target: object, property: Key): unknown;
  OrdinaryOwnMetadataKeys(target: object, property: Key): unknown[];
  OrdinaryDeleteMetadata(key: unknown, target: object, property: Key): boolean;
}

interface MetadataRegistry {
  registerProvider(provider: MetadataProvider): void;
  getProvider(target: object, property: Key): MetadataProvider | undefined;
}

type ReflectWithMetadata = typeof Reflect & {
  defineMetadata?: (key: unknown, value: unknown, target: object, property?: string | symbol) => void;
};

/** What a mirrored pair holds: its entries once materialized, or how to make them. */
type Slot = Map<unknown, unknown> | (() => Iterable<readonly [unknown, unknown]>);

/** target → property → slot, for the pairs this provider answers for. */
const slots = new WeakMap<object, Map<Key, Slot>>();

/** The entries of a pair this provider answers for (made from its `entries` on first use), else undefined. */
function entriesOf(target: object, property: Key): Map<unknown, unknown> | undefined {
  const byProperty = slots.get(target);
  const slot = byProperty?.get(property);
  if (slot === undefined || slot instanceof Map) return slot;
  const m = new Map<unknown, unknown>(slot());
  byProperty!.set(property, m);
  return m;
}

const provider: MetadataProvider = {
  isProviderFor(target, property) {
    return slots.get(target)?.has(property) === true;
  },
  OrdinaryDefineOwnMetadata(key, value, target, property) {
    // (reflect-metadata calls this only for a pair this provider answers for)
    entriesOf(target, property)?.set(key, value);
  },
  OrdinaryHasOwnMetadata(key, target, property) {
    return entriesOf(target, property)?.has(key) === true;
  },
  OrdinaryGetOwnMetadata(key, target, property) {
    return entriesOf(target, property)?.get(key);
  },
  OrdinaryOwnMetadataKeys(target, property) {
    const m = entriesOf(target, property);
    return m === undefined ? [] : [...m.keys()];
  },
  OrdinaryDeleteMetadata(key, target, property) {
    const m = entriesOf(target, property);
    return m !== undefined && m.delete(key);
  },
};

/** A provider that never answers, registered before ours (see `registry`). */
const placeholder: MetadataProvider = {
  isProviderFor: () => false,
  OrdinaryDefineOwnMetadata: () => {
    throw new Error("concordat: unreachable metadata provider");
  },
  OrdinaryHasOwnMetadata: () => false,
  OrdinaryGetOwnMetadata: () => undefined,
  OrdinaryOwnMetadataKeys: () => [],
  OrdinaryDeleteMetadata: () => false,
};

let registryState: MetadataRegistry | null | undefined;

/**
 * reflect-metadata's provider registry with this provider registered, or null (no registry, or
 * this provider is not the one it picks). reflect-metadata 0.2.2 returns its first provider when
 * its second one answers (`getProviderNoCache`), so a placeholder takes the second place and this
 * provider a later one; a probe then checks that the registry really picks it.
 */
function registry(): MetadataRegistry | null {
  if (registryState !== undefined) return registryState;
  const r = (Reflect as unknown as Record<symbol, unknown>)[Symbol.for("@reflect-metadata:registry")] as MetadataRegistry | undefined;
  if (r === undefined || typeof r.registerProvider !== "function" || typeof r.getProvider !== "function") return (registryState = null);
  try {
    r.registerProvider(placeholder);
    r.registerProvider(provider);
    const probe = {};
    slots.set(probe, new Map([[undefined, new Map()]]));
    registryState = r.getProvider(probe, undefined) === provider ? r : null;
  } catch {
    registryState = null;
  }
  return registryState;
}

/**
 * Mirrors entries for `target` (and `property`) through reflect-metadata when it is loaded:
 * lazily when this provider can answer for the pair, else by `Reflect.defineMetadata` now.
 * `entries` may be called later, once; the values it returns are what readers get.
 */
export function mirrorMetadataLazily(target: object, property: string | symbol | undefined, entries: () => Iterable<readonly [string, unknown]>): void {
  const r = Reflect as ReflectWithMetadata;
  if (typeof r.defineMetadata !== "function") return;
  const reg = registry();
  let byProperty = slots.get(target);
  if (reg !== null && byProperty?.has(property) !== true && reg.getProvider(target, property) === undefined) {
    if (byProperty === undefined) slots.set(target, (byProperty = new Map()));
    byProperty.set(property, entries);
    return;
  }
  if (reg !== null && byProperty?.has(property) === true) {
    // ours already: add to the pair's entries (materializing them keeps the order of writes)
    const m = entriesOf(target, property)!;
    for (const [k, v] of entries()) m.set(k, v);
    return;
  }
  for (const [k, v] of entries()) {
    if (property === undefined) r.defineMetadata(k, v, target);
    else r.defineMetadata(k, v, target, property);
  }
}
