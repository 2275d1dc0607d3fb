import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { extractFileFacts, contentHash } from "./facts/extract-file-facts.js";
import { FACTS_VERSION, type FileFacts } from "./facts/file-facts.js";
import type { ts } from "ts-morph";

const CACHE_FILE = "facts.json";

interface CacheData {
  readonly version: number;
  readonly files: Record<string, FileFacts>;
}

/**
 * Per-file facts keyed by path and validated by content hash, stored in one JSON file in the
 * cache directory (`.concordat-cache/` by default). A file whose text is unchanged is not parsed again.
 */
export class FactsCache {
  private data: Record<string, FileFacts> = {};
  private readonly used = new Map<string, FileFacts>();
  hits = 0;
  misses = 0;

  constructor(private readonly dir: string | undefined) {
    if (!dir) return;
    try {
      const raw = JSON.parse(readFileSync(join(dir, CACHE_FILE), "utf8")) as CacheData;
      if (raw && raw.version === FACTS_VERSION && raw.files) this.data = raw.files;
    } catch {
      this.data = {};
    }
  }

  /** Facts for a file's current text: from the cache when the hash matches, else freshly extracted. */
  get(path: string, text: string, parsed?: () => ts.SourceFile | undefined): FileFacts {
    const hash = contentHash(text);
    const hit = this.data[path];
    let facts: FileFacts;
    if (hit && hit.hash === hash) {
      this.hits++;
      facts = hit;
    } else {
      this.misses++;
      facts = extractFileFacts(path, text, parsed?.());
    }
    this.used.set(path, facts);
    return facts;
  }

  save(): void {
    if (!this.dir) return;
    mkdirSync(this.dir, { recursive: true });
    const files: Record<string, FileFacts> = { ...this.data };
    for (const [p, f] of this.used) files[p] = f;
    const tmp = join(this.dir, `${CACHE_FILE}.${process.pid}.tmp`);
    writeFileSync(tmp, JSON.stringify({ version: FACTS_VERSION, files } satisfies CacheData));
    renameSync(tmp, join(this.dir, CACHE_FILE));
  }
}
