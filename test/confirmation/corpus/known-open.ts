/**
 * False confirmations known and still open, per corpus file, each documented in this directory's
 * README (a corpus of new real material is committed with what the judge does on it). The corpora
 * test and `npm run corpus:matrix` accept these and fail on any other.
 * @internal
 */
export const KNOWN_OPEN: Readonly<Record<string, readonly string[]>> = { "real-replies-3.jsonl": ["r3-114"] };
