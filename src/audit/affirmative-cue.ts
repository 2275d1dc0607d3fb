/**
 * Words that show a reply is leaning towards yes. Used only to tell an `unclear` yes ("yes, but
 * only if…", which the decider refused to count) from a reply that was not an answer at all ("my
 * user id is …"). It never grants anything. Typed in a hurry, a yes still leans towards yes ("yess pls go ahed",
 * "yeahh", "okk"): such a reply is an unclear yes for the judge to read, not a reply that was no answer at all.
 */
const CUE =
  /\b(ye+s+|yea+h*|yep+|yup+|sure|ok+|okay+|alright|all right|go ah[ea]+d|proceed|confirm(ed|s)?|please do|do it|sounds good|correct|that's right|absolutely|definitely|of course|fine|agreed?|let's do)\b/i;

/** The same for Spanish ("sí", "vale", "adelante") and Chinese ("好的", "可以", "确认"), which `\b` cannot bound. */
const CUE_ES = /(?<!\p{L})(s[ií]|vale|de acuerdo|claro|adelante|proceda|procede|conf[ií]rmo|confirmado|perfecto|est[aá] bien|por supuesto)(?!\p{L})/iu;
const CUE_ZH = /是的|好的|好吧|可以|行吧|确认|确定|同意|没问题|没错|继续|办吧/u;

export function hasAffirmativeCue(reply: string): boolean {
  return CUE.test(reply) || CUE_ES.test(reply) || CUE_ZH.test(reply);
}
