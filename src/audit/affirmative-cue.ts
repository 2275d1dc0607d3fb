/**
 * Words that show a reply is leaning towards yes. Used only to tell an `unclear` yes ("yes, but
 * only if…", which the decider refused to count) from a reply that was not an answer at all ("my
 * user id is …"). It never grants anything.
 */
const CUE =
  /\b(yes|yeah|yep|yup|sure|ok|okay|alright|all right|go ahead|proceed|confirm(ed|s)?|please do|do it|sounds good|correct|that's right|absolutely|definitely|of course|fine|agreed?|let's do)\b/i;

export function hasAffirmativeCue(reply: string): boolean {
  return CUE.test(reply);
}
