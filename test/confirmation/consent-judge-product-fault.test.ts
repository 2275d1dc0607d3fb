/**
 * A yes to a return or an exchange that says what is wrong with the item ("it doesn't hold heat",
 * "no enfría bien", "屏幕不亮"): the negation describes a fault of the product, not the action, and
 * does not count against the yes. Counterparts written first, which keep blocking: a negation of the
 * action or of part of it, a restriction, a condition, and a fault said to a request that is not a
 * return. Hand-written rows (EN, ZH, ES), none a corpus string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const ret: Lang3 = [
  "I'll return the Thermos Bottle (item 7731, 0.5 L, blue) and the Desk Fan (item 2290) from order #W5518204, refunding $61.20 to your Mastercard ending 3319. Shall I proceed?",
  "我将为订单 #W5518204 退货保温瓶（商品 7731，0.5 升，蓝色）和台式风扇（商品 2290），61.20 美元退回尾号 3319 的万事达卡。确认办理吗？",
  "Voy a devolver el termo (artículo 7731, 0,5 L, azul) y el ventilador de escritorio (artículo 2290) del pedido #W5518204, con un reembolso de $61.20 a su Mastercard terminada en 3319. ¿Procedo?",
];
const bag: Lang3 = [
  "I'll add one checked bag to reservation QP4L7Z for $35, charged to your Visa ending 8120. Shall I proceed?",
  "我将为预订 QP4L7Z 添加一件托运行李，35 美元从尾号 8120 的 Visa 扣除。确认办理吗？",
  "Voy a añadir una maleta facturada a la reserva QP4L7Z por $35, con cargo a su Visa terminada en 8120. ¿Procedo?",
];

describe("judgeConsent: a product's fault beside a yes to its return", () => {
  // counterparts first: these must stay unclear
  it("a fault beside a negation of the action or of part of it: unclear", () => {
    check(
      rows(
        ret,
        [
          "Yes, the fan doesn't spin anymore, but don't return the bottle.",
          "好的，风扇不转了，但保温瓶别退了。",
          "Sí, el ventilador ya no gira, pero no devuelva el termo.",
        ],
        "unclear",
      ),
    );
    check(
      rows(
        ret,
        [
          "Yes, the bottle doesn't keep heat, so only return the bottle.",
          "好的，保温瓶不保温，只退保温瓶。",
          "Sí, el termo no mantiene el calor, devuelva solo el termo.",
        ],
        "unclear",
      ),
    );
  });
  it("a fault beside a condition or a refund elsewhere: unclear", () => {
    check(
      rows(
        ret,
        [
          "Yes, the fan doesn't work, as long as the refund arrives this week.",
          "好的，风扇坏了不转，前提是这周能到账。",
          "Sí, el ventilador no funciona, siempre que el reembolso llegue esta semana.",
        ],
        "unclear",
      ),
    );
  });
  it("the offer itself judged ('that doesn't work for me'): not confirmed", () => {
    check(rows(ret, ["Yes, hmm, that doesn't work for me.", "好的，嗯，这样不适合我。", "Sí, mmm, eso no me sirve."], "unclear"));
  });
  it("a negation beside a yes to a request that is not a return still counts", () => {
    check(
      rows(bag, ["Yes, the zipper doesn't close, add the bag.", "好的，拉链拉不上，加上行李吧。", "Sí, la cremallera no cierra, añada la maleta."], "unclear"),
    );
  });

  it("a fault of the item beside a yes: confirmed", () => {
    check(
      rows(
        ret,
        [
          "Yes, please go ahead with the return. The bottle doesn't keep anything warm and the fan doesn't spin on high.",
          "好的，请办理退货。保温瓶不保温，风扇也不转了。",
          "Sí, proceda con la devolución. El termo no mantiene el calor y el ventilador no gira bien.",
        ],
        "confirmed",
      ),
    );
    check(
      rows(
        ret,
        [
          "Yes, go ahead with the return. It just doesn't work properly.",
          "确认退货。用了两次就坏了，不能用了。",
          "Sí, proceda con la devolución. No funciona como debería.",
        ],
        "confirmed",
      ),
    );
  });
});
