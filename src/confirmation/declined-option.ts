/**
 * Declining an extra the request offered as optional ("travel insurance for $30 (optional)",
 * "Include 1 checked bag (if confirmed)", "您可以加…（可选）") answers the request's open choice:
 * "I don't want the travel insurance", "no quiero el seguro", "不要旅行保险" is then neither a
 * refusal of the action nor a negation of something the request said. Declining anything the
 * request put without such a mark (the flight, the cabin, an extra it included) still counts.
 * @internal
 */

/** Marks of an optional item, right after it ("(optional)", "(if you want it)", "(si la quiere)", "（可选）"). */
const OPTIONAL_AFTER =
  /^[^,;.\n]{0,40}?(?:\(?optional(?:ly)?\)?|\(?if (?:you (?:want|wish|like|would like|'d like|choose|need)|desired|needed|confirmed|requested)(?: (?:it|one|them|to))?\)?|\(?si (?:lo|la|los|las) (?:quiere|desea|necesita)\)?|\(?opcional\)?|（?(?:可选|如需要|如果需要|自选)）?)/iu;
/** Marks of an optional item, before it ("would you like to add…", "you can add…", "optional:", "是否需要…"); not the request's own question ("would you like me to proceed"). */
const OPTIONAL_BEFORE =
  /(?:would you like(?! (?:me|us) to)(?: to add| to include| to purchase| to buy)?|do you want(?! (?:me|us) to)(?: to add| to include| to purchase| to buy)?|you (?:can|could|may) (?:also )?(?:add|include|purchase|buy|opt for)|optional(?:ly)?:?|desea (?:anadir|agregar|incluir|comprar)|puede (?:anadir|agregar|incluir|comprar)|是否(?:需要|要|加|购买)|您可以(?:加|添加|购买|选择))[^.;?\n]{0,60}$/iu;

/**
 * Declining something: "I don't want (to purchase) the…", "no…, thanks", "skip the…", "no quiero el…", "不要…", "不需要…".
 * The object is a thing, never a verb or a pronoun ("I don't want to proceed", "I don't want you to…", "I don't want it"
 * refuse the action; they decline no optional extra).
 */
const DECLINE =
  /(?<![\p{L}])(?:(?:i|we) (?:don'?t|do not|won'?t) (?:want|need)(?: to (?:purchase|buy|add|get|include))?|(?:i'?ll|i will|i'?d like to) (?:pass on|skip|decline)|(?:please )?skip|no (?:need for|thanks? (?:to|on))|no (?:quiero|necesito|deseo)(?: (?:comprar|anadir|agregar|incluir))?|prefiero no (?:comprar|anadir|incluir))\s+(?!(?:to|you|it|this|that|them|anything|lo|la|los|las|eso|esto|hacerlo|proceder|continuar)(?![\p{L}'-]))(?:(?:the|a|an|any|el|la|los|las|un|una|ningun[oa]?)\s+)?((?:[\p{L}'-]+\s+){0,2}[\p{L}'-]+)|(?:不要|不需要|不用|不加|不买|不购买)(?:加|买|购买)?(\p{Script=Han}{2,6})/giu;

/** Whether the request (normal form) offers `object` as an optional item. */
function offeredAsOptional(object: string, request: string): boolean {
  const keys = /\p{Script=Han}/u.test(object)
    ? [object, object.slice(-2)]
    : object
        .split(/\s+/)
        .filter((w) => w.length >= 4 && !/^(?:with|from|that|this|para|with|your|their)$/u.test(w))
        .map((w) => w.replace(/s$/u, ""));
  for (const key of keys) {
    for (let at = request.indexOf(key); at >= 0; at = request.indexOf(key, at + 1)) {
      if (OPTIONAL_AFTER.test(request.slice(at + key.length)) || OPTIONAL_BEFORE.test(request.slice(Math.max(0, at - 80), at))) return true;
    }
  }
  return false;
}

/** The clause (normal form) without the parts that decline an optional extra of the request. */
export function withoutDeclinedOptions(clause: string, request: string): string {
  return clause.replace(DECLINE, (span: string, latin: string | undefined, han: string | undefined) => {
    const object = (latin ?? han ?? "").trim();
    // the object runs to the clause's next comma: "I don't want the travel insurance, thanks"
    return object !== "" && offeredAsOptional(object, request) ? " " : span;
  });
}
