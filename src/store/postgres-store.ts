import pg from "pg";
import { ClaimConflictError, type RawChunk, type RawHead, type RawRow, type RowWrite, type SignedStoreOptions } from "./session-store.js";
import { SignedSessionStore } from "./signed-session-store.js";
import { checkTableName } from "./sqlite-store.js";

export interface PostgresSessionStoreOptions extends SignedStoreOptions {
  /** A `postgres://user:pass@host:port/db` URL; or pass `pool`. */
  readonly connectionString?: string;
  /** An existing pool (the store does not end it on close). */
  readonly pool?: pg.Pool;
  /** Pool size when the store creates the pool. Default 4. */
  readonly maxConnections?: number;
  /** Table name; the log and claims live in `<table>_log` and `<table>_claims`. Default `concordat_sessions`. */
  readonly table?: string;
}

/**
 * Sessions in PostgreSQL through `pg`, for several processes or hosts sharing sessions. Each
 * operation is one statement: compare-and-set is `UPDATE … WHERE id = $1 AND version = $2`, and a
 * save that seals calls into the log or claims a write inserts them in the same statement (data-
 * modifying `WITH`). Call `ensureSchema()` once (or create the tables yourself, see `schemaSql`).
 *
 * @example
 * ```ts
 * import { PostgresSessionStore } from "concordat/postgres";
 * const store = await new PostgresSessionStore({ connectionString: process.env.DATABASE_URL, secret }).ensureSchema();
 * ```
 */
export class PostgresSessionStore extends SignedSessionStore {
  readonly kind = "postgres";
  readonly table: string;
  readonly pool: pg.Pool;
  private readonly ownsPool: boolean;

  /** @throws TypeError without `connectionString` or `pool`, for a short secret, or a bad table name. */
  constructor(options: PostgresSessionStoreOptions) {
    super(options, "PostgresSessionStore");
    this.table = checkTableName(options.table ?? "concordat_sessions");
    if (options.pool) {
      this.pool = options.pool;
      this.ownsPool = false;
    } else {
      if (!options.connectionString) throw new TypeError("PostgresSessionStore: pass `connectionString` (postgres://user:pass@host:port/db) or `pool`.");
      this.pool = new pg.Pool({ connectionString: options.connectionString, max: options.maxConnections ?? 4 });
      this.ownsPool = true;
    }
  }

  /**
   * The DDL of the head, log and claim tables (data is TEXT, not JSONB: the HMAC covers the exact
   * bytes). Grant the service only INSERT and SELECT on `_log` and `_claims` (plus DELETE if it
   * deletes sessions): they are what makes a rolled-back head detectable.
   */
  schemaSql(): string {
    const t = this.table;
    return `CREATE TABLE IF NOT EXISTS ${t} (
      id TEXT PRIMARY KEY,
      version BIGINT NOT NULL,
      data TEXT NOT NULL,
      mac TEXT NOT NULL,
      updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE TABLE IF NOT EXISTS ${t}_log (
      session_id TEXT NOT NULL,
      idx INTEGER NOT NULL,
      from_seq BIGINT NOT NULL,
      version BIGINT NOT NULL,
      data TEXT NOT NULL,
      mac TEXT NOT NULL,
      PRIMARY KEY (session_id, idx)
    );
    CREATE TABLE IF NOT EXISTS ${t}_claims (
      session_id TEXT NOT NULL,
      claim TEXT NOT NULL,
      version BIGINT NOT NULL,
      PRIMARY KEY (session_id, claim)
    )`;
  }

