import { TRACE_CHAIN_VERSION, chainSeed, foldBlock, isTraceChainVersion, type TraceChainVersion } from "./trace-chain.js";

/** One executed call, as the trace records it. */
export interface TraceEntry {
  /** Position in the session's whole history (0 for its first call), never reused. */
  readonly seq: number;
  readonly callId?: string;
  readonly tool: string;
  readonly arguments: unknown;
  readonly outcome: string;
  readonly from: string;
  readonly to: string;
  /**
   * When the call was recorded, in milliseconds since the Unix epoch (a number, so recording
   * costs no date formatting). Format it when you read it: `traceTime(entry)` or
   * `new Date(entry.at).toISOString()`.
   */
  readonly at: number;
}

/**
 * What a trace keeps of the entries it no longer holds in full: how many there were, the state
 * after the last of them, counters, and a hash chain over all of them (see trace-chain.ts and
 * docs/sessions.md), so a stored trace still commits to its whole history.
 */
export interface DroppedTrace {
  /** Entries dropped (always a multiple of `TRACE_BLOCK`); the first retained entry has this `seq`. */
  readonly count: number;
  /** Hex SHA-256 chain over the dropped entries, block by block, from a seed bound to the session id. */
  readonly digest: string;
  /**
   * The chain's encoding: 3 for sessions created since snapshot format 4; 2 for one restored
   * from a format-3 snapshot, 1 (JSON of each block) from an older one: a restored session goes
   * on with its chain.
   */
  readonly chain: TraceChainVersion;
  /** The state after the last dropped entry (the `from` of the first retained one). */
  readonly lastTo: string;
  /** Time of the first and of the last dropped entry (ms since the epoch). */
  readonly firstAt: number;
  readonly lastAt: number;
  /** Dropped entries per tool. */
  readonly tools: Readonly<Record<string, number>>;
}

/**
 * How much of a session's trace is kept in full.
 * @example new Session(protocol, { trace: { keep: 200 } })
 */
export interface TraceRetention {
  /**
   * The last `keep` entries (at least; at least the last one) stay in full; older ones are
   * folded, `TRACE_BLOCK` at a time, into the dropped-prefix summary. `Infinity` keeps everything (memory and snapshots
   * then grow with the session).
   * @default 1000
   */
  readonly keep?: number;
}

/** Entries are dropped in aligned blocks of this many, so the chain does not depend on when they were dropped. */
export const TRACE_BLOCK = 64;
/** Dropped entries' slots are reclaimed (the array compacted) once at least this many (or `keep`) are free. */
const COMPACT_AFTER = 256;
/** Entries a session keeps in full unless told otherwise: more than a conversation usually makes. */
export const DEFAULT_TRACE_KEEP = 1000;

/** An entry with its keys in the canonical order (the order the chain and the stored JSON use), frozen. */
export function canonicalEntry(
  seq: number,
  callId: string | undefined,
  tool: string,
  args: unknown,
  outcome: string,
  from: string,
  to: string,
  at: number,
): TraceEntry {
  return Object.freeze(entryOf(seq, callId, tool, args, outcome, from, to, at));
}

/** The same, not frozen yet (a session freezes entries when it first hands them out). */
function entryOf(seq: number, callId: string | undefined, tool: string, args: unknown, outcome: string, from: string, to: string, at: number): TraceEntry {
  // (two literals, not a conditional spread: this is on the per-call path)
  return callId !== undefined ? { seq, callId, tool, arguments: args, outcome, from, to, at } : { seq, tool, arguments: args, outcome, from, to, at };
}

/** An entry's time as an ISO 8601 string. */
export function traceTime(entry: Pick<TraceEntry, "at">): string {
  return new Date(entry.at).toISOString();
}

