/**
 * The kind of bag a reply names when it is not the kind the request put: "a carry-on is fine" after a request to add a checked
 * bag, "el equipaje de mano está bien" after "una maleta facturada", "手提行李就行" after "托运行李", "a personal item" after either.
 * Which bag is added (and what it costs) is a detail of the action: another kind is a changed detail, not a yes. "Carry on" as a
 * verb ("yes, carry on") is the go-ahead, not a bag: only "carry-on" written with a hyphen, after an article, a possessive or a
 * count ("a carry on", "my carry on", "one carry on"), or before a bag word ("carry on bag") names the bag.
 * Read only where the request speaks of bags; bags it adds without naming a kind are checked bags. EN, ZH, ES; read on text in `normalizeText` form.
 * @internal
 */

/** A bag kind and the ways it is named. */
const KINDS: readonly (readonly [kind: string, named: RegExp])[] = [
  [
    "checked",
    /(?<![\p{L}])(?:checked|check-in|checked-in|hold)\s+(?:bags?|baggage|luggage|suitcases?)(?![\p{L}])|(?<![\p{L}])(?:maletas?|equipajes?|valijas?)\s+(?:facturad[oa]s?|de bodega|en bodega)(?![\p{L}])|托运/iu,
  ],
  [
    "carry-on",
    /(?<![\p{L}])carry-on(?![\p{L}])|(?<![\p{L}])(?:a|an|the|my|our|your|his|her|their|one|two|\d+|another|extra|small|single)\s+carry on(?![\p{L}])|(?<![\p{L}])carry on\s+(?:bags?|baggage|luggage|suitcases?)(?![\p{L}])|(?<![\p{L}])(?:cabin|hand|overhead)\s+(?:bags?|baggage|luggage|suitcases?)(?![\p{L}])|(?<![\p{L}])(?:equipajes?|maletas?|valijas?|bolsos?)\s+de\s+(?:mano|cabina)(?![\p{L}])|手提|随身行李|登机箱/iu,
  ],
  ["personal item", /(?<![\p{L}])personal\s+items?(?![\p{L}])|(?<![\p{L}])(?:articulos?|objetos?|bolsos?)\s+personal(?:es)?(?![\p{L}])|个人物品/iu],
];

/** The request speaks of bags at all ("bag", "luggage", "maleta", "equipaje", "行李"). */
const SPEAKS_OF_BAGS = /(?<![\p{L}])(?:bags?|baggage|luggage|suitcases?|carry-on|maletas?|equipajes?|valijas?)(?![\p{L}])|行李|箱/iu;

/** The bag kinds a text names. */
function kinds(text: string): Set<string> {
  return new Set(KINDS.filter(([, named]) => named.test(text)).map(([kind]) => kind));
}

/**
 * The bag kind the reply names that the request, which speaks of bags, never names; undefined when the reply names no bag kind,
 * only the request's, or the request does not speak of bags.
 * @param reply The reply (normal form).
 * @param request The request (normal form).
 * @example otherBagKind("yes, a carry-on is fine", "i can add one checked bag for $35. shall i proceed?") // "carry-on"
 */
export function otherBagKind(reply: string, request: string): string | undefined {
  if (!SPEAKS_OF_BAGS.test(request)) return undefined;
  const asked = kinds(request);
  // bags added without a kind ("the baggage addition") are checked bags: only a carry-on or a personal item is another kind then
  return [...kinds(reply)].find((k) => !asked.has(k) && (asked.size > 0 || k !== "checked"));
}
