/**
 * The user keeping something the request takes away: "the kettle stays with me", "I'm keeping the
 * kettle", "I kept it after all", "the kettle isn't going back", "el hervidor me lo quedo", "no lo
 * devuelvo", "水壶我留着", "水壶不退了". Said beside a yes to a return, a cancellation or a refund, it
 * agrees to part only, however it is told (a story, a fact, a wish). Only what the request acts on
 * counts: an object or subject that is one of the request's own words, or a pronoun standing for
 * it ("it", "them", "lo", "它"); keeping the receipt or the box is no part of the action.
 * @internal
 */
import { contentBigrams, contentStems } from "./content-words.js";

/** The request takes something away (a return, a cancellation, a refund, an exchange). */
const REMOVES =
  /(?<![\p{L}])(?:cancel\w*|return\w*|refund\w*|exchang\w*|remov\w*|devol\w*|devuelv\w*|cancel[ae]\w*|reembols\w*|cambi[ae]\w*)(?![\p{L}])|取消|退货|退掉|退款|换货|删除|移除/iu;

/**
 * Keeping, in English and Spanish: "keep", "kept", "stays", "hang on to", "me lo quedo", "me quedo con", "se queda conmigo", "guardo"
 * ("me queda justa" is a fit) (not "keep checking", "stay tuned"); and confirming the thing itself rather than what is done to
 * it, the booking or order named as the whole object ("I confirm my reservation", "confirmo mi reserva" to a cancellation: not "I
 * confirm the cancellation of my reservation", "confirmo la devolución", "I confirm the details", "I confirm that I'd like to…").
 */
const KEEP =
  /(?<![\p{L}])(?:(?:confirm(?:ing|ed)?|confirmo|confirmamos)(?=\s+(?:my|our|the|this|mi|mis|la|las|el|los|nuestr[oa]s?|su|sus)\s+(?:reservations?|bookings?|orders?|flights?|trips?|tickets?|reservas?|pedidos?|vuelos?|viajes?|billetes?|orden(?:es)?)(?:\s+#?[a-z]*\d[a-z\d]*)?\s*(?:[.,;!?]|$))|(?:keep|keeps|keeping|kept)(?!\s+(?:\p{L}+ing|in mind|me|us|you|an eye|track|tabs|posted|calm|waiting)(?![\p{L}]))|(?:stay|stays|staying|stayed)(?!\s+(?:on the line|tuned|in touch|safe|calm|with you)(?![\p{L}]))|still\s+(?:use|uses|using|need|needs|want|wants|like|likes|love|loves)(?!\s+to(?![\p{L}]))|hang(?:ing)? on to|hold(?:ing)? on to|hung on to|held on to|(?:me|nos) (?:lo|la|los|las) qued\w*|(?:me|nos) qued(?:o|amos|e|arme|arnos) con|quedarme con|quedarnos con|se qued(?:a|an|ara|aran) (?:conmigo|con nosotros|aqui|en casa)|guard\w*|todavia\s+(?:(?:lo|la|los|las)\s+)?(?:uso|usamos|necesito|necesitamos|quiero|queremos))(?![\p{L}])/iu;
/** Not sending back, in English and Spanish: "isn't going back", "won't return", "no lo devuelvo", "no se devuelve". */
const NOT_BACK =
  /(?:(?:(?<![\p{L}])(?:not|never|no longer|isnt|arent|wont|dont|doesnt)|n't)\s+(?:\w+\s+){0,2}?(?:go(?:ing)? back|send(?:ing)? (?:\w+ )?back|sent back|return\w*|cancel\w*)|(?<![\p{L}])no\s+(?:(?:lo|la|los|las|se|me|nos|voy a|vamos a|quiero|pienso)\s+){0,2}(?:devuelv\w*|devolv\w*|devol\w*|regres\w*|cancel\w*|envi\w*))(?![\p{L}])/iu;
/** Keeping or not sending back, in Chinese: "留着", "保留", "自己留", "不退了", "不用退", "先不退"; confirming the booking itself ("确认我的预订", not "确认取消预订"). */
const ZH_KEEP =
  /确认(?=(?:我的|我们的|这个|这笔|该|此)?(?:预订|订单|航班|行程|机票)(?![^，。,.!！]{0,8}(?:取消|退|改|换)))|还在用|还要用|还用|留着|留下|保留|自己留|自己用|不退|不用退|别退|先不退|不寄回|不取消|别取消/u;

/** A credit the request spends (a certificate, a gift card, a voucher, points, miles): keeping it is not paying with it. */
const SPENDS =
  /(?<![\p{L}])(?:certificates?|gift ?cards?|vouchers?|points|miles|(?:travel|store) credit|certificados?|tarjetas? regalo|bonos?|puntos|millas)(?![\p{L}])|旅行券|礼品卡|代金券|积分|里程/iu;

/** A pronoun standing for what the request named. */
const PRONOUN = /(?<![\p{L}])(?:it|them|that one|this one|lo|la|los|las)(?![\p{L}])|它|这个|那个/iu;

/**
 * What a clause (normal form) says about keeping part of what the request takes away, or `undefined`.
 *
 * @example
 * ```ts
 * keptItem("the kettle stays with me", "i'll return the blender and the kettle. shall i submit the return?"); // "stays"
 * keptItem("i kept the receipt", "i'll return the blender and the kettle. shall i submit the return?"); // undefined
 * ```
 * @param clause A clause of the reply, in normal form.
 * @param request The request, in normal form.
 * @internal
 */
export function keptItem(clause: string, request: string): string | undefined {
  const spent = SPENDS.exec(request);
  if (!REMOVES.test(request) && spent === null) return undefined;
  const found = KEEP.exec(clause) ?? NOT_BACK.exec(clause) ?? ZH_KEEP.exec(clause);
  if (found === null) return undefined;
  // a request that only spends a credit: what is kept must be that credit ("keep the certificate for my next trip")
  if (!REMOVES.test(request)) {
    const kept = SPENDS.exec(clause);
    return kept !== null && request.includes(kept[0].slice(0, 5)) ? found[0] : undefined;
  }
  // what is kept: a word of the request, or a pronoun for it, anywhere in the clause
  const rest = clause.slice(0, found.index) + " " + clause.slice(found.index + found[0].length);
  const requestStems = new Set(contentStems(request));
  const requestBigrams = new Set(contentBigrams(request));
  const named = contentStems(rest).some((s) => requestStems.has(s)) || contentBigrams(rest).some((b) => requestBigrams.has(b)) || PRONOUN.test(rest);
  return named ? found[0] : undefined;
}
