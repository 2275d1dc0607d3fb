/**
 * An item's option words — colour, material — as values, the same in English, Spanish and
 * Chinese: "stainless steel", "acero inoxidable" and "不锈钢" are one value (`o:stainless_steel`),
 * "black", "negra" and "黑色" another. A reply may name the request's option in another language
 * ("la de stainless steel" for "acero inoxidable", "换成 grey" for "灰色"); as values they are also read
 * against what the request changes (`requestChange`), so "cámbiela a la black" when the request changes
 * the black one to steel names what it changes from, and an option the request never named is a
 * detail of the user's own. A closed list: the common colours (not gold or silver, which are
 * membership tiers) and materials; other words stay words. Sizes are left out: "too small" in a reason describes, it names no option.
 * @internal
 */

/** Canonical option, how it is written (normal form: lower case, no accents; Chinese as is). */
export const OPTION_WORDS: readonly (readonly [string, RegExp])[] = [
  ["black", /(?<![\p{L}])(?:black|negr[oa]s?)(?![\p{L}])|黑色/u],
  ["white", /(?<![\p{L}])(?:white|blanc[oa]s?)(?![\p{L}])|白色/u],
  ["grey", /(?<![\p{L}])(?:grey|gray|gris|grises)(?![\p{L}])|灰色/u],
  ["blue", /(?<![\p{L}])(?:blue|azul|azules)(?![\p{L}])|蓝色/u],
  ["red", /(?<![\p{L}])(?:red|roj[oa]s?)(?![\p{L}])|红色/u],
  ["green", /(?<![\p{L}])(?:green|verdes?)(?![\p{L}])|绿色/u],
  ["yellow", /(?<![\p{L}])(?:yellow|amarill[oa]s?)(?![\p{L}])|黄色/u],
  ["pink", /(?<![\p{L}])(?:pink|rosad[oa]s?)(?![\p{L}])|粉色|粉红色/u],
  ["purple", /(?<![\p{L}])(?:purple|morad[oa]s?)(?![\p{L}])|紫色/u],
  ["brown", /(?<![\p{L}])(?:brown|marron(?:es)?)(?![\p{L}])|棕色|咖啡色/u],
  ["stainless_steel", /(?<![\p{L}])(?:stainless(?:\s+steel)?|acero\s+inoxidable|inox)(?![\p{L}])|不锈钢/u],
  ["leather", /(?<![\p{L}])(?:leather|cuero|piel)(?![\p{L}])|皮革|真皮/u],
  ["cotton", /(?<![\p{L}])(?:cotton|algodon)(?![\p{L}])|纯棉|棉质/u],
  ["wool", /(?<![\p{L}])(?:wool|lana)(?![\p{L}])|羊毛/u],
  ["plastic", /(?<![\p{L}])(?:plastic|plastico)(?![\p{L}])|塑料/u],
  ["glass", /(?<![\p{L}])(?:glass|vidrio|cristal)(?![\p{L}])|玻璃/u],
  ["wood", /(?<![\p{L}])(?:wood|wooden|madera)(?![\p{L}])|木质|木制/u],
  ["aluminum", /(?<![\p{L}])(?:alumin(?:i)?um|aluminio)(?![\p{L}])|铝制|铝合金/u],
  ["ceramic", /(?<![\p{L}])(?:ceramic|ceramica)(?![\p{L}])|陶瓷/u],
];
