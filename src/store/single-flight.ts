/**
 * Shares row loads among concurrent callers in this process. A caller joins a load that has not
 * started yet, never one already running (which may predate its call), so every caller sees a
 * state read after it asked: at most one load runs and one waits per session.
 * @internal
 */
export class SingleFlightLoads<T> {
  private readonly loads = new Map<string, { started: boolean; promise: Promise<T> }>();

  load(key: string, loader: () => Promise<T>): Promise<T> {
    const running = this.loads.get(key);
    if (running && !running.started) return running.promise;
    const entry: { started: boolean; promise: Promise<T> } = { started: false, promise: undefined as unknown as Promise<T> };
    entry.promise = (async () => {
      if (running) await running.promise.catch(() => undefined);
      entry.started = true;
      try {
        return await loader();
      } finally {
        if (this.loads.get(key) === entry) this.loads.delete(key);
      }
    })();
    this.loads.set(key, entry);
    return entry.promise;
  }

  get size(): number {
    return this.loads.size;
  }
}
