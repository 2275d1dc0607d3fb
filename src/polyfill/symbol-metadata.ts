/**
 * Node 20 has no `Symbol.metadata`. TypeScript's emit for TC39 standard decorators only
 * creates a metadata object when `Symbol.metadata` exists, so it must be installed before
 * any decorated class is defined. Importing `concordat` (or `concordat/decorators`) runs this
 * first. We use the registry symbol so that every copy of the package, and any other library
 * applying the same polyfill, agrees on the same key.
 */
const sym = Symbol as unknown as { metadata?: symbol };
if (typeof sym.metadata !== "symbol") {
  Object.defineProperty(Symbol, "metadata", {
    value: Symbol.for("Symbol.metadata"),
    writable: false,
    enumerable: false,
    configurable: false,
  });
}
export {};
