import pg from "pg";

/**
 * The PostgreSQL the tests use: `CONCORDAT_PG_URL` (set by `.ci/run`). Under CI a missing URL
 * is an error, never a skip; locally the PostgreSQL suites say clearly that they did not run.
 */
export function postgresUrl(): string | undefined {
  const url = process.env["CONCORDAT_PG_URL"];
  if (url) return url;
  if (process.env["CI"] && process.env["CI"] !== "false") {
    throw new Error("CONCORDAT_PG_URL is not set but CI is: the PostgreSQL suite must run in CI. Fix: run the tests through .ci/run, which starts PostgreSQL and exports CONCORDAT_PG_URL.");
  }
  console.warn("[concordat] PostgreSQL suite NOT RUN: set CONCORDAT_PG_URL=postgres://user:pass@127.0.0.1:5432/db (see .ci/run) to run it.");
  return undefined;
}

/** A table name unique to this test process, so parallel test files never share rows. */
export function uniqueTable(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}`.toLowerCase();
}

export async function dropTables(url: string, tables: readonly string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const t of tables) await client.query(`DROP TABLE IF EXISTS ${t}`);
  } finally {
    await client.end();
  }
}
