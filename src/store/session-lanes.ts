/**
 * Runs the operations of one session one after another in this process (fewer compare-and-set
 * conflicts); different sessions run concurrently. A lane is removed when its last operation
 * settles, so idle sessions cost nothing.
 * @internal
 */
export class SessionLanes {
  private readonly lanes = new Map<string, Promise<unknown>>();

  constructor(private readonly enabled: boolean) {}

  run<T>(sessionId: string, fn: () => Promise<T>): Promise<T> {
    if (!this.enabled) return fn();
    const prev = this.lanes.get(sessionId);
    const next = prev ? prev.then(fn, fn) : fn();
    this.lanes.set(sessionId, next);
    const done = () => {
      if (this.lanes.get(sessionId) === next) this.lanes.delete(sessionId);
    };
    next.then(done, done);
    return next;
  }

  /** Sessions with an operation queued or running. */
  get size(): number {
    return this.lanes.size;
  }
}
