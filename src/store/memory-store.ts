import { dataText, ClaimConflictError, type RawChunk, type RawHead, type RawRow, type RowWrite, type SignedStoreOptions } from "./session-store.js";
import { SignedSessionStore } from "./signed-session-store.js";

/**
 * Sessions in this process's memory: for tests and single-process tools. Rows are signed like
 * in the database stores, so tampering with `rows` (or `chunks`, or rolling a row back past
 * `claims`) is detected the same way.
 *
 * @example
 * ```ts
 * const store = new MemorySessionStore({ secret: "a-test-secret-of-16+-bytes" });
 * const executor = new GuardedExecutor({ protocol, store });
 * ```
 */
export class MemorySessionStore extends SignedSessionStore {
  readonly kind = "memory";
  /** The raw signed head rows, by session id. */
  readonly rows = new Map<string, RawRow>();
  /** The append-only log chunks, by session id (index order). */
  readonly chunks = new Map<string, RawChunk[]>();
  /** The append-only claims (claim → version it was recorded at), by session id. */
  readonly claims = new Map<string, Map<string, number>>();

  /** @param options `secret` (≥ 16 bytes) and optionally `sealPolicy`. @throws TypeError for a short or missing secret. */
  constructor(options: SignedStoreOptions) {
    super(options, "MemorySessionStore");
  }

  protected insertRow(id: string, row: RawRow): boolean {
    if (this.rows.has(id)) return false;
    this.rows.set(id, row);
    return true;
  }

  protected selectHead(id: string): RawHead | undefined {
    const row = this.rows.get(id);
    if (!row) return undefined;
    const chunks = this.chunks.get(id);
    let maxClaimVersion: number | undefined;
    for (const v of this.claims.get(id)?.values() ?? []) if (maxClaimVersion === undefined || v > maxClaimVersion) maxClaimVersion = v;
    return { ...row, maxChunk: chunks && chunks.length > 0 ? chunks[chunks.length - 1]!.index : undefined, maxClaimVersion };
  }

  protected selectChunks(id: string, fromSeq: number): RawChunk[] {
    const all = this.chunks.get(id) ?? [];
    let start = 0;
    for (let i = 0; i < all.length; i++) if (all[i]!.from <= fromSeq) start = i;
    return all.slice(start);
  }

  protected selectVersion(id: string): number | undefined {
    return this.rows.get(id)?.version;
  }

  protected updateRow(id: string, expectedVersion: number, row: RowWrite): boolean {
    const current = this.rows.get(id);
    if (!current || current.version !== expectedVersion) return false;
    const claims = this.claims.get(id);
    for (const c of row.claims ?? []) if (claims?.has(c)) throw new ClaimConflictError(id, c);
    const chunks = this.chunks.get(id) ?? [];
    if (row.chunk && chunks.some((c) => c.index === row.chunk!.index)) throw new ClaimConflictError(id, `chunk:${row.chunk.index}`);
    this.rows.set(id, { version: row.version, data: dataText(row.data), mac: row.mac });
    if (row.claims && row.claims.length > 0) {
      const map = claims ?? new Map<string, number>();
      for (const c of row.claims) map.set(c, row.version);
      this.claims.set(id, map);
    }
    if (row.chunk) {
      chunks.push(row.chunk);
      this.chunks.set(id, chunks);
    }
    return true;
  }

  async delete(id: string): Promise<boolean> {
    this.chunks.delete(id);
    this.claims.delete(id);
    return this.rows.delete(id);
  }

  async close(): Promise<void> {}
}
