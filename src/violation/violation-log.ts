import { appendFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { ProtocolViolation } from "./protocol-violation.js";

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
  readonly data?: Readonly<Record<string, unknown>>;
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

/** Keeps records in memory (tests, dashboards). */
export class MemoryViolationSink implements ViolationSink {
  readonly records: ViolationRecord[] = [];
  write(record: ViolationRecord): void {
    this.records.push(record);
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
    this.out(`[concordat] ${r.time} ${r.protocol ?? "?"}@${r.state ?? "?"} ${r.code}: ${r.attempted.tool ?? "?"} refused; allowed: ${r.allowedTools.join(", ") || "none"}`);
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
