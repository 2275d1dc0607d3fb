import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { GuardedExecutor } from "../../src/store/guarded-executor.js";
import { PostgresSessionStore } from "../../src/store/postgres-store.js";
import type { RawRow, SessionStore } from "../../src/store/session-store.js";
import { SqliteSessionStore } from "../../src/store/sqlite-store.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";
import { confirmationOptions, confirmedPayProtocol, SECRET } from "./support/fixtures.js";
import { dropTables, postgresUrl, uniqueTable } from "./support/pg-env.js";

/**
 * A grant the user took back stays taken back in a stored session: another process (another
 * executor over another store connection) loading it refuses the grant's token and the write, and
 * a head row from before the withdrawal (or before the write that used a grant), written back with
 * its own valid MAC, cannot bring the grant back in any process.
 */
const ARGS = { account: "ACC-9", amount: 40 };
const PAY = { name: "pay", arguments: ARGS } as const;

interface Backend {
  /** A new store object over the same data: another process, in effect. */
  open(): Promise<SessionStore>;
  read(id: string): Promise<RawRow>;
  write(id: string, row: RawRow): Promise<void>;
  close(): Promise<void>;
}

const executor = (store: SessionStore) => new GuardedExecutor({ protocol: confirmedPayProtocol, store, sessionOptions: confirmationOptions });

async function outcome(ex: GuardedExecutor<typeof confirmedPayProtocol>, id: string, callId: string): Promise<{ ran: boolean; code: string }> {
  let ran = false;
  try {
    await ex.execute(id, { ...PAY, id: callId }, () => {
      ran = true;
      return "paid";
    });
    return { ran, code: "ok" };
  } catch (e) {
    if (!(e instanceof ProtocolViolation)) throw e;
    return { ran, code: e.code };
  }
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "ok";
  } catch (e) {
    if (e instanceof ProtocolViolation) return e.code;
    throw e;
  }
}

/** Runs a test over one backend; `open()` is another process's store. Closes every store and the backend. */
async function withBackend(backend: () => Promise<Backend>, body: (b: Backend, open: () => Promise<SessionStore>) => Promise<void>): Promise<void> {
  const b = await backend();
  const stores: SessionStore[] = [];
  const open = async () => {
    const store = await b.open();
    stores.push(store);
    return store;
  };
  try {
    await body(b, open);
  } finally {
    for (const store of stores) await store.close();
    await b.close();
  }
}

type PaySession = Parameters<Parameters<GuardedExecutor<typeof confirmedPayProtocol>["update"]>[1]>[0];

/** A yes to paying $40, then the same action asked again with a fee and answered with a condition: the yes is withdrawn. */
async function yesThenConditional(s: PaySession): Promise<void> {
  s.requestConfirmation(PAY, { description: "Pay $40 from account ACC-9?" });
  await s.receiveUserReply("Yes, please pay it.");
  s.requestConfirmation(PAY, { description: "To confirm: pay $40 from account ACC-9, with a $2 fee. Yes?" });
  await s.receiveUserReply("Yes, but only if the fee is waived.");
}

