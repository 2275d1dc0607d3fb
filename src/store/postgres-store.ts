import pg from "pg";
import { SignedSessionStore, type RawRow, type RowWrite, type SignedStoreOptions } from "./session-store.js";
import { checkTableName } from "./sqlite-store.js";

export interface PostgresSessionStoreOptions extends SignedStoreOptions {
  /** A `postgres://user:pass@host:port/db` URL; or pass `pool`. */
  readonly connectionString?: string;
  /** An existing pool (the store does not end it on close). */
  readonly pool?: pg.Pool;
  /** Pool size when the store creates the pool. Default 4. */
  readonly maxConnections?: number;
  /** Table name. Default `concordat_sessions`. */
  readonly table?: string;
}

/**
 * Sessions in PostgreSQL through `pg`, for several processes or hosts sharing sessions. Each
 * operation is one statement (compare-and-set is `UPDATE … WHERE id = $1 AND version = $2`).
 * Call `ensureSchema()` once (or create the table yourself, see `schemaSql`).
 */
export class PostgresSessionStore extends SignedSessionStore {
  readonly kind = "postgres";
  readonly table: string;
  readonly pool: pg.Pool;
  private readonly ownsPool: boolean;

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

  /** The DDL of the sessions table (data is TEXT, not JSONB: the HMAC covers the exact bytes). */
  schemaSql(): string {
    return `CREATE TABLE IF NOT EXISTS ${this.table} (
      id TEXT PRIMARY KEY,
      version BIGINT NOT NULL,
      data TEXT NOT NULL,
      mac TEXT NOT NULL,
      updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
    )`;
  }

  /** Creates the table when missing; safe when several processes call it at once. */
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
    const r = await this.pool.query(`INSERT INTO ${this.table} (id, version, data, mac) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING`, [id, row.version, row.data, row.mac]);
    return r.rowCount === 1;
  }

  protected async selectRow(id: string): Promise<RawRow | undefined> {
    const r = await this.pool.query<{ version: string; data: string; mac: string }>(`SELECT version, data, mac FROM ${this.table} WHERE id = $1`, [id]);
    const row = r.rows[0];
    return row ? { version: Number(row.version), data: row.data, mac: row.mac } : undefined;
  }

  protected async selectVersion(id: string): Promise<number | undefined> {
    const r = await this.pool.query<{ version: string }>(`SELECT version FROM ${this.table} WHERE id = $1`, [id]);
    const row = r.rows[0];
    return row ? Number(row.version) : undefined;
  }

  protected async updateRow(id: string, expectedVersion: number, row: RowWrite): Promise<boolean> {
    // UTF-8 bytes go as a binary parameter (for text, its wire form is the bytes themselves); they
    // stay valid until this write settles, so no copy is needed
    const data = typeof row.data === "string" || Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
    const r = await this.pool.query(`UPDATE ${this.table} SET version = $1, data = $2::text, mac = $3, updated_at = now() WHERE id = $4 AND version = $5`, [row.version, data, row.mac, id, expectedVersion]);
    return r.rowCount === 1;
  }

  async delete(id: string): Promise<boolean> {
    const r = await this.pool.query(`DELETE FROM ${this.table} WHERE id = $1`, [id]);
    return r.rowCount === 1;
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