  /** Creates the tables when missing; safe when several processes call it at once. */
  async ensureSchema(): Promise<this> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`concordat:${this.table}`]);
      await client.query(this.schemaSql());
      await client.query("COMMIT");
    } catch (e) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
    return this;
  }

  protected async insertRow(id: string, row: RawRow): Promise<boolean> {
    const r = await this.pool.query(`INSERT INTO ${this.table} (id, version, data, mac) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING`, [
      id,
      row.version,
      row.data,
      row.mac,
    ]);
    return r.rowCount === 1;
  }

  protected async selectHead(id: string): Promise<RawHead | undefined> {
    const t = this.table;
    const r = await this.pool.query<{ version: string; data: string; mac: string; max_chunk: number | null; max_claim: string | null }>(
      `SELECT version, data, mac, (SELECT max(idx) FROM ${t}_log WHERE session_id = $1) AS max_chunk, (SELECT max(version) FROM ${t}_claims WHERE session_id = $1) AS max_claim FROM ${t} WHERE id = $1`,
      [id],
    );
    const row = r.rows[0];
    return row
      ? {
          version: Number(row.version),
          data: row.data,
          mac: row.mac,
          maxChunk: row.max_chunk ?? undefined,
          maxClaimVersion: row.max_claim === null ? undefined : Number(row.max_claim),
        }
      : undefined;
  }

  protected async selectChunks(id: string, fromSeq: number): Promise<RawChunk[]> {
    const t = this.table;
    const r = await this.pool.query<{ idx: number; from_seq: string; version: string; data: string; mac: string }>(
      `SELECT idx, from_seq, version, data, mac FROM ${t}_log WHERE session_id = $1 AND idx >= coalesce((SELECT max(idx) FROM ${t}_log WHERE session_id = $1 AND from_seq <= $2), 0) ORDER BY idx`,
      [id, fromSeq],
    );
    return r.rows.map((c) => ({ index: c.idx, from: Number(c.from_seq), version: Number(c.version), data: c.data, mac: c.mac }));
  }

  protected async selectVersion(id: string): Promise<number | undefined> {
    const r = await this.pool.query<{ version: string }>(`SELECT version FROM ${this.table} WHERE id = $1`, [id]);
    const row = r.rows[0];
    return row ? Number(row.version) : undefined;
  }

  protected async updateRow(id: string, expectedVersion: number, row: RowWrite): Promise<boolean> {
    const t = this.table;
    // UTF-8 bytes go as a binary parameter (for text, its wire form is the bytes themselves); they
    // stay valid until this write settles, so no copy is needed
    const data = typeof row.data === "string" || Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
    const params: unknown[] = [row.version, data, row.mac, id, expectedVersion];
    const update = `UPDATE ${t} SET version = $1, data = $2::text, mac = $3, updated_at = now() WHERE id = $4 AND version = $5`;
    const claims = row.claims ?? [];
    if (claims.length === 0 && !row.chunk) return (await this.pool.query(update, params)).rowCount === 1;
    // one statement: the inserts read the updated row, so they happen only when compare-and-set won
    const parts = [`u AS (${update} RETURNING 1)`];
    if (claims.length > 0) {
      params.push(claims);
      parts.push(`c AS (INSERT INTO ${t}_claims (session_id, claim, version) SELECT $4, x, $1 FROM u, unnest($${params.length}::text[]) AS x)`);
    }
    if (row.chunk) {
      params.push(row.chunk.index, row.chunk.from, row.chunk.data, row.chunk.mac);
      const n = params.length;
      parts.push(
        `l AS (INSERT INTO ${t}_log (session_id, idx, from_seq, version, data, mac) SELECT $4, $${n - 3}::int, $${n - 2}::bigint, $1, $${n - 1}::text, $${n} FROM u)`,
      );
    }
    try {
      const r = await this.pool.query<{ n: number }>(`WITH ${parts.join(", ")} SELECT count(*)::int AS n FROM u`, params);
      return r.rows[0]!.n === 1;
    } catch (e) {
      const err = e as { code?: string; constraint?: string };
      if (err.code !== "23505") throw e;
      if (err.constraint === `${t}_log_pkey`) throw new ClaimConflictError(id, `chunk:${row.chunk?.index ?? "?"}`);
      const taken = await this.pool.query<{ claim: string }>(`SELECT claim FROM ${t}_claims WHERE session_id = $1 AND claim = ANY($2::text[]) LIMIT 1`, [
        id,
        claims,
      ]);
      throw new ClaimConflictError(id, taken.rows[0]?.claim ?? claims[0]!);
    }
  }

  async delete(id: string): Promise<boolean> {
    const t = this.table;
    const r = await this.pool.query(
      `WITH a AS (DELETE FROM ${t}_log WHERE session_id = $1), b AS (DELETE FROM ${t}_claims WHERE session_id = $1) DELETE FROM ${t} WHERE id = $1`,
      [id],
    );
    return r.rowCount === 1;
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
