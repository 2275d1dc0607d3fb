import type { StoredSession } from "./session-store.js";

/**
 * What one cached session is counted as, in bytes: a fixed part (the `Session` object, its
 * policies, the row encoder and signer buffers: measured at about 6 KiB) plus three times the
 * encoded head row (the text and the objects parsed from it) plus a share per call held in the
 * trace. An estimate, calibrated by `test/store/session-cache.test.ts` against the heap.
 */
export const SESSION_BASE_BYTES = 6 * 1024;
/** Bytes counted per trace entry held in memory. */
export const TRACE_ENTRY_BYTES = 400;

/** The bytes a cached session is counted as (see `SESSION_BASE_BYTES`). @internal */
export function footprint(stored: StoredSession, headBytes: number): number {
  const trace = (stored.state.session as { trace?: readonly unknown[] } | undefined)?.trace;
  return SESSION_BASE_BYTES + 3 * headBytes + TRACE_ENTRY_BYTES * (trace?.length ?? 0);
}

interface Entry<S> {
  readonly stored: StoredSession;
  session: S | undefined;
  readonly bytes: number;
}

/**
 * The latest row each session had in this process (and the live session object restored from
 * it), least recently saved first. Bounded by bytes (estimated, see `footprint`) and by a
 * session count; evicting only costs a reload. Finished sessions are not kept
 * (`GuardedExecutor` forgets them).
 * @internal
 */
export class SessionCache<S> {
  private readonly entries = new Map<string, Entry<S>>();
  private total = 0;

  constructor(
    readonly maxBytes: number,
    readonly maxSessions: number,
  ) {}

  get(id: string): { readonly stored: StoredSession; readonly session: S | undefined } | undefined {
    return this.entries.get(id);
  }

  /** The cached session object, handed out once (it is about to be mutated); the row stays. */
  take(id: string): { readonly stored: StoredSession; readonly session: S | undefined } | undefined {
    const e = this.entries.get(id);
    if (!e) return undefined;
    const session = e.session;
    e.session = undefined;
    return { stored: e.stored, session };
  }

  /** Caches a row (most recently saved now); evicts the least recently saved while over a bound. */
  set(id: string, stored: StoredSession, session: S | undefined, bytes: number): void {
    this.forget(id);
    if (bytes > this.maxBytes) return; // larger than the whole budget: not cached
    this.entries.set(id, { stored, session, bytes });
    this.total += bytes;
    while (this.total > this.maxBytes || this.entries.size > this.maxSessions) {
      const oldest = this.entries.keys().next().value!;
      this.forget(oldest);
    }
  }

  /** Caches a row without a session object, unless a newer row is cached. */
  setRow(id: string, stored: StoredSession, bytes: number): void {
    const e = this.entries.get(id);
    if (!e || e.stored.version <= stored.version) this.set(id, stored, undefined, bytes);
  }

  forget(id: string): void {
    const e = this.entries.get(id);
    if (!e) return;
    this.entries.delete(id);
    this.total -= e.bytes;
  }

  /** Sessions cached. */
  get size(): number {
    return this.entries.size;
  }

  /** Bytes counted for them. */
  get bytes(): number {
    return this.total;
  }
}
