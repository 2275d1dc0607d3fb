import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { createRequire } from "node:module";
import type Database from "better-sqlite3";
import { isMissingPackage, MissingDependencyError } from "../util/optional-dependency.js";
import { ClaimConflictError, type RawChunk, type RawHead, type RawRow, type RowWrite, type SignedStoreOptions } from "./session-store.js";
import { SignedSessionStore } from "./signed-session-store.js";

export interface SqliteSessionStoreOptions extends SignedStoreOptions {
  /** Database file (created with its directory when missing). Default `.concordat/sessions.db`; `:memory:` for a private in-memory database. */
  readonly path?: string;
  /** Table name; the log and claims live in `<table>_log` and `<table>_claims`. Default `concordat_sessions`. */
  readonly table?: string;
  /** How long a writer waits for another process's lock, in ms. Default 10000. */
  readonly busyTimeoutMs?: number;
  /**
   * `NORMAL` (default; with WAL a committed row survives a process crash, the last commits may
   * be lost on power failure) or `FULL` (survives power failure, slower).
   */
  readonly synchronous?: "NORMAL" | "FULL";
}

export const DEFAULT_SQLITE_PATH = ".concordat/sessions.db";

/**
 * Sessions in a SQLite file through better-sqlite3 (WAL mode): the embedded default. Several
 * processes on one host may share the file; compare-and-set keeps them consistent. A save is
 * one `UPDATE` of the head row; a save that seals calls into the log or claims a write adds its
 * inserts in the same `BEGIN IMMEDIATE` transaction.
 *
 * @example
 * ```ts
 * const store = new SqliteSessionStore({ path: "sessions.db", secret: process.env.CONCORDAT_STORE_SECRET! });
 * ```
 */
export class SqliteSessionStore extends SignedSessionStore {
  readonly kind = "sqlite";
  readonly path: string;
  readonly table: string;
  readonly db: Database.Database;
  private readonly insertStmt: Database.Statement;
  private readonly headStmt: Database.Statement;
  private readonly chunksStmt: Database.Statement;
  private readonly versionStmt: Database.Statement;
  private readonly updateStmt: Database.Statement;
  private readonly claimStmt: Database.Statement;
  private readonly chunkStmt: Database.Statement;
  private readonly transact: (id: string, expectedVersion: number, row: RowWrite) => boolean;
  private readonly remove: (id: string) => boolean;

  /**
   * @param options `secret` (≥ 16 bytes), `path`, `table`, `busyTimeoutMs`, `synchronous`.
   * @throws TypeError for a short secret or a table name that is not a plain identifier.
   */
  constructor(options: SqliteSessionStoreOptions) {
    super(options, "SqliteSessionStore");
    this.path = options.path ?? DEFAULT_SQLITE_PATH;
    const t = (this.table = checkTableName(options.table ?? "concordat_sessions"));
    if (this.path !== ":memory:" && !this.path.startsWith("file:")) mkdirSync(dirname(this.path), { recursive: true });
    this.db = new (openSqlite())(this.path, { timeout: options.busyTimeoutMs ?? 10_000 });
    this.db.pragma("journal_mode = WAL");
    this.db.pragma(`synchronous = ${options.synchronous === "FULL" ? "FULL" : "NORMAL"}`);
    this.db.exec(`CREATE TABLE IF NOT EXISTS ${t} (
      id TEXT PRIMARY KEY,
      version INTEGER NOT NULL,
      data TEXT NOT NULL,
      mac TEXT NOT NULL,
      updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
    );
    CREATE TABLE IF NOT EXISTS ${t}_log (
      session_id TEXT NOT NULL,
      idx INTEGER NOT NULL,
      from_seq INTEGER NOT NULL,
      version INTEGER NOT NULL,
      data TEXT NOT NULL,
      mac TEXT NOT NULL,
      PRIMARY KEY (session_id, idx)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS ${t}_claims (
      session_id TEXT NOT NULL,
      claim TEXT NOT NULL,
      version INTEGER NOT NULL,
      PRIMARY KEY (session_id, claim)
    ) WITHOUT ROWID`);
    this.insertStmt = this.db.prepare(`INSERT INTO ${t} (id, version, data, mac) VALUES (?, ?, ?, ?) ON CONFLICT(id) DO NOTHING`);
    this.headStmt = this.db.prepare(
      `SELECT version, data, mac, (SELECT max(idx) FROM ${t}_log WHERE session_id = @id) AS maxChunk, (SELECT max(version) FROM ${t}_claims WHERE session_id = @id) AS maxClaimVersion FROM ${t} WHERE id = @id`,
    );
    this.chunksStmt = this.db.prepare(
      `SELECT idx AS "index", from_seq AS "from", version, data, mac FROM ${t}_log WHERE session_id = @id AND idx >= coalesce((SELECT max(idx) FROM ${t}_log WHERE session_id = @id AND from_seq <= @from), 0) ORDER BY idx`,
    );
    this.versionStmt = this.db.prepare(`SELECT version FROM ${t} WHERE id = ?`).pluck();
    // CAST: UTF-8 bytes are bound as a BLOB and stored as TEXT (no JavaScript string is built for them)
    const set = `UPDATE ${t} SET version = ?, data = CAST(? AS TEXT), mac = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ? AND version = ?`;
    this.updateStmt = this.db.prepare(set);
    this.claimStmt = this.db.prepare(`INSERT INTO ${t}_claims (session_id, claim, version) VALUES (?, ?, ?)`);
    this.chunkStmt = this.db.prepare(`INSERT INTO ${t}_log (session_id, idx, from_seq, version, data, mac) VALUES (?, ?, ?, ?, ?, ?)`);
    const tx = this.db.transaction((id: string, expectedVersion: number, row: RowWrite): boolean => {
      if (!this.cas(id, expectedVersion, row)) return false;
      for (const claim of row.claims ?? []) insertOrConflict(id, claim, () => this.claimStmt.run(id, claim, row.version));
      const c = row.chunk;
      if (c) insertOrConflict(id, `chunk:${c.index}`, () => this.chunkStmt.run(id, c.index, c.from, c.version, c.data, c.mac));
      return true;
    });
    this.transact = tx.immediate.bind(tx);
    const del = this.db.transaction((id: string): boolean => {
      this.db.prepare(`DELETE FROM ${t}_log WHERE session_id = ?`).run(id);
      this.db.prepare(`DELETE FROM ${t}_claims WHERE session_id = ?`).run(id);
      return this.db.prepare(`DELETE FROM ${t} WHERE id = ?`).run(id).changes === 1;
    });
    this.remove = del.immediate.bind(del);
  }

