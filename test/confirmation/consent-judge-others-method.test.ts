/**
 * Issue 14: a yes that sends the money to, or takes it from, someone else's card or account ("refund it to his Visa", "la tarjeta
 * de mi esposa", "退到我太太的卡上") changes whose money moves, a detail the request did not put (other-payer.ts, `othersMethod`).
 * Found writing the near-misses of the "send the refund" reading: "Yes, send the refund to his Visa." and "好的，退款退到我太太的卡上。"
 * were confirmed on `main` ("his" and "太" are words of no content). The user's own card, and a card the request itself names as
 * someone's, stay as described. Hand-written EN/ZH/ES rows.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const cancel: Lang3 = [
  "I can cancel reservation LM3K8D and refund $260 to your Visa ending 5521. Would you like me to proceed?",
  "我可以取消预订 LM3K8D，并将 $260 退回您尾号 5521 的 Visa 卡。要继续吗？",
  "Puedo cancelar la reserva LM3K8D y reembolsar $260 a su Visa terminada en 5521. ¿Desea que continúe?",
];
const upgrade: Lang3 = [
  "I can upgrade reservation PX4N7Q to business for $380, charged to your Amex ending 1009. Shall I go ahead?",
  "我可以把预订 PX4N7Q 升到商务舱，费用 $380，从您尾号 1009 的运通卡扣款。要办理吗？",
  "Puedo subir la reserva PX4N7Q a business por $380, con cargo a su Amex terminada en 1009. ¿Procedo?",
];
const husbands: Lang3 = [
  "I can refund the $90 to your husband's Visa ending 7710, the card the booking was paid with. Shall I proceed?",
  "我可以把 $90 退回您先生尾号 7710 的 Visa 卡，也就是当初付款的那张卡。要继续吗？",
  "Puedo reembolsar los $90 a la Visa de su esposo terminada en 7710, la tarjeta con la que se pagó. ¿Procedo?",
];

describe("someone else's card or account", () => {
  it("his, her, a relative's card or account: unclear", () => {
    check([
      ...rows(cancel, ["Yes, refund it to his Visa please.", "好的，退款退到我太太的卡上。", "Sí, reembolse a la tarjeta de mi esposa."], "unclear"),
      ...rows(cancel, ["Sure, put the money in my son's account.", "可以，退到他的卡上吧。", "Claro, a la cuenta de mi hijo, por favor."], "unclear"),
      ...rows(upgrade, ["Okay, charge it to her Amex.", "行，从我爸爸的卡里扣吧。", "Vale, cárguelo a la tarjeta de mi padre."], "unclear"),
    ]);
  });

  it("the user's own card, or the card the request names as someone's: confirmed", () => {
    check([
      ...rows(cancel, ["Yes, refund it to my Visa please.", "好的，退到我的卡上吧。", "Sí, reembolse a mi Visa, por favor."], "confirmed"),
      ...rows(upgrade, ["Okay, charge it to my Amex.", "行，从我的运通卡扣吧。", "Vale, cárguelo a mi Amex."], "confirmed"),
      ...rows(husbands, ["Yes, refund it to his Visa, thanks.", "好的，就退到他的卡上。", "Sí, a la Visa de mi esposo está bien."], "confirmed"),
    ]);
  });
});
