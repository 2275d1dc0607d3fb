/**
 * The user's own instruction, with no request put to them (labels README, rule 1): "Please cancel reservation
 * ABC123, the whole trip.", "Could you also add 2 checked bags to ABC123?", "Por favor, cancele la reserva
 * ABC123.", "请帮我取消预订ABC123。" is consent to the action it names, with the details it names — and only
 * those: the audit binds such a yes to the instruction's own words (`replay.ts`), never to the agent's.
 *
 * A sentence is an instruction when it opens (after a greeting or a discourse word: "ok,", "great!", "also")
 * with an instruction form — the bare imperative, "please / kindly", "I'd like / I want / I need (you) to",
 * "let's", "go ahead and", a polite "can / could / would you (please)…?", "quiero / quisiera / necesito /
 * por favor", "请 / 帮我 / 麻烦 / 我要 / 我想" — directly followed by a verb of acting (cancel, book, change,
 * add…). Not an instruction: the action negated ("please don't cancel", "no cancele", "不要取消"), told as
 * a story or someone else's words ("I asked your colleague to cancel", "my wife says I should cancel"), a
 * question about it ("can I cancel ABC123?", "what would I get back?"). And the message as a whole must be
 * plain: a message with a question, a condition ("if I get a full refund"), a value set aside or a hesitation
 * ("I'm not sure", "let me think", "wait") holds no instruction at all (rule 5).
 * @internal
 */
import { replySentences } from "./payment-sentences.js";
import { plainSentences } from "./plain-sentences.js";

/** Words before the instruction form that change nothing: a greeting, a thanks, a discourse word. */
const LEAD = String.raw`(?:(?:ok(?:ay)?|alright|great|good|perfect|thanks|thank you|so|then|and|also|now|hi|hello|vale|bueno|entonces|y|también|hola|gracias|好的|好|那|那么|另外|还有|谢谢|你好)[,，!！.。]?\s*)*`;
/** The instruction forms (EN, ES, ZH) that may open the sentence before the verb. */
const FORM = String.raw`(?:please\s+|kindly\s+)?(?:(?:i(?:'d|’d| would) like|i want|i need)\s+(?:you\s+)?to\s+|(?:can|could|would|will)\s+you\s+(?:please\s+)?|let's\s+|let’s\s+|por favor,?\s*|(?:quiero|quisiera|necesito|me gustar[ií]a)\s+(?:que\s+)?|¿?(?:puede|podr[ií]a)\s+(?:usted\s+)?|请(?:您|你)?(?:帮我|为我|给我)?|帮我|麻烦(?:您|你)?(?:帮我)?|我要|我想|我需要)?(?:also\s+|just\s+|go ahead and\s+|también\s+|再|也)?`;
/** Verbs of acting on a reservation (imperative or infinitive), EN, ES, ZH. */
const VERB = String.raw`(?:cancel|book|reserve|purchase|buy|change|modify|update|upgrade|downgrade|switch|move|rebook|add|send|issue|correct|cancel(?:e|a|ar)|reserv(?:e|a|ar)|compr(?:e|a|ar)|cambi(?:e|a|ar)|modifi(?:que|ca|car)|actualic(?:e)|actualiz(?:a|ar)|mejor(?:e|a|ar)|agreg(?:ue|a|ar)|añad(?:a|e|ir)|envi(?:e|a|ar)|corrij(?:a)|corregir)(?![\p{L}])|取消|预订|预定|改签|更改|变更|改|升级|降级|添加|加|托运|发放|补发|修改|更正`;
const INSTRUCTION = new RegExp(`^${LEAD}${FORM}(?:${VERB})`, "iu");
/** The polite question form, which the plainness check would read as a question. */
const POLITE = /^(.*?)(?:can|could|would|will)\s+you\s+(?:please\s+)?|¿?(?:puede|podr[ií]a)\s+(?:usted\s+)?/iu;
/** A hesitation or a wait anywhere in the message: no instruction is given yet. */
// (VERB is defined above; BOUNDARY and CONTINUES below use it)
const HESITATES =
  /(?<![\p{L}])(?:not sure|unsure|maybe|perhaps|might|let me (?:think|check|see)|thinking (?:about|of)|considering|wait|hold on|hold off|should i|actually|never ?mind|forget (?:it|that|about it)|scratch that|on second thought|olv[ií]d(?:e|elo|alo)|d[eé]jelo|no estoy segur[oa]|quiz[aá]s?|tal vez|a lo mejor|pens(?:ar|ando|arlo)|espere|esperar)(?![\p{L}])|不确定|考虑|等一下|等等|也许|可能|再想想|想一想|算了|不用了|不要了|先别/iu;