/** A retention setting, checked; a clear `TypeError` for anything but a whole number ≥ 0 or `Infinity`. */
export function keepOf(retention: TraceRetention | undefined): number {
  const keep = retention?.keep ?? DEFAULT_TRACE_KEEP;
  if (keep !== Number.POSITIVE_INFINITY && !(Number.isInteger(keep) && keep >= 0)) {
    throw new TypeError(
      `Session option trace.keep must be a whole number ≥ 0 or Infinity, got ${String(keep)}. Fix: e.g. trace: { keep: 1000 } (the default), or Infinity to keep every entry.`,
    );
  }
  return keep;
}

/**
 * A session's trace: the last entries in full, and a summary with a hash chain of the ones
 * dropped before them. Memory, snapshot size and restore time are bounded by the retention,
 * not by the number of calls.
 * @internal (a Session owns one; read it through the session)
 */
export class SessionTrace {
  readonly #sessionId: string;
  readonly #keep: number;
  /**
   * `#entries[#start, length)` are the entries held in full; the slots before `#start` held
   * entries dropped since the array was last compacted (cleared, so they can be collected):
   * dropping a block moves nothing, compacting moves the array once per `#start` drops.
   */
  #entries: (TraceEntry | undefined)[] = [];
  #start = 0;
  /** The seq of `#entries[0]`. */
  #base = 0;
  /** `#entries[0, #frozen)` are frozen (or cleared); later ones are frozen when first handed out. */
  #frozen = 0;
  #dropped:
    { count: number; digest: string; chain: TraceChainVersion; lastTo: string; firstAt: number; lastAt: number; tools: Record<string, number> } | undefined;
  /** A frozen copy of the entries held in full, made when first read after a change. */
  #view: readonly TraceEntry[] | undefined;

  constructor(sessionId: string, keep: number) {
    this.#sessionId = sessionId;
    // the entry just recorded is always held, so whoever records calls can read it (traceSince)
    this.#keep = Math.max(keep, 1);
  }

  /** How many entries were ever recorded (the `seq` the next one gets). */
  get length(): number {
    return this.#base + this.#entries.length;
  }

  /** The `seq` of the first entry held in full. */
  get firstRetained(): number {
    return this.#base + this.#start;
  }

  get keep(): number {
    return this.#keep;
  }

