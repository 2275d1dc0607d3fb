/**
 * Whether the agent's words before a reply ask the user to agree to something ("shall I
 * proceed?", "please confirm", "would you like me to cancel it?", "is that correct?"). A yes that
 * answers no such request ("Sure, my user id is …" after "What is your user id?") is still judged,
 * but cannot confirm a write.
 */
const ASK =
  /\b(confirm|proceed|go ahead|shall i|should i|would you like|do you want|want me to|is (that|this|everything) (correct|right|ok|okay|accurate)|are you sure|ok(ay)? (to|with)|may i|can i|ready (to|for)|let me know if|agree|approve|yes\b)/i;

export function asksForConfirmation(request: string): boolean {
  return ASK.test(request);
}
