/**
 * A modification asked of an action that modifies nothing: "Could you update the baggage information?", "Yes, please change
 * the passenger name", "¿Puede cambiar el equipaje?", "请修改一下乘客信息" after a request that only books, cancels, returns or
 * refunds. Telling the agent to update, change or correct a part of what it is about to do is a changed detail, not a
 * go-ahead, even when every word of it is the request's own ("the bags", "the passenger"). After a request that itself
 * changes, updates, upgrades, moves, exchanges, adds or removes something, the same words may be its go-ahead ("please update
 * it"), and the judge's other readings weigh them as before.
 * @internal
 */
/** A verb of modifying in command position: at the clause's start, after a yes, "please", "just", or "can/could/would you". */
const ASKED_EN =
  /(?:^|[,;:.!?]\s*|(?<![\p{L}])(?:yes|yeah|yep|ok(?:ay)?|sure|and|but|so|then|also|just|please|kindly)\s+)(?:(?:please|kindly|just|also|and|then)\s+)*(?:(?:can|could|would|will) you (?:please |also |just |kindly )*|i (?:need|want|would like|'d like) you to (?:please )?)(?<verb>update|change|modify|adjust|edit|correct|fix|amend|alter)(?![\p{L}])(?!\s+(?:fees?|polic(?:y|ies)|of)(?![\p{L}]))\s+(?=\p{L})/iu;
const ASKED_EN_BARE =
  /(?:^|[,;:.!?]\s*|(?<![\p{L}])(?:yes|yeah|yep|ok(?:ay)?|sure|and|but|so|then|also|just|please|kindly)\s+)(?:(?:please|kindly|just|also|and|then)\s+)*(?<verb>update|change|modify|adjust|edit|correct|fix|amend|alter)(?![\p{L}])\s+(?:the|my|our|his|her|their|its|that|this)\s+\p{L}/iu;
/**
 * Spanish: an imperative or "¿puede …?" of changing, updating, modifying or correcting, with its object (a pronoun or a
 * determiner): the text has no accents, so "cambie el equipaje" is told from "cambié de planes" (I changed my plans) by the object.
 */
const ASKED_ES =
  /(?:^|[,;:.!?¿]\s*|(?<![\p{L}])(?:si|vale|bueno|y|pero|entonces|tambien|por favor)\s+)(?:(?:por favor|tambien|y)\s+)*(?:(?:me |nos )?(?:puede|pueden|podria|podrian)(?: usted)? (?:por favor )?)?(?<verb>cambi(?:e|ar|en)|actualic(?:e|en)|actualizar|modifiqu(?:e|en)|modificar|corrij(?:a|an)|corregir|ajust(?:e|en|ar))(?:(?:lo|la|los|las|me|nos)(?![\p{L}])|\s+(?:el|la|los|las|mi|mis|su|sus|este|esta|estos|estas|eso|esto)(?![\p{L}]))/iu;
/** Chinese: 更新 / 修改 / 更改 / 改一下 / 帮我改, not 改签 (rebooking, an action of its own) nor a past 改了. */
const ASKED_ZH = /(?:请|麻烦|帮我|能不能|可以|能否|你能)?(?<verb>更新|修改|更改|改一下|改改)(?!签|了|过)/u;

/** A request that itself modifies something, EN/ES/ZH: then "please update it" may be its go-ahead. */
const MODIFIES_PROPOSED =
  /(?<![\p{L}])(?:chang\p{L}*|updat\p{L}*|modif\p{L}*|upgrad\p{L}*|downgrad\p{L}*|switch\p{L}*|mov(?:e|es|ed|ing)|exchang\p{L}*|swap\p{L}*|replac\p{L}*|add(?:s|ed|ing)?|addition\p{L}*|remov\p{L}*|rebook\p{L}*|reschedul\p{L}*|adjust\p{L}*|amend\p{L}*|edit\p{L}*|correct\p{L}*|alter\p{L}*|transfer\p{L}*|cambi\p{L}*|actualiz\p{L}*|modific\p{L}*|mejor\p{L}*|ajust\p{L}*|agreg\p{L}*|anad\p{L}*|quit\p{L}*|sustitu\p{L}*|reemplaz\p{L}*)(?![\p{L}])|更改|修改|改签|改成|改为|改到|升舱|升级|降舱|换|更新|添加|加上|增加|删除|去掉/iu;

/**
 * What a clause asks the agent to modify when the request modifies nothing (it only books, cancels, returns or refunds), or
 * `undefined`.
 *
 * @example
 * ```ts
 * asksModification("could you please update the baggage information", "shall i book hat039 with 1 checked bag?"); // "update"
 * asksModification("yes, please update the bags", "shall i add 2 checked bags to abc123?"); // undefined: the request adds
 * ```
 * @param clause One clause of the reply, in `normalizeText` form.
 * @param request The request, in `normalizeText` form.
 * @internal
 */
export function asksModification(clause: string, request: string): string | undefined {
  const m = ASKED_EN.exec(clause) ?? ASKED_EN_BARE.exec(clause) ?? ASKED_ES.exec(clause) ?? ASKED_ZH.exec(clause);
  if (m === null) return undefined;
  // (any word of modifying in the request, negated or not, leaves the reply to the judge's other readings)
  if (MODIFIES_PROPOSED.test(request)) return undefined;
  return `${m.groups!["verb"]!}: the request modifies nothing`;
}
