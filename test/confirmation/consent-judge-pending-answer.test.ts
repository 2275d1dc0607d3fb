/**
 * Issue 14, item 2 ("affirms and in the same breath adds a condition"): a yes that waits on something ("pending my
 * manager's approval", "subject to…", "sujeto a…", "取决于…") or says the answer is still to come ("I'll let you know
 * when", "le aviso luego", "回头告诉你") is not a confirmation (consent-markers.ts, CONDITION and DEFERRAL). Found by the
 * lead's red-team probes 11c (kept outside the repository): two such replies were confirmed on `main` at 5d3f5a7.
 * Hand-written EN/ZH/ES rows, none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const change: Lang3 = [
  "I'll change reservation NB31TT from HAT077 on August 9 to HAT091 on August 10, economy, with a $50 fee charged to your Visa ending 6120. Shall I go ahead?",
  "我将把预订 NB31TT 从 8月9日的 HAT077 改为 8月10日的 HAT091，经济舱，并从尾号 6120 的 Visa 卡收取 $50 手续费。是否继续？",
  "Voy a cambiar la reserva NB31TT del HAT077 del 9 de agosto al HAT091 del 10 de agosto, económica, con un cargo de 50 $ a su Visa terminada en 6120. ¿Procedo?",
];

describe("a yes that waits on something, or on an answer still to come", () => {
  it("waits on an approval or a fact: unclear", () => {
    check([
      ...rows(change, ["Yes, pending my wife's OK.", "可以，有待我太太同意。", "Sí, pendiente de la aprobación de mi jefe."], "unclear"),
      ...rows(change, ["OK — subject to the fee being waived.", "好的，取决于手续费能不能免。", "Vale, sujeto a que no cobren la tarifa."], "unclear"),
      ...rows(change, ["Sure, depending on the seat I get.", "行，取决于座位。", "Sí, dependiendo del asiento."], "unclear"),
    ]);
  });
  it("says the answer is still to come: unclear", () => {
    check(rows(change, ["Sounds fine, I'll get back to you tomorrow.", "好的，回头再告诉你。", "Vale, le aviso luego."], "unclear"));
  });
  it("a pending thing named as a thing, or a later note beside a plain yes: confirmed", () => {
    check([
      ...rows(change, ["Yes, go ahead, and I'll tell you how the trip goes!", "好的，请办理，谢谢！", "Sí, adelante, muchas gracias."], "confirmed"),
      ...rows(change, ["Yes, please make the change; the pending fee is fine.", "确认，请改签。", "Sí, haga el cambio por favor."], "confirmed"),
    ]);
  });
});
