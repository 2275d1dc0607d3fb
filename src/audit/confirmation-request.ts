/**
 * Whether the agent's words before a reply ask the user to agree to something: a question, or an
 * explicit request to confirm ("please confirm", "reply yes to proceed"). A yes that answers no such
 * request ("Sure, my user id is …" after "What is your user id?") is still judged, but cannot
 * confirm a write unless the agent asked.
 */
const ASK = /\?|\b(confirm|proceed|go ahead|shall i|should i|would you like|do you want|let me know|reply|respond|say)\b/i;

export function asksForConfirmation(request: string): boolean {
  return ASK.test(request);
}