  protected insertRow(id: string, row: RawRow): boolean {
    return this.insertStmt.run(id, row.version, row.data, row.mac).changes === 1;
  }

  protected selectHead(id: string): RawHead | undefined {
    const r = this.headStmt.get({ id }) as { version: number; data: string; mac: string; maxChunk: number | null; maxClaimVersion: number | null } | undefined;
    if (!r) return undefined;
    return { version: Number(r.version), data: r.data, mac: r.mac, maxChunk: r.maxChunk ?? undefined, maxClaimVersion: r.maxClaimVersion ?? undefined };
  }

  protected selectChunks(id: string, fromSeq: number): RawChunk[] {
    return this.chunksStmt.all({ id, from: fromSeq }) as RawChunk[];
  }

  protected selectVersion(id: string): number | undefined {
    const v = this.versionStmt.get(id) as number | undefined;
    return v === undefined ? undefined : Number(v);
  }

  protected updateRow(id: string, expectedVersion: number, row: RowWrite): boolean {
    if ((row.claims === undefined || row.claims.length === 0) && row.chunk === undefined) return this.cas(id, expectedVersion, row);
    return this.transact(id, expectedVersion, row);
  }

  private cas(id: string, expectedVersion: number, row: RowWrite): boolean {
    const data = typeof row.data === "string" || Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
    return this.updateStmt.run(row.version, data, row.mac, id, expectedVersion).changes === 1;
  }

  async delete(id: string): Promise<boolean> {
    return this.remove(id);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

function insertOrConflict(id: string, claim: string, insert: () => unknown): void {
  try {
    insert();
  } catch (e) {
    if (typeof (e as { code?: unknown }).code === "string" && (e as { code: string }).code.startsWith("SQLITE_CONSTRAINT"))
      throw new ClaimConflictError(id, claim);
    throw e;
  }
}

/**
 * Only plain identifiers become table names (they are interpolated into SQL). At most 55
 * characters: `<table>_claims` must stay within PostgreSQL's 63-character identifiers.
 */
export function checkTableName(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,54}$/.test(name))
    throw new TypeError(
      `Table name ${JSON.stringify(name)} is not a plain SQL identifier of at most 55 characters. Fix: use letters, digits and underscores, starting with a letter or underscore.`,
    );
  return name;
}

let sqlite: typeof Database | undefined;

/** better-sqlite3 is a native addon: loaded when the first SQLite store opens, not when `concordat` is imported. */
function openSqlite(): typeof Database {
  if (sqlite) return sqlite;
  try {
    sqlite = createRequire(import.meta.url)("better-sqlite3") as typeof Database;
  } catch (e) {
    if (isMissingPackage(e, "better-sqlite3"))
      throw new MissingDependencyError("better-sqlite3", "The SQLite session store", "npm i better-sqlite3@12", { cause: e });
    throw e;
  }
  return sqlite;
}