function suite(name: string, backend: () => Promise<Backend>) {
  describe(name, () => {
    it("yes, asked again, an unclear answer: another process refuses the old token and the write; a rolled-back head cannot bring the grant back", async () => {
      await withBackend(backend, async (b, open) => {
        const first = executor(await open());
        const { session } = await first.create();
        const id = session.id;
        const { value: token } = await first.update(id, async (s) => {
          s.requestConfirmation(PAY, { description: "Pay $40 from account ACC-9?" });
          const out = await s.receiveUserReply("Yes, please pay it.");
          return s.confirmationPolicy().sign(out.grants[0]!);
        });
        const beforeWithdrawal = await b.read(id);
        await first.update(id, async (s) => {
          s.requestConfirmation(PAY, { description: "To confirm: pay $40 from account ACC-9, with a $2 fee. Yes?" });
          expect((await s.receiveUserReply("Yes, but only if the fee is waived.")).decision).toBe("unclear");
        });

        // another process: the token is refused, the write does not run
        const second = executor(await open());
        expect(await codeOf(second.update(id, (s) => s.presentGrant(token)))).toBe("confirmation_missing");
        expect(await outcome(second, id, "pay-1")).toEqual({ ran: false, code: "confirmation_missing" });

        // the head from before the withdrawal, written back (no write since): refused by the process that saw later versions and by fresh ones
        await b.write(id, beforeWithdrawal);
        expect(await outcome(second, id, "pay-2")).toEqual({ ran: false, code: "state_tampered" });
        expect(await outcome(executor(await open()), id, "pay-3")).toEqual({ ran: false, code: "state_tampered" });
        expect(await codeOf(executor(await open()).update(id, (s) => s.presentGrant(token)))).toBe("state_tampered");

        // near miss on another session: a plain yes to the re-asked action authorizes one write; the head from
        // after that yes but before the write, written back, cannot use it again (its consumption is in the claims)
        const other = (await first.create()).session.id;
        await first.update(other, yesThenConditional);
        await executor(await open()).update(other, async (s) => {
          expect((await s.receiveUserReply("Yes, go ahead.")).decision).toBe("confirmed");
        });
        const afterYes = await b.read(other);
        expect(await outcome(executor(await open()), other, "pay-1")).toEqual({ ran: true, code: "ok" });
        await b.write(other, afterYes);
        expect(await outcome(executor(await open()), other, "pay-2")).toEqual({ ran: false, code: "state_tampered" });
      });
    }, 60_000);

    it("every consent fact (pending actions and statuses, used, withdrawn, unclear reasons, rounds, messages) loads in another process as it was saved", async () => {
      await withBackend(backend, async (b, open) => {
        const a = await open();
        const first = executor(a);
        const id = (await first.create()).session.id;
        await first.update(id, async (s) => {
          s.requestConfirmation({ name: "pay", arguments: { account: "ACC-1", amount: 5 } }, { description: "Pay $5 from account ACC-1?" });
          await s.receiveUserReply("Yes, please pay it.");
        });
        await first.execute(id, { id: "p5", name: "pay", arguments: { account: "ACC-1", amount: 5 } }, () => "paid");
        const { session: saved } = await first.update(id, yesThenConditional);
        const facts = saved.toJSON().extensions["confirmation"] as Record<string, unknown[]>;
        expect(facts["consumed"]).toHaveLength(1);
        expect(facts["withdrawn"]).toHaveLength(1);
        expect(facts["unclear"]).toHaveLength(1);
        const other = await open();
        const { session: loaded } = await executor(other).load(id);
        expect(loaded.toJSON().extensions["confirmation"]).toEqual(JSON.parse(JSON.stringify(facts)));
        // and it acts on them: the refusal gives the reason of the unclear answer
        const refused = await executor(other)
          .execute(id, { ...PAY, id: "p40" }, () => "paid")
          .catch((e: unknown) => e);
        expect((refused as ProtocolViolation).message).toMatch(/could not be read as a clear yes \(.*fee is waived/);
      });
    }, 60_000);

    it("a refusal of a confirmed action (structured deny) is stored too: its token is refused by another process", async () => {
      await withBackend(backend, async (b, open) => {
        const a = await open();
        const first = executor(a);
        const { session } = await first.create();
        const { value } = await first.update(session.id, (s) => {
          const req = s.requestConfirmation(PAY);
          const token = s.confirmationPolicy().sign(s.confirm(req.id));
          return { token, actionId: req.id };
        });
        await first.update(session.id, (s) => s.deny(value.actionId));
        const other = await open();
        const second = executor(other);
        expect(await codeOf(second.update(session.id, (s) => s.presentGrant(value.token)))).toBe("confirmation_missing");
        expect(await outcome(second, session.id, "pay-1")).toEqual({ ran: false, code: "confirmation_denied" });
      });
    }, 60_000);
  });
}

const dir = mkdtempSync(join(tmpdir(), "concordat-withdrawn-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

suite("SQLite", async () => {
  const path = join(dir, `withdrawn-${n++}.db`);
  const table = "sessions";
  const raw = new SqliteSessionStore({ secret: SECRET, path, table });
  return {
    open: async () => new SqliteSessionStore({ secret: SECRET, path, table }),
    read: async (id) => raw.db.prepare(`SELECT version, data, mac FROM ${table} WHERE id = ?`).get(id) as RawRow,
    write: async (id, row) => void raw.db.prepare(`UPDATE ${table} SET version = ?, data = ?, mac = ? WHERE id = ?`).run(row.version, row.data, row.mac, id),
    close: () => raw.close(),
  };
});

const url = postgresUrl();
if (url) {
  const tables: string[] = [];
  afterAll(() => dropTables(url, tables));
  suite("PostgreSQL", async () => {
    const table = uniqueTable(`withdrawn${n++}`);
    tables.push(table);
    await new PostgresSessionStore({ secret: SECRET, connectionString: url, table, maxConnections: 1 }).ensureSchema().then((s) => s.close());
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    return {
      open: async () => new PostgresSessionStore({ secret: SECRET, connectionString: url, table, maxConnections: 2 }),
      read: async (id) => {
        const r = (await pool.query<{ version: string; data: string; mac: string }>(`SELECT version, data, mac FROM ${table} WHERE id = $1`, [id])).rows[0]!;
        return { version: Number(r.version), data: r.data, mac: r.mac };
      },
      write: async (id, row) =>
        void (await pool.query(`UPDATE ${table} SET version = $1, data = $2, mac = $3 WHERE id = $4`, [row.version, row.data, row.mac, id])),
      close: () => pool.end(),
    };
  });
} else {
  describe("withdrawn grants on PostgreSQL", () => {
    it("needs a PostgreSQL server to run", () => {
      throw new Error(
        "No PostgreSQL for the withdrawn-grant suite: install postgresql (apt-get install postgresql; the test setup then starts a throwaway cluster) or set CONCORDAT_PG_URL.",
      );
    });
  });
}
