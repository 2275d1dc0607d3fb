import { dataText, SignedSessionStore, type RawRow, type RowWrite, type SignedStoreOptions } from "./session-store.js";

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

  protected insertRow(id: string, row: RawRow): boolean {
    if (this.rows.has(id)) return false;
    this.rows.set(id, row);
    return true;
  }

  protected selectRow(id: string): RawRow | undefined {
    return this.rows.get(id);
  }

  protected selectVersion(id: string): number | undefined {
    return this.rows.get(id)?.version;
  }

  protected updateRow(id: string, expectedVersion: number, row: RowWrite): boolean {
    const current = this.rows.get(id);
    if (!current || current.version !== expectedVersion) return false;
    this.rows.set(id, { version: row.version, data: dataText(row.data), mac: row.mac });
    return true;
  }

  async delete(id: string): Promise<boolean> {
    return this.rows.delete(id);
  }

  async close(): Promise<void> {}
}
