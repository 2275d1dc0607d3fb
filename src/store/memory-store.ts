import { SignedSessionStore, type RawRow, type SignedStoreOptions } from "./session-store.js";

/**
 * Sessions in this process's memory: for tests and single-process tools. Rows are signed like
 * in the database stores, so tampering with `rows` is detected the same way.
 */
export class MemorySessionStore extends SignedSessionStore {
  readonly kind = "memory";
  /** The raw signed rows, by session id. */
  readonly rows = new Map<string, RawRow>();

  constructor(options: SignedStoreOptions) {
    super(options, "MemorySessionStore");
  }

  protected async insertRow(id: string, row: RawRow): Promise<boolean> {
    if (this.rows.has(id)) return false;
    this.rows.set(id, row);
    return true;
  }

  protected async selectRow(id: string): Promise<RawRow | undefined> {
    return this.rows.get(id);
  }

  protected async selectVersion(id: string): Promise<number | undefined> {
    return this.rows.get(id)?.version;
  }

  protected async updateRow(id: string, expectedVersion: number, row: RawRow): Promise<boolean> {
    const current = this.rows.get(id);
    if (!current || current.version !== expectedVersion) return false;
    this.rows.set(id, row);
    return true;
  }

  async delete(id: string): Promise<boolean> {
    return this.rows.delete(id);
  }

  async close(): Promise<void> {}
}
