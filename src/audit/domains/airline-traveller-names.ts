/**
 * Where a booking's traveller is named as a traveller. A name in a description counts for a passenger
 * only where the text puts it as one who flies: after a passenger cue on the same line ("Passengers:
 * Mia Li, Noah Li", "乘客：Mia Li", "Pasajeros: …", or the lines of a list or table under such a
 * heading), after "for" / "para" / "给" / "为" / "a nombre de" (with a relation between: "for my son
 * Noah Li", "para mi hija Ava"), in a list that continues such a mention ("for Mia Li (DOB …) and Noah
 * Li"), before a possessive travel word ("Noah's ticket", "Noah 的机票"), before "is flying / will be
 * travelling / viaja", or right before a birth date ("Noah Li (DOB 1992-01-10)") outside a
 * self-introduction. The user's own name in a greeting, a self-introduction or a sign-off ("Hi, I'm Mia
 * Li", "Thanks, Mia!", "Best, Mia") or the agent addressing the user does not name her as the
 * passenger: "book it for my son" written as a booking of the user alone is not what was described.
 * One concept: the traveller position of a name.
 * @internal
 */
import { escapeRegExp } from "../../util/escape-regexp.js";
import type { ActionDetail } from "../audit-domain.js";

/** A word introducing who flies, right before the name (or before a relation and the name). */
const CUE_BEFORE =
  /(?:(?<![\p{L}])(?:for|passengers?|travell?ers?|add|adding|names?\s*[:|]|in the name of|under the name(?: of)?|para|pasajer[oa]s?|viajer[oa]s?|a nombre de|nombres?\s*[:|]|añadir|agregar|boleto de|billete de|pasaje de)|乘客|旅客|给|為|为|替|姓名\s*[:：|])\s*[:：|\-–—]?\s*$/iu;

/** What may stand between such a word and the name: a possessive and a relation, a title, "both". */
const LEAD_IN =
  /\s*(?:(?:both|ambos|los dos|las dos)\s+)?(?:(?:my|your|our|his|her|their|the|mi|mis|su|sus|tu|tus|nuestr[oa]s?|我的?|我们的?|您的?|你的?)\s*(?:\d+[\s-]*(?:year|años?|岁)[\s-]*old\s+)?(?:son|daughter|child|kid|boy|girl|wife|husband|partner|spouse|mother|mom|mum|father|dad|brother|sister|friend|colleague|coworker|co-worker|boss|grandmother|grandfather|grandma|grandpa|grandson|granddaughter|aunt|uncle|cousin|niece|nephew|fianc[ée]e?|girlfriend|boyfriend|hij[oa]|espos[oa]|madre|padre|mam[áa]|pap[áa]|herman[oa]|amig[oa]|colega|compañer[oa]|abuel[oa]|niet[oa]|t[íi][oa]|prim[oa]|sobrin[oa]|儿子|女儿|孩子|妻子|太太|丈夫|先生|母亲|妈妈|父亲|爸爸|哥哥|弟弟|姐姐|妹妹|朋友|同事|奶奶|爷爷|外婆|外公)\s*)?(?:(?:passenger|pasajer[oa]|乘客)\s+)?(?:(?:mr|mrs|ms|miss|dr|sr|sra|srta)\.?\s+)?$/iu;

