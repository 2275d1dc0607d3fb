import { appendFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { ProtocolViolation } from "./protocol-violation.js";
import type { ViolationCode } from "./violation-codes.js";
import type { ViolationData } from "./violation-data.js";

/** One structured record per rejection. */
export interface ViolationRecord {
  readonly time: string;
  readonly sessionId: string | undefined;
  readonly protocol: string | undefined;
  readonly state: string | undefined;
  readonly attempted: { readonly tool: string | undefined; readonly arguments: unknown };
  readonly allowedTools: readonly string[];
  readonly code: string;
  readonly message: string;
  /** The violation's facts (`ProtocolViolation.data`), when it had any. */
  readonly data?: ViolationData[ViolationCode];
  /** The last messages of the conversation, when the caller supplies them. */
  readonly lastMessages?: readonly unknown[];
}

export interface ViolationSink {
  write(record: ViolationRecord): void;
}

export function toViolationRecord(v: ProtocolViolation, lastMessages?: readonly unknown[], now: Date = new Date()): ViolationRecord {
  return {
    time: now.toISOString(),
    sessionId: v.sessionId,
    protocol: v.protocol,
    state: v.state,
    attempted: { tool: v.tool, arguments: v.arguments },
    allowedTools: v.allowedTools,
    code: v.code,
    message: v.message,
    ...(Object.keys(v.data).length > 0 ? { data: v.data } : {}),
    ...(lastMessages ? { lastMessages } : {}),
  };
}

/** Options of `MemoryViolationSink`. */
export interface MemoryViolationSinkOptions {
  /**
   * Most records kept; when full, the oldest is dropped for each new one (counted in `dropped`
   * and still in `counts`). `Infinity` keeps every record.
   * @default 1000
   */
  readonly limit?: number;
}

/**
 * Keeps the latest records in memory (tests, dashboards), bounded: the last `limit` records in
 * full, plus how many were dropped and a count per violation code over all of them.
 *
 * @example
 * const sink = new MemoryViolationSink({ limit: 100 });
 * const log = new ViolationLog([sink]);
 * // … later: sink.records (latest 100), sink.counts["confirmation_missing"], sink.dropped
 */
export class MemoryViolationSink implements ViolationSink {
  readonly limit: number;
  /** Records dropped because the sink was full. */
  dropped = 0;
  /** Records written per violation code, dropped ones included. */
  readonly counts: Record<string, number> = Object.create(null) as Record<string, number>;
  #ring: ViolationRecord[] = [];
  /** Index of the oldest record once the ring is full. */
  #head = 0;
  #view: readonly ViolationRecord[] | undefined;

  /** @throws TypeError when `limit` is not a whole number ≥ 1 or `Infinity`. */
  constructor(options: MemoryViolationSinkOptions = {}) {
    const limit = options.limit ?? 1000;
    if (limit !== Number.POSITIVE_INFINITY && !(Number.isInteger(limit) && limit >= 1)) {
      throw new TypeError(`MemoryViolationSink: limit must be a whole number ≥ 1 or Infinity, got ${String(limit)}. Fix: e.g. { limit: 1000 } (the default).`);
    }
    this.limit = limit;
  }

  /** The records kept, oldest first (a frozen array). */
  get records(): readonly ViolationRecord[] {
    if (!this.#view) {
      const r = this.#ring;
      this.#view = Object.freeze(this.#head === 0 ? r.slice() : [...r.slice(this.#head), ...r.slice(0, this.#head)]);
    }
    return this.#view;
  }

  write(record: ViolationRecord): void {
    this.counts[record.code] = (this.counts[record.code] ?? 0) + 1;
    this.#view = undefined;
    if (this.#ring.length < this.limit) {
      this.#ring.push(record);
      return;
    }
    this.#ring[this.#head] = record;
    this.#head = (this.#head + 1) % this.#ring.length;
    this.dropped++;
  }

  /** Forgets every record and count. */
  clear(): void {
    this.#ring = [];
    this.#head = 0;
    this.#view = undefined;
    this.dropped = 0;
    for (const k of Object.keys(this.counts)) delete this.counts[k];
  }
}

/** Appends one JSON object per line to a file. */
export class JsonLinesViolationSink implements ViolationSink {
  constructor(readonly path: string) {
    mkdirSync(dirname(path), { recursive: true });
  }
  write(record: ViolationRecord): void {
    appendFileSync(this.path, JSON.stringify(record) + "\n");
  }
}

/** Prints one line per record to stderr (or a given writer). */
export class ConsoleViolationSink implements ViolationSink {
  constructor(private readonly out: (line: string) => void = (l) => process.stderr.write(l + "\n")) {}
  write(r: ViolationRecord): void {
    this.out(
      `[concordat] ${r.time} ${r.protocol ?? "?"}@${r.state ?? "?"} ${r.code}: ${r.attempted.tool ?? "?"} refused; allowed: ${r.allowedTools.join(", ") || "none"}`,
    );
  }
}

/** Delivers each record to every sink; a failing sink never hides the violation. */
export class ViolationLog {
  private readonly sinks: ViolationSink[];
  constructor(sinks: ViolationSink[] = []) {
    this.sinks = [...sinks];
  }
  add(sink: ViolationSink): this {
    this.sinks.push(sink);
    return this;
  }
  report(v: ProtocolViolation, lastMessages?: readonly unknown[]): ViolationRecord {
    const record = toViolationRecord(v, lastMessages);
    for (const s of this.sinks) {
      try {
        s.write(record);
      } catch {
        // a broken sink must not turn a refusal into a crash
      }
    }
    return record;
  }
}
