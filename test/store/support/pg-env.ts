import pg from "pg";
import { optionalService } from "../../support/optional-service.js";

/**
 * The PostgreSQL the tests use: `CONCORDAT_PG_URL` (set by `.ci/run`). Under CI a missing URL
 * is an error, never a skip; locally the PostgreSQL suites say clearly that they did not run.
 */
export function postgresUrl(): string | undefined {
  return optionalService(
    "PostgreSQL",
    process.env["CONCORDAT_PG_URL"] || undefined,
    "install PostgreSQL (apt-get install postgresql: npm test then starts a throwaway cluster) or set CONCORDAT_PG_URL=postgres://user:pass@127.0.0.1:5432/db; .ci/run does both",
  );
}

/** A table name unique to this test process, so parallel test files never share rows. */
export function uniqueTable(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}`.toLowerCase();
}

/** Drops the tables, and with each the store's `<table>_log` and `<table>_claims`. */
export async function dropTables(url: string, tables: readonly string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const t of tables) await client.query(`DROP TABLE IF EXISTS ${t}, ${t}_log, ${t}_claims`);
  } finally {
    await client.end();
  }
}
