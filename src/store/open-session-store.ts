import type { SessionStore } from "./session-store.js";
import { DEFAULT_SQLITE_PATH, SqliteSessionStore } from "./sqlite-store.js";

export interface OpenSessionStoreOptions {
  /** HMAC key for stored rows (≥ 16 bytes), from configuration. */
  readonly secret: string | Uint8Array;
  /** A `postgres://…` URL: sessions shared by several processes or hosts. */
  readonly postgresUrl?: string;
  /** SQLite file when no PostgreSQL URL is given. Default `.concordat/sessions.db`. */
  readonly sqlitePath?: string;
  readonly table?: string;
}

/**
 * The store a service should use: PostgreSQL when a URL is configured (its table is created
 * when missing), else the embedded default, SQLite in WAL mode. `pg` is loaded only for PostgreSQL.
 */
export async function openSessionStore(options: OpenSessionStoreOptions): Promise<SessionStore> {
  if (options.postgresUrl) {
    const { PostgresSessionStore } = await import("./postgres-store.js");
    return new PostgresSessionStore({
      secret: options.secret,
      connectionString: options.postgresUrl,
      ...(options.table ? { table: options.table } : {}),
    }).ensureSchema();
  }
  return new SqliteSessionStore({
    secret: options.secret,
    path: options.sqlitePath ?? DEFAULT_SQLITE_PATH,
    ...(options.table ? { table: options.table } : {}),
  });
}
