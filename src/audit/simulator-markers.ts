/**
 * Control tokens that tau-bench user simulators append to their last message (`###STOP###`,
 * `###TRANSFER###`, `###OUT-OF-SCOPE###`). They end the simulation; they are not the customer's
 * words, so they are removed before a reply is judged ("Yes, go ahead. ###STOP###" is a yes, not a stop).
 */
const MARKER = /#{3}\s*(?:STOP|TRANSFER|OUT[-_ ]OF[-_ ]SCOPE)\s*#{3}/gi;

export function stripSimulatorMarkers(reply: string): string {
  return reply.replace(MARKER, " ").trim();
}
