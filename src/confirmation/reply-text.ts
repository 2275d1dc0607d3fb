/**
 * Text handling for the consent judge: one normal form for replies and requests (English,
 * Spanish, Chinese), and the split of a reply into sentences and clauses.
 * @internal
 */

/** Control tokens of tau-bench user simulators (`###STOP###`): not the user's words. */
const SIMULATOR_MARKER = /#{3}\s*(?:STOP|TRANSFER|OUT[-_ ]OF[-_ ]SCOPE)\s*#{3}/gi;

/** Removes simulator control tokens (`###STOP###`, `###TRANSFER###`). */
export function stripSimulatorMarkers(text: string): string {
  return text.replace(SIMULATOR_MARKER, " ").trim();
}

/**
 * The normal form the judge reads: NFKC (full-width forms become ASCII), lower case, straight
 * quotes, no zero-width characters or emoji modifiers, Spanish accents removed, and single
 * spaces. The stressed "sí" (yes) becomes the token `siyes`, so that it stays apart from "si" (if).
 */
export function normalizeText(text: string): string {
  return (
    text
      .normalize("NFKC")
      .replace(/(?<![\p{L}\p{N}])[sS][íÍ](?![\p{L}\p{N}])/gu, "siyes")
      .toLowerCase()
      .replace(/[\u2018\u2019\u02bc\u0060\u00b4]/g, "'")
      .replace(/[\u201c\u201d\u00ab\u00bb]/g, '"')
      .replace(/[\u200b-\u200f\u2060\ufeff\ufe0f\u{1f3fb}-\u{1f3ff}]/gu, "")
      // Spanish "¡…!" opens an exclamation: the mark says nothing ("¡Sí, adelante!" is "sí, adelante!")
      .replace(/¡/g, " ")
      .normalize("NFD")
      .replace(/(?<=[a-z])[\u0300-\u036f]+/g, "")
      .normalize("NFC")
      .replace(/[ \t]+/g, " ")
      .trim()
  );
}

/** One sentence of a reply, with its clauses (split at contrast words). */
export interface ReplySentence {
  /** The sentence in normal form, without its final punctuation. */
  readonly text: string;
  /** The sentence ended with a question mark (or opened with "¿", or ends with 吗/呢). */
  readonly question: boolean;
  /** The sentence trailed off ("yes..." , "好的……"): a hedge. */
  readonly trailing: boolean;
  /** Index among the reply's sentences. */
  readonly index: number;
}

// a full stop that is not a decimal point, an abbreviation (e.g., i.e., a.m.) or part of an id
const ABBREVIATIONS = /(?:\b(?:e\.g|i\.e|etc|mr|mrs|ms|dr|st|vs|approx|a\.m|p\.m|no)\.)$/;

/**
 * Splits a reply (normal form) into sentences: at `.`, `!`, `?`, `;`, `…`, new lines, list
 * bullets ("- ", "1. ", "2) ") and the CJK stops `。！？；`. Decimal points and abbreviations do
 * not end a sentence.
 */