/** A self-introduction, greeting or sign-off right before the name: the user speaking as herself, or being addressed. */
const ADDRESS_BEFORE =
  /(?:(?<![\p{L}])(?:i'?m|i am|my name is|name'?s|this is|it'?s|hi|hello|hey|dear|thanks|thank you|cheers|regards|best|sincerely|hola|gracias|soy|me llamo|mi nombre es|saludos|atentamente|querid[oa]|estimad[oa])|我是|我叫|您好|你好|谢谢)[\s,，!！:;—–-]*$/iu;

/** A passenger heading on the line (or a table's header row with such a column). */
const LINE_CUE = /(?<![\p{L}])(?:passengers?|travell?ers?|pasajer[oa]s?|viajer[oa]s?|names?\s*[:|]|nombres?\s*[:|])|乘客|旅客|姓名/iu;

/** After the name: a possessive travel word, "is flying", "viaja", "乘机". */
const CUE_AFTER =
  /^(?:['’]s\s+(?:\p{L}+\s+)?(?:ticket|seat|flight|booking|reservation|trip|fare|boarding pass)|\s*的\s*(?:机票|座位|航班|行程|票)|\s+(?:is|will be|would be|'ll be)\s+(?:flying|travell?ing|the (?:only |other |second )?(?:passenger|traveller|traveler)|a passenger|on (?:the|this) (?:flight|booking|trip))|\s+(?:viaja|viajará|volará|vuela)\b|\s*(?:乘机|出行|乘坐|同行))/iu;

/** Right after the name: a birth date ("(DOB 1992-01-10)", ", born 1/10/1992", "，出生日期 1992-01-10"). */
const BIRTH_AFTER =
  /^\s*[,(\-–—:：，（|]?\s*(?:(?:born(?: on)?|dob|d\.o\.b\.?|date of birth|birth ?date|birthday|nacid[oa](?: el)?|fecha de nacimiento|出生日期|出生|生日)\s*[:：]?\s*)?(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}\/\d{1,2}\/\d{2,4}|\d{4}年)/iu;

/** A sentence in which the speaker identifies herself (a birth date there is the user's, not a traveller's). */
const SELF_IDENTIFYING = /(?<![\p{L}])(?:i'?m|i am|my name|this is|user[\s_-]?id|here(?![\p{L}])|soy|me llamo|mi nombre)|我是|我叫|用户/iu;

/** A list separator right before the name (a summary's item), and right after it (with a parenthesis between). */
const ITEM_BEFORE = /(?:[,;(|•，；（、]|^\s*[-*]|[:：])\s*$/u;
const ITEM_AFTER = /^\s*(?:[(（][^()（）\n]{0,60}[)）])?\s*(?:[,;)|，；）、]|$)/u;
/** A sentence about a booking: a flight number or a cabin. */
const SUMMARY = /\b[A-Z]{2,3}\d{2,4}\b|(?<![\p{L}])(?:economy|business|first class|turista|ejecutiva|econ[óo]mica)|经济舱|商务舱|头等舱/iu;
/** The speaker speaking of themselves: then a name among the details may be their signature or introduction. */
const FIRST_PERSON = /(?<![\p{L}'])(?:i|i'm|i am|my|me|mine|yo|soy|mi|mis|me llamo)(?![\p{L}'])|我/iu;

/** The end of a sentence or line: a cue before it says nothing about a name after it. */
const BREAK = /[.!?。！？](?:\s|$)|\n/u;

/** A list item or table row line. */
const LIST_LINE = /^\s*(?:[-*•|]|\d+[.)])/u;

function lineBefore(text: string, at: number): string {
  const start = text.lastIndexOf("\n", at - 1) + 1;
  return text.slice(start, at);
}

/** The line's heading of a list or table above it (consecutive list lines up to a heading line), if any. */
function underHeading(text: string, at: number): boolean {
  const lines = text.slice(0, at).split("\n");
  const here = lines.pop() ?? "";
  if (!LIST_LINE.test(here)) return false;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (/^\s*\|?[\s|:-]*$/u.test(line) && line.includes("-")) continue; // a table's separator row
    if (LINE_CUE.test(line) && (/[:：][*_\s]*$/u.test(line) || /^\s*\|/u.test(line))) return true;
    if (!LIST_LINE.test(line)) return false;
  }
  return false;
}

/**
 * Whether `text` names `name` (a first or last name of a booking's traveller) as a traveller at least
 * once. `names` are all the booking's travellers' first and last names: a list of them continues a
 * traveller mention ("for Mia Li and Noah Li", "Passengers: Mia Li (1990-04-05), Noah Li").
 * @example namedAsTraveller("Noah", "Shall I book it for my son Noah Li?", ["Noah", "Li"]) // true
 * @example namedAsTraveller("Mia", "Hi, I'm Mia Li. Book it for my son.", ["Mia", "Li"]) // false
 * @internal
 */
export function namedAsTraveller(name: string, text: string, names: readonly string[]): boolean {
  const n = name.trim();
  if (n === "") return false;
  const known = [...new Set([...names, n].map((x) => x.trim()).filter((x) => x !== ""))].map(escapeRegExp).join("|");
  // one traveller already listed, stripped from the end of a prefix: a known name, a parenthesis, a birth clause, a connector
  const listed = new RegExp(
    `(?<![\\p{L}])(?:${known})\\s*(?:[(（][^()（）\\n]{0,60}[)）])?\\s*(?:[,，]?\\s*(?:born|dob|d\\.o\\.b\\.?|date of birth|nacid[oa]|fecha de nacimiento|出生日期|出生)?\\s*[:：]?\\s*\\d[\\d/\\-年月日]{5,11})?\\s*(?:[,，;；&/、]|and|y|e|和|与|及)?\\s*$`,
    "iu",
  );
  const travellerBefore = (prefix: string): boolean => {
    let p = prefix;
    for (let guard = 0; guard < 12; guard++) {
      if (ADDRESS_BEFORE.test(p)) return false;
      const bare = p.replace(LEAD_IN, "");
      if (CUE_BEFORE.test(bare)) return true;
      const m = listed.exec(p);
      if (!m || m[0].trim() === "") return false;
      p = p.slice(0, m.index);
    }
    return false;
  };
  for (const m of text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(n)}(?![\\p{L}\\p{N}_])`, "giu"))) {
    const at = m.index;
    const before = text.slice(Math.max(0, at - 300), at);
    // "Hi, I'm Mia" before "Mia" or before "Li" of "Hi, I'm Mia Li"
    if (ADDRESS_BEFORE.test(before) || ADDRESS_BEFORE.test(before.replace(new RegExp(`(?<![\\p{L}])(?:${known})\\s+$`, "iu"), ""))) continue;
    if (travellerBefore(before)) return true;
    const after = text.slice(at + m[0].length, at + m[0].length + 80);
    // "Noah Li's ticket": the possessive may follow the last name
    const afterName = after.replace(new RegExp(`^\\s+(?:${known})(?![\\p{L}])`, "iu"), "");
    if (CUE_AFTER.test(afterName)) return true;
    const line = lineBefore(text, at);
    const sentenceStart = Math.max(...[...line.matchAll(new RegExp(BREAK.source, "gu"))].map((b) => b.index + b[0].length), 0);
    const sentence = line.slice(sentenceStart) + (after.split(BREAK)[0] ?? "");
    if (BIRTH_AFTER.test(afterName) && !SELF_IDENTIFYING.test(sentence)) return true;
    // a passenger heading earlier in the same sentence, or the list or table under one
    if (LINE_CUE.test(line.slice(sentenceStart)) || underHeading(text, at)) return true;
    // an item of a summary of the booking ("HAT136 on May 20, economy, Mia Li, $182 …"): between list separators, after a
    // flight or a cabin in the same sentence (not "Of course, Mia, HAT136 …"), in which nobody speaks of themselves ("My
    // details: Mia Li, …")
    const upTo = line.slice(sentenceStart).replace(new RegExp(`(?<![\\p{L}])(?:${known})\\s+$`, "iu"), "");
    if (ITEM_BEFORE.test(upTo) && ITEM_AFTER.test(afterName) && SUMMARY.test(upTo) && !FIRST_PERSON.test(sentence)) return true;
  }
  return false;
}

/**
 * One `request` detail for a booking: a traveller the run knows (the user on file, a passenger of a reservation read) whom
 * the request puts as a traveller of this booking ("Passengers: Mia Li and Noah Li") but the booking leaves out is not
 * what the yes covered: a booking "for Mia Li and Noah Li" written for Noah alone is refused on the passenger.
 * @param passengers The booking's travellers, as written.
 * @param known The people the run knows, first and last names.
 * @internal
 */
export function leftOutTravellerDetail(
  passengers: readonly { readonly first: string; readonly last: string }[],
  known: readonly { readonly first: string; readonly last: string }[],
): ActionDetail | undefined {
  const booked = new Set(passengers.map((p) => p.first.toLowerCase()));
  const others = [
    ...new Map(known.filter((p) => p.first.trim().length >= 2 && !booked.has(p.first.toLowerCase())).map((p) => [p.first.toLowerCase(), p])).values(),
  ];
  if (others.length === 0) return undefined;
  const names = [...passengers, ...others].flatMap((p) => [p.first, p.last]).filter((n) => n.trim() !== "");
  const leftOut = (t: string) => others.filter((p) => namedAsTraveller(p.first, t, names)).map((p) => `${p.first} ${p.last}`.trim());
  return {
    label: `no other traveller than ${passengers.map((p) => `${p.first} ${p.last}`.trim()).join(", ")}`,
    scope: "request",
    field: "passenger",
    executed: passengers.map((p) => `${p.first} ${p.last}`.trim()).join(", "),
    test: (t) => leftOut(t).length === 0,
    described: (t) => leftOut(t),
  };
}
