import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { createRequire } from "node:module";
import type Database from "better-sqlite3";
import { isMissingPackage, MissingDependencyError } from "../util/optional-dependency.js";
import { SignedSessionStore, type RawRow, type RowWrite, type SignedStoreOptions } from "./session-store.js";

export interface SqliteSessionStoreOptions extends SignedStoreOptions {
  /** Database file (created with its directory when missing). Default `.concordat/sessions.db`; `:memory:` for a private in-memory database. */
  readonly path?: string;
  /** Table name. Default `concordat_sessions`. */
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
 * processes on one host may share the file; compare-and-set keeps them consistent.
 */
export class SqliteSessionStore extends SignedSessionStore {
  readonly kind = "sqlite";
  readonly path: string;
  readonly table: string;
  readonly db: Database.Database;
  private readonly insertStmt: Database.Statement;
  private readonly selectStmt: Database.Statement;
  private readonly versionStmt: Database.Statement;
  private readonly updateStmt: Database.Statement;
  private readonly deleteStmt: Database.Statement;

  constructor(options: SqliteSessionStoreOptions) {
    super(options, "SqliteSessionStore");
    this.path = options.path ?? DEFAULT_SQLITE_PATH;
    this.table = checkTableName(options.table ?? "concordat_sessions");
    if (this.path !== ":memory:" && !this.path.startsWith("file:")) mkdirSync(dirname(this.path), { recursive: true });
    this.db = new (openSqlite())(this.path, { timeout: options.busyTimeoutMs ?? 10_000 });
    this.db.pragma("journal_mode = WAL");
    this.db.pragma(`synchronous = ${options.synchronous === "FULL" ? "FULL" : "NORMAL"}`);
    this.db.exec(`CREATE TABLE IF NOT EXISTS ${this.table} (
      id TEXT PRIMARY KEY,
      version INTEGER NOT NULL,
      data TEXT NOT NULL,
      mac TEXT NOT NULL,
      updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
    )`);
    this.insertStmt = this.db.prepare(`INSERT INTO ${this.table} (id, version, data, mac) VALUES (?, ?, ?, ?) ON CONFLICT(id) DO NOTHING`);
    this.selectStmt = this.db.prepare(`SELECT version, data, mac FROM ${this.table} WHERE id = ?`);
    this.versionStmt = this.db.prepare(`SELECT version FROM ${this.table} WHERE id = ?`).pluck();
    // CAST: UTF-8 bytes are bound as a BLOB and stored as TEXT (no JavaScript string is built for them)
    this.updateStmt = this.db.prepare(`UPDATE ${this.table} SET version = ?, data = CAST(? AS TEXT), mac = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ? AND version = ?`);
    this.deleteStmt = this.db.prepare(`DELETE FROM ${this.table} WHERE id = ?`);
  }

  protected insertRow(id: string, row: RawRow): boolean {
    return this.insertStmt.run(id, row.version, row.data, row.mac).changes === 1;
  }

  protected selectRow(id: string): RawRow | undefined {
    const r = this.selectStmt.get(id) as { version: number; data: string; mac: string } | undefined;
    return r ? { version: Number(r.version), data: r.data, mac: r.mac } : undefined;
  }

  protected selectVersion(id: string): number | undefined {
    const v = this.versionStmt.get(id) as number | undefined;
    return v === undefined ? undefined : Number(v);
  }

  protected updateRow(id: string, expectedVersion: number, row: RowWrite): boolean {
    const data = typeof row.data === "string" || Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
    return this.updateStmt.run(row.version, data, row.mac, id, expectedVersion).changes === 1;
  }

  async delete(id: string): Promise<boolean> {
    return this.deleteStmt.run(id).changes === 1;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

/** Only plain identifiers become table names (they are interpolated into SQL). */
export function checkTableName(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) throw new TypeError(`Table name ${JSON.stringify(name)} is not a plain SQL identifier. Fix: use letters, digits and underscores, starting with a letter or underscore.`);
  return name;
}

let sqlite: typeof Database | undefined;

/** better-sqlite3 is a native addon: loaded when the first SQLite store opens, not when `concordat` is imported. */
function openSqlite(): typeof Database {
  if (sqlite) return sqlite;
  try {
    sqlite = createRequire(import.meta.url)("better-sqlite3") as typeof Database;
  } catch (e) {
    if (isMissingPackage(e, "better-sqlite3")) throw new MissingDependencyError("better-sqlite3", "The SQLite session store", "npm i better-sqlite3@12", { cause: e });
    throw e;
  }
  return sqlite;
}
