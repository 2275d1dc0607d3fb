/**
 * The first key that occurs twice in one object of a JSON text, or undefined. `JSON.parse` keeps
 * the last of duplicate keys, other readers (a confirmation UI showing the model's raw arguments, a
 * log viewer, another language's parser) may show the first or refuse the text, so arguments
 * with a duplicate key mean different actions to different readers. Keys are compared decoded
 * (`"a"` and `"\u0061"` are the same key). The text must be valid JSON (call it after `JSON.parse`
 * accepted it).
 *
 * @internal
 */
export function firstDuplicateKey(text: string): string | undefined {
  // one entry per open object (its keys so far) or array (null)
  const open: (Set<string> | null)[] = [];
  let keyNext = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      let j = i + 1;
      while (text.charCodeAt(j) !== 0x22) j += text.charCodeAt(j) === 0x5c /* \ */ ? 2 : 1;
      if (keyNext) {
        const key = JSON.parse(text.slice(i, j + 1)) as string;
        const keys = open[open.length - 1]!;
        if (keys.has(key)) return key;
        keys.add(key);
        keyNext = false;
      }
      i = j;
    } else if (c === 0x7b /* { */) {
      open.push(new Set());
      keyNext = true;
    } else if (c === 0x5b /* [ */) {
      open.push(null);
      keyNext = false;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      open.pop();
      keyNext = false;
    } else if (c === 0x2c /* , */) {
      keyNext = open[open.length - 1] instanceof Set;
    }
  }
  return undefined;
}
