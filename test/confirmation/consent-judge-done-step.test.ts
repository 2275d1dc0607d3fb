/**
 * Issue 14: a yes that takes up a step the request reports as already done, while the request's question puts the next step
 * (earlier-question.ts). Found by red-team probes 13 (kept outside the repository): on `main` at 19d9047, 3 of 9 replies that
 * thanked for a finished address change and said it was right were read as a yes to the order cancellation asked next.
 * Also: "address" is no form of "add" (content-words.ts, asked-question.ts). Hand-written EN/ZH/ES rows, none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const card: Lang3 = [
  "The mailing address on your checking account has been updated to 48 Birch Road. Would you also like me to order a replacement debit card ending 6120, with a $5 fee?",
  "您活期账户的通讯地址已经改为桦树路48号。另外，需要我为您补寄一张尾号 6120 的借记卡吗？手续费 ¥10。",
  "La dirección postal de su cuenta corriente ya está actualizada a la calle Abedul 48. ¿Quiere que además le envíe una tarjeta de débito nueva terminada en 6120, con una comisión de 5 €?",
];
const upgrade: Lang3 = [
  "I've added the checked bag to reservation T7W2KQ. Shall I also upgrade Sofia Marin to business class on HAT310 for $420, charged to the Amex ending 1009?",
  "我已为您给预订 T7W2KQ 添加了托运行李。另外，需要我把 Sofia Marin 在 HAT310 上升舱到商务舱吗？费用 ¥2,900，从尾号 1009 的卡扣除。",
  "Ya he añadido la maleta facturada a la reserva T7W2KQ. ¿Quiere que también suba a Sofía Marín a business en el HAT310 por 420 €, con cargo a la Amex terminada en 1009?",
];
describe("a yes that takes up a step the request reports as done", () => {
  it("says the finished step is right and nothing of the step now put: unclear", () => {
    check([
      ...rows(
        card,
        ["Yes, Birch Road is right, thanks a lot for changing it.", "好的，是的，桦树路48号没错。", "Sí, la calle Abedul 48 es correcta, gracias."],
        "unclear",
      ),
      ...rows(
        upgrade,
        [
          "Great, yes, the checked bag is just what I needed. Thank you!",
          "太好了，托运行李就是我需要的。",
          "Estupendo, sí, la maleta facturada era justo lo que necesitaba.",
        ],
        "unclear",
      ),
      // "address" is no form of "add": it is no go-ahead of its own
      ...rows(card, ["Yes, that's the right address now, thank you!", "是的，新地址是对的，谢谢！", "Sí, esa es la dirección correcta, gracias."], "unclear"),
    ]);
  });

  it("a bare yes, or one that takes up the step now put, even beside thanks for the finished one: confirmed", () => {
    check([
      ...rows(card, ["Yes, please.", "好的，麻烦了。", "Sí, por favor."], "confirmed"),
      ...rows(
        card,
        [
          "Yes, please order the replacement card, and thanks for updating the address!",
          "好的，借记卡补寄吧，谢谢您改地址。",
          "Sí, envíeme la tarjeta nueva, gracias por cambiar la dirección.",
        ],
        "confirmed",
      ),
      ...rows(
        upgrade,
        ["Yes, upgrade Sofia too, thanks for adding the bag.", "好的，升舱吧，谢谢。", "Sí, súbala a business, gracias por lo de la maleta."],
        "confirmed",
      ),
    ]);
  });
});