/**
 * A clause boundary inside an instruction ("and", "but", ",", ";", "y", "pero", "，", "但"), and what may follow it and
 * still be the instruction: another verb of acting or paying ("and put any difference on my Visa"), an id or a number,
 * a determiner or a preposition continuing the object ("and XYZ789", ", the whole trip", ", in economy"). Anything
 * else opens a clause about something else ("I want to cancel XYZ789 and keep ABC123", "取消XYZ789，保留ABC123"):
 * the instruction ends there, so a reservation or flight named after it is not the instruction's.
 */
const BOUNDARY = /(?:,?\s+(?:and|but|while|y|pero|mientras)\s+|[,;，；、]\s*|(?:但|并且|然后))/giu;
const CONTINUES = new RegExp(
  String.raw`^(?:(?:also|then|please|just|también|luego|再|也|并)\s*)?(?:${VERB}|(?:pay|put|charge|use|apply|refund|bill|keep the same|pag(?:ue|a|ar)|us(?:e|a|ar)|carg(?:ue|a|ar)|reembols(?:e|a|ar))(?![\p{L}])|用|使用|支付|付|退|[0-9$€¥]|(?=[a-z0-9]*[0-9])[a-z0-9]{5,8}(?![\p{L}0-9])|(?:the|my|a|an|any|each|every|whole|same|this|that|both|all|his|her|our|their|its|one|two|three|economy|business|basic|first|turista|ejecutiva|for|on|to|with|in|from|at|no|el|la|los|las|mi|mis|su|sus|un|una|para|en|con|de|sin)(?![\p{L}])|的|和|及|以及|经济舱|商务舱|不)`,
  "iu",
);

/** The instruction's part of its sentence: up to the first clause that speaks of something else. */
function instructionClause(sentence: string): string {
  const verbEnd = INSTRUCTION.exec(sentence)?.[0].length ?? 0;
  for (const m of sentence.matchAll(BOUNDARY)) {
    if (m.index < verbEnd) continue;
    const at = m.index + m[0].length;
    if (!CONTINUES.test(sentence.slice(at))) return sentence.slice(0, m.index);
  }
  return sentence;
}

/**
 * The sentences of a user message that instruct an action, when the message is the user's own plain instruction;
 * `[]` when it is not (a question, a condition, a hesitation, a negated or reported action).
 *
 * @example
 * ```ts
 * instructionSentences("Hi. Please cancel reservation ABC123, the whole trip."); // ["Please cancel reservation ABC123, the whole trip."]
 * instructionSentences("Can I cancel ABC123? What would I get back?"); // []
 * ```
 * @param message A user message, as written.
 */
export function instructionSentences(message: string): string[] {
  if (HESITATES.test(message)) return [];
  const out: string[] = [];
  for (const sentence of replySentences(message)) {
    const s = sentence.trim();
    if (INSTRUCTION.test(s)) {
      // a polite "could you…?" is an instruction; what follows it must still be plain
      const body = s.replace(POLITE, "$1").replace(/[?？]\s*$/u, ".");
      if (plainSentences(body).length === 0) return [];
      out.push(instructionClause(s));
    } else if (plainSentences(s).length === 0) return [];
  }
  return out;
}
