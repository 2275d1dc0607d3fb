/**
 * A reply that, beside its yes, sets the agent a task of finding something out: "Investigate the situation to determine the
 * cause", "also look into why the flight was cancelled", "find out what happened to my bag", "averigüe por qué se canceló",
 * "请调查一下航班为什么被取消". The inquiry is a request of its own that the confirmation request did not put, however much its
 * words are the request's own ("why the flight was cancelled" names the request's flight and cancellation): the yes comes
 * with something else asked. Found as a false confirmation on new real material (real-replies-11, tuning, r11-087).
 *
 * Not an inquiry: the user finding out themselves ("I'll look into it", "voy a averiguarlo", "我自己查"), a negated one ("no
 * need to look into it", "no hace falta investigar"), one the request itself offered ("I can also look into why it was
 * delayed"), and asking to be told the result of the action (report-back.ts: "let me know when it's done").
 * @internal
 */

/** Verbs of finding out, asked of the agent (normal form: lower case, Spanish accents removed). */
const INQUIRY =
  /(?<![\p{L}])(?:investigat\w*|look into|looking into|find out|figure out|get to the bottom of|dig into|determine (?:why|what|how|the cause|the reason)|investig(?:ue|uen|ar|uelo|uenlo)|averig(?:ue|uen|uar|uelo|uenlo)|indag(?:ue|uen|ar))(?![\p{L}])|调查|查明|查清|查一下(?:为什么|原因|怎么回事)|弄清楚|搞清楚|了解一下(?:为什么|原因)/iu;

/**
 * What an inquiry asked of the agent follows: the start of a sentence or clause, or a word of asking ("please", "also", "can
 * you", "I need you to", "por favor", "puede", "请", "帮我"), with at most one word between ("please also look into").
 * A wish of the user's own ("I'm eager to find out the total") or the user doing it ("I'll look into it") is no task set.
 */
const ASKED_BEFORE =
  /(?:^|[.!?;:,—–-]\s*|(?<![\p{L}])(?:and|also|then|please|pls|kindly|can you|could you|would you|will you|i need you to|i want you to|i'd like you to|i would like you to|you need to|you should|y|e|tambien|luego|por favor|puede|pueden|podria|podrian|necesito que|quiero que)\s+)(?:\p{L}+\s+)?$|(?:^|[。！？；，,])\s*(?:请|麻烦|帮我|你们|也|再)?\s*$/iu;
/** A wish or plan of the user's own, taking an infinitive: "I'm eager to", "I want to", "we'd like to", "quiero", "我想". */
const OWN_WISH =
  /(?<![\p{L}])(?:i|we)(?:'m| am|'re| are|'d| would| want| wanna| hope| need| plan| can't wait| cannot wait| wish| like| love| just want)(?:\s+(?!you(?![\p{L}]))\p{L}+){0,3}\s+to(?![\p{L}])|(?<![\p{L}])(?:quiero|queremos|quisiera|necesito|espero)(?! que)(?![\p{L}])|我想|我要|我希望/iu;

/**
 * The inquiry a reply (normal form) asks of the agent, or `undefined`.
 *
 * @example
 * ```ts
 * asksToFindOut("yes, cancel ifoyyz. also look into why the flight was cancelled.", "shall i cancel ifoyyz?"); // "look into"
 * asksToFindOut("yes, cancel it. i'll look into the rest myself.", "shall i cancel ifoyyz?"); // undefined
 * ```
 * @param reply The reply, in normal form.
 * @param request The request, in normal form.
 */
export function asksToFindOut(reply: string, request: string): string | undefined {
  const global = new RegExp(INQUIRY.source, "giu");
  for (const m of reply.matchAll(global)) {
    // the request offered to find it out itself: the inquiry is part of what was put
    if (new RegExp(escape(m[0]), "iu").test(request) || INQUIRY.test(request)) return undefined;
    const before = reply.slice(Math.max(0, m.index - 40), m.index);
    // "I'm anxious to get this done and find out the total": an infinitive of the user's own wish, in the same sentence
    const sentence =
      reply
        .slice(0, m.index)
        .split(/[.!?。！？]/u)
        .pop() ?? "";
    if (OWN_WISH.test(sentence)) continue;
    if (ASKED_BEFORE.test(before)) return m[0];
  }
  return undefined;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