  /** The entries held in full, oldest first (a frozen array). */
  view(): readonly TraceEntry[] {
    return (this.#view ??= Object.freeze(this.copy()));
  }

  /** A mutable copy of the entries held in full (for snapshots; the entries themselves are frozen and shared). */
  copy(): TraceEntry[] {
    return this.#handOut().slice(this.#start) as TraceEntry[];
  }

  /** The last entry recorded, if it is held. */
  last(): TraceEntry | undefined {
    const e = this.#handOut();
    return e.length > this.#start ? e[e.length - 1] : undefined;
  }

  /** The entries (from `#start`), each frozen before anything outside sees it. */
  #handOut(): (TraceEntry | undefined)[] {
    const e = this.#entries;
    for (let i = Math.max(this.#frozen, this.#start); i < e.length; i++) Object.freeze(e[i]);
    this.#frozen = e.length;
    return e;
  }

  /**
   * Entries with `seq ≥ from`, oldest first. Throws `RangeError` when some of them were dropped
   * (`from < firstRetained`): use `dropped()` for those.
   */
  since(from: number): readonly TraceEntry[] {
    if (!Number.isInteger(from) || from < 0) throw new TypeError(`traceSince(seq): seq must be a whole number ≥ 0, got ${String(from)}.`);
    const first = this.firstRetained;
    if (from < first) {
      throw new RangeError(
        `traceSince(${from}): entries before seq ${first} were dropped by the trace retention (keep ${this.#keep}); their digest and counters are in traceDropped(). Fix: read them when they are recorded, or raise trace.keep.`,
      );
    }
    return from >= this.length ? [] : (this.#handOut().slice(from - this.#base) as TraceEntry[]);
  }

  /** The dropped-prefix summary, or undefined when nothing was dropped. */
  dropped(): DroppedTrace | undefined {
    const d = this.#dropped;
    return d
      ? Object.freeze({
          count: d.count,
          digest: d.digest,
          chain: d.chain,
          lastTo: d.lastTo,
          firstAt: d.firstAt,
          lastAt: d.lastAt,
          tools: Object.freeze({ ...d.tools }),
        })
      : undefined;
  }

  /** Records one entry (the next `seq`) and drops whole blocks beyond the retention. */
  record(callId: string | undefined, tool: string, args: unknown, outcome: string, from: string, to: string, at: number): void {
    const n = this.#entries.push(entryOf(this.#base + this.#entries.length, callId, tool, args, outcome, from, to, at));
    this.#view = undefined;
    if (n - this.#start >= this.#keep + TRACE_BLOCK) this.#trim();
  }

  #trim(): void {
    const entries = this.#entries;
    let cut = this.#start;
    while (entries.length - cut >= this.#keep + TRACE_BLOCK) {
      const first = entries[cut]!;
      const last = entries[cut + TRACE_BLOCK - 1]!;
      const d = (this.#dropped ??= {
        count: 0,
        digest: chainSeed(TRACE_CHAIN_VERSION, this.#sessionId),
        chain: TRACE_CHAIN_VERSION,
        lastTo: first.from,
        firstAt: first.at,
        lastAt: first.at,
        tools: Object.create(null) as Record<string, number>,
      });
      d.digest = foldBlock(d.chain, d.digest, entries as TraceEntry[], cut, TRACE_BLOCK);
      // per tool, one update per run of calls of the same tool
      const tools = d.tools;
      let run = 1;
      for (let i = cut + 1; i <= cut + TRACE_BLOCK; i++) {
        const prev = entries[i - 1]!.tool;
        if (i < cut + TRACE_BLOCK && entries[i]!.tool === prev) run++;
        else {
          tools[prev] = (tools[prev] ?? 0) + run;
          run = 1;
        }
      }
      d.count += TRACE_BLOCK;
      d.lastTo = last.to;
      d.lastAt = last.at;
      for (let i = cut; i < cut + TRACE_BLOCK; i++) entries[i] = undefined;
      cut += TRACE_BLOCK;
    }
    this.#start = cut;
    if (cut >= Math.max(this.#keep, COMPACT_AFTER)) {
      this.#entries = entries.slice(cut);
      this.#base += cut;
      this.#frozen = Math.max(0, this.#frozen - cut);
      this.#start = 0;
    }
    this.#view = undefined;
  }

  /**
   * A trace from stored parts. Checks that the parts fit together (entries numbered from the
   * dropped count without gaps, each starting where the previous one ended, the summary's
   * counters adding up) and returns a message naming the first problem instead of a trace when
   * they do not. Trims to the retention when it holds more.
   */
  static restore(sessionId: string, keep: number, entries: readonly TraceEntry[], dropped: DroppedTrace | undefined): SessionTrace | string {
    if (dropped) {
      if (!(Number.isInteger(dropped.count) && dropped.count > 0 && dropped.count % TRACE_BLOCK === 0))
        return `its dropped-trace count ${dropped.count} is not a positive multiple of ${TRACE_BLOCK}`;
      const counted = Object.values(dropped.tools).reduce((a, b) => a + b, 0);
      if (counted !== dropped.count) return `its dropped-trace counters add up to ${counted}, not the ${dropped.count} entries dropped`;
      if (!/^[0-9a-f]{64}$/.test(dropped.digest)) return `its dropped-trace digest ${JSON.stringify(dropped.digest)} is not a hex SHA-256`;
      if (!isTraceChainVersion(dropped.chain)) return `its dropped-trace chain ${JSON.stringify(dropped.chain)} is not 1, 2 or 3`;
    }
    const first = dropped?.count ?? 0;
    let expectedFrom = dropped?.lastTo;
    const out: TraceEntry[] = new Array(entries.length);
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]!;
      if (e.seq !== first + i) return `trace entry ${i} has seq ${e.seq}, expected ${first + i} (entries must be numbered without gaps from ${first})`;
      if (expectedFrom !== undefined && e.from !== expectedFrom)
        return `trace entry seq ${e.seq} starts in state "${e.from}", but the previous entry ended in "${expectedFrom}"`;
      expectedFrom = e.to;
      out[i] = canonicalEntry(e.seq, e.callId, e.tool, e.arguments, e.outcome, e.from, e.to, e.at);
    }
    const t = new SessionTrace(sessionId, keep);
    t.#entries = out;
    t.#frozen = out.length;
    t.#base = first;
    if (dropped)
      t.#dropped = {
        count: dropped.count,
        digest: dropped.digest,
        chain: dropped.chain,
        lastTo: dropped.lastTo,
        firstAt: dropped.firstAt,
        lastAt: dropped.lastAt,
        tools: Object.assign(Object.create(null) as Record<string, number>, dropped.tools),
      };
    if (out.length >= keep + TRACE_BLOCK) t.#trim();
    return t;
  }
}

/** Why a trimmed trace does not match a full history, or `ok`. */
export type TraceHistoryCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/**
 * Checks a stored trace (a session snapshot's `trace` and `dropped`) against the full history
 * of its session (e.g. an append-only log of every entry): the dropped entries must hash to the
 * summary's digest, and the retained entries must be the history's last ones, exactly.
 *
 * @example
 * const check = verifyTraceHistory(snapshot, everyEntryEverLogged);
 * if (!check.ok) throw new Error(check.reason);
 * @param snapshot `{ id, trace, dropped }` of a session snapshot (`session.toJSON()`).
 * @param history Every entry of the session, in order, from seq 0.
 */
export function verifyTraceHistory(
  snapshot: {
    readonly id: string;
    readonly trace: readonly TraceEntry[];
    /** (`chain` absent: 1, as in snapshot format 2) */
    readonly dropped?: (Omit<DroppedTrace, "chain"> & { readonly chain?: TraceChainVersion }) | undefined;
  },
  history: readonly TraceEntry[],
): TraceHistoryCheck {
  const count = snapshot.dropped?.count ?? 0;
  if (history.length !== count + snapshot.trace.length)
    return {
      ok: false,
      reason: `the history has ${history.length} entries; the trace accounts for ${count + snapshot.trace.length} (${count} dropped, ${snapshot.trace.length} retained)`,
    };
  for (let i = 0; i < history.length; i++) {
    if (history[i]?.seq !== i)
      return { ok: false, reason: `history entry ${i} has seq ${String(history[i]?.seq)}, expected ${i} (the history must start at seq 0, without gaps)` };
  }
  const canon = (e: TraceEntry) => canonicalEntry(e.seq, e.callId, e.tool, e.arguments, e.outcome, e.from, e.to, e.at);
  if (snapshot.dropped) {
    const chain = snapshot.dropped.chain ?? 1;
    if (!isTraceChainVersion(chain)) return { ok: false, reason: `the trace's chain ${JSON.stringify(chain)} is not 1, 2 or 3` };
    let digest = chainSeed(chain, snapshot.id);
    for (let i = 0; i < count; i += TRACE_BLOCK) digest = foldBlock(chain, digest, history.slice(i, i + TRACE_BLOCK).map(canon), 0, TRACE_BLOCK);
    if (digest !== snapshot.dropped.digest)
      return {
        ok: false,
        reason: `the ${count} dropped entries of the history do not hash to the trace's digest (the history or the stored summary was changed)`,
      };
  }
  for (let i = 0; i < snapshot.trace.length; i++) {
    if (JSON.stringify(canon(snapshot.trace[i]!)) !== JSON.stringify(canon(history[count + i]!)))
      return { ok: false, reason: `retained entry seq ${count + i} differs from the history` };
  }
  return { ok: true };
}
