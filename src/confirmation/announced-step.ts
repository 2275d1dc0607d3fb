import { contentStems, stem } from "./content-words.js";

/**
 * The step an agent's request announces for after the action ("After this, I will continue checking
 * your remaining reservations", "Después seguiré revisando sus demás reservas", "之后我会继续检查您其余的
 * 预订"). A reply that asks the agent to go on with that step ("please keep checking the other
 * reservations") asks for nothing the request did not put: "the other" there names the items the
 * request called "remaining", it changes nothing. The step must be the announced one (its words are
 * that sentence's), come after the action, and bring no value of its own (checked by the caller).
 * @internal
 */

/** A sentence of the request announcing what the agent will do afterwards. */
const ANNOUNCED =
  /(?:(?:after (?:this|that)|afterwards|next|then|once (?:this|that|it)(?:'s| is| has been)? (?:done|processed|complete|completed|finished)|después|luego|a continuacion|之后|然后|接下来|随后)[^.?!。？！]*(?:i'?ll|i will|i can|we'?ll|we will|i'?m going to|seguire|voy a|revisare|我会|我将|我再)|(?:i'?ll|i will|we'?ll|we will|i'?m going to|seguire|voy a|我会|我将)[^.?!。？！]*(?:after (?:this|that)|afterwards|next|one by one|remaining|the rest|después|luego|demas|restantes|之后|然后|其余|剩下))[^.?!。？！]*/giu;

/** An amount of money: "$390", "390 usd", "390 dolares", "390 美元". */
const MONEY = /[$€£]\s?\d|\d(?:[.,]\d+)?\s*(?:usd|eur|dollars?|dolares|euros?|美元|美金|元|块)(?![\p{L}])/iu;

/** Words of going on ("keep", "continue", "carry on", "seguir", "继续"): the announced step's own verb follows. */
const GO_ON =
  /(?<![\p{L}])(?:keep|carry on|go on|continue|afterwards|after (?:that|this)|then|next|siga|seguir|sigue|despues|luego|later)(?![\p{L}])|继续|之后|然后|接着/giu;
/** Putting the step first ("first", "before", "antes", "先"): no longer after the action. */
const BEFORE = /(?<![\p{L}])(?:first|before|beforehand|instead|antes|primero|en lugar|en vez)(?![\p{L}])|先|之前|而不是/iu;

/**
 * The part of a clause (normal form) that asks the agent to go on with the step the request (normal
 * form) announced ("please keep checking the other reservations" up to the next comma), or `undefined`.
 */
export function announcedStep(clause: string, request: string): string | undefined {
  // a sentence that states an amount of money is the action's own ("…and the rest ($390) on your Visa", "其余 390 美元从 Visa
  // 扣款"): its "the rest" is a share of the payment, no step after the action, and "the other certificate" no echo of it
  const sentences = [...request.matchAll(ANNOUNCED)].map((m) => m[0]).filter((s) => !MONEY.test(s));
  if (sentences.length === 0) return undefined;
  for (const segment of clause.split(/[,;，；]\s*/u)) {
    if (BEFORE.test(segment)) continue;
    const rest = segment.replace(GO_ON, " ").replace(/(?<![\p{L}])(?:the )?other(?:s)?|otr[oa]s?|demas(?![\p{L}])|其他|其余|别的/giu, " ");
    const words = contentStems(rest);
    const han = [...rest.matchAll(/\p{Script=Han}{2}/gu)].map((m) => m[0]);
    if (words.length + han.length === 0) continue;
    const covered = sentences.some((s) => {
      const stems = contentStems(s);
      const same = (w: string) =>
        stems.some((x) => x === w || stem(x) === stem(w) || (Math.min(x.length, w.length) >= 4 && (x.startsWith(w) || w.startsWith(x))));
      return words.every(same) && han.every((h) => s.includes(h));
    });
    if (covered) return segment;
  }
  return undefined;
}