export function splitSentences(text: string): ReplySentence[] {
  const parts: { text: string; question: boolean; trailing: boolean }[] = [];
  let current = "";
  const push = (question: boolean, trailing = false) => {
    const t = current.replace(/^[\s,;:\-–—*•·"']+|[\s,;:\-–—*•·"']+$/g, "").trim();
    if (t !== "") parts.push({ text: t, question: question || /^¿/.test(t) || /[吗呢么]$/u.test(t), trailing });
    current = "";
  };
  const lines = splitBullets(text);
  for (const line of lines) {
    for (let i = 0; i < line.length; i++) {
      const ch = line[i]!;
      const next = line[i + 1] ?? "";
      if (ch === "?" || ch === "？") {
        current += " ";
        while (line[i + 1] === "?" || line[i + 1] === "？" || line[i + 1] === "!") i++;
        push(true);
        continue;
      }
      // a dash between words ends a sentence as a full stop would ("that sounds accurate—please go
      // ahead"); a dash between digits is a range ("3–5")
      if ((ch === "—" || ch === "–") && !(/\d/.test(line[i - 1] ?? "") && /\d/.test(next))) {
        push(false);
        continue;
      }
      if (ch === "!" || ch === "！" || ch === "。" || ch === ";" || ch === "；" || ch === "…") {
        const trailing = ch === "…";
        while (/[!！。…]/u.test(line[i + 1] ?? "")) i++;
        // "Yes!?", "好的！？": an exclamation that ends in a question mark asks (disbelief), as "?!" does
        if ((ch === "!" || ch === "！") && /[?？]/u.test(line[i + 1] ?? "")) {
          while (/[?？!！]/u.test(line[i + 1] ?? "")) i++;
          current += " ";
          push(true);
          continue;
        }
        push(false, trailing);
        continue;
      }
      if (ch === ".") {
        if (/\d/.test(line[i - 1] ?? "") && /\d/.test(next)) {
          current += ch;
          continue;
        }
        if (ABBREVIATIONS.test(current + ch) && next !== "" && !/^\s*$/.test(line.slice(i + 1))) {
          current += ch;
          continue;
        }
        if (next === ".") {
          while (line[i + 1] === ".") i++;
          push(false, true);
          continue;
        }
        if (next === "" || /\s|["')\]]/.test(next)) {
          push(false);
          continue;
        }
        current += ch;
        continue;
      }
      current += ch;
    }
    push(false);
  }
  return parts.map((p, index) => ({ ...p, index }));
}

/**
 * Lines and list items: a new line, a bullet ("- ", "• "), or a numbered item ("1. ", "2) ") at the
 * start of a line, after a sentence, or next in a numbering already begun ("1. One-way 2. Economy").
 * A number inside a sentence ("on May 23. Both…") is not an item.
 */
function splitBullets(text: string): string[] {
  const out: string[] = [];
  // a numbering goes on from line to line ("1) …\n2) …\n3. …"): a line that opens with the next number is its next item
  let expect = 1;
  for (const line of text.split(/\n+/u)) {
    let last = 0;
    const marker = /(^|[.!?:;]\s+|\s)([-*•]|(\d{1,2})[.)])\s+(?=\S)/gu;
    for (const m of line.matchAll(marker)) {
      const n = m[3] === undefined ? undefined : Number(m[3]);
      const atBoundary = m[1] === "" || /[.!?:;]/.test(m[1]!);
      if (n === 1 && m[1] === "") expect = 1;
      const isItem = n === undefined ? atBoundary : n === expect && (atBoundary || n > 1);
      if (!isItem) continue;
      out.push(line.slice(last, m.index! + m[1]!.length));
      last = m.index! + m[0].length;
      if (n !== undefined) expect = n + 1;
    }
    out.push(line.slice(last));
  }
  return out;
}

/** ", and I…", ", and the…": two independent clauses joined by "and" (each is read on its own). */
const COORDINATION = /,\s+(?:and|y)\s+(?=(?:i|we|you|it|that|this|the|my|they|he|she|yo|el|la|mi)\s)/iu;

/** Words that join two clauses of opposite drift ("yes, but…", "sí, pero…", "好的，但是…"), also opening a sentence ("Yes. But wait."). */
const CONTRAST =
  /(?:^|,\s*|\s)(?:but|however|except that|that said|yet)(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(?:pero|sin embargo)(?![\p{L}\p{N}])|但是|不过|可是|然而|(?<=[，,])\s*但(?=\S)/iu;
/** Words that concede ("even though I hoped for more", "aunque…", "虽然…"): a clause of its own, no contrast with the agreement. */
const CONCESSION = /(?:,\s*|\s|^)(?:although|though|even though|even if|aunque|虽然|尽管)(?![\p{L}\p{N}])/iu;

/**
 * The clauses of a sentence: the sentence cut at contrast words ("but", "however", "pero",
 * "但是", "不过"…) and at concessions ("although", "even though", "aunque"). `contrast` is true
 * for a clause that follows a contrast word, `concession` for one that follows a concession.
 */
export function splitClauses(sentence: string): { text: string; contrast: boolean; againstReply?: boolean; concession?: boolean }[] {
  const out: { text: string; contrast: boolean; againstReply?: boolean; concession?: boolean }[] = [];
  // a sentence-final "though" ("no rush though") sets the whole clause against what came before
  const trailingThough = /[,\s]+(?:though|tho)$/iu.exec(sentence);
  let rest = trailingThough ? sentence.slice(0, trailingThough.index) : sentence;
  let contrast = false;
  let concession = false;
  for (let guard = 0; guard < 20; guard++) {
    const c = CONTRAST.exec(rest);
    const conceding = CONCESSION.exec(rest);
    const k = conceding ?? COORDINATION.exec(rest);
    const m = c && (!k || c.index <= k.index) ? c : k;
    if (!m || m.index === undefined) break;
    const head = rest.slice(0, m.index).trim();
    if (head !== "") out.push({ text: head.replace(/[,，、\s]+$/u, ""), contrast, ...(concession ? { concession } : {}) });
    rest = rest.slice(m.index + m[0].length).replace(/^[,，、\s]+/u, "");
    // "…, although not MSJ4OA", "though not the return", "aunque no la de vuelta": a concession that only excludes is a "but not"
    const excludes =
      m === conceding &&
      /^(?:except|excepto|menos|salvo|sin)(?![\p{L}])|^(?:not|no)\s+(?:for\s+|para\s+)?(?:the|that|this|those|these|my|el|la|los|las|ese|esa|mi|mis|\p{L}*\d[\p{L}\d]*)(?![\p{L}])/iu.test(
        rest,
      );
    contrast = m === c || excludes;
    concession = m === conceding && !excludes;
  }
  if (rest.trim() !== "")
    out.push({
      text: rest.trim(),
      contrast: contrast || trailingThough !== null,
      ...(trailingThough !== null ? { againstReply: true } : {}),
      ...(concession ? { concession } : {}),
    });
  return out;
}
