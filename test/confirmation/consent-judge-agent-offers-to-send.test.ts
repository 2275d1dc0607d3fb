/**
 * Issue 14: a request in which the agent offers to send or give something ("Shall I send the $100 certificate?", "Would you
 * like me to give you the refund…?") puts an action to the user; it is no request for information ("Could you send me the
 * reservation ID?"), so a plain yes to it confirms. Found while writing the repeated-update audit tests: a plain "yes" to
 * "Shall I send the $100 certificate?" was read as answering a which-question. Beside it, a yes to a real request for
 * information, and a yes that changes the amount, stay unclear. Hand-written EN/ZH/ES rows.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const offer: Lang3 = [
  "Because your flight HAT118 was delayed, I can send you a $100 travel certificate. Shall I send the $100 certificate to your account?",
  "由于您的航班 HAT118 延误，我可以给您发一张 $100 的旅行代金券。需要我把这张 $100 的代金券发到您的账户吗？",
  "Como su vuelo HAT118 se retrasó, puedo enviarle un certificado de viaje de $100. ¿Desea que le envíe el certificado de $100 a su cuenta?",
];
const offerMe: Lang3 = [
  "Would you like me to send the $150 certificate to your account for the cancelled flight HAT240?",
  "需要我为取消的航班 HAT240 给您的账户发 $150 的代金券吗？",
  "¿Quiere que le envíe el certificado de $150 a su cuenta por el vuelo cancelado HAT240?",
];
/** Requests for information in the same words (the user is asked to send or give): the lookbehind is English, so are these. */
const askInfo = [
  "Could you send me the reservation ID of the delayed flight?",
  "Can you give me the reservation number, please?",
  "Please share the reservation ID so I can look it up.",
];

describe("the agent offering to send or give something", () => {
  it("a plain yes confirms (EN, ZH, ES)", () => {
    check([
      ...rows(offer, ["Yes", "好的", "Sí"], "confirmed"),
      ...rows(offer, ["Yes please, send it.", "好的，请发吧。", "Sí, envíelo por favor."], "confirmed"),
      ...rows(offerMe, ["yes, that would be great", "好的，谢谢", "sí, gracias"], "confirmed"),
    ]);
  });

  it("near misses: a yes to a request for information, or a yes that changes the amount, stays unclear", () => {
    check([
      ...askInfo.map((request) => ({ request, reply: "Yes", expected: "unclear" as const })),
      ...rows(offer, ["Yes, but make it $200.", "好的，不过请发 $200 的。", "Sí, pero que sea de $200."], "unclear"),
    ]);
  });
});
