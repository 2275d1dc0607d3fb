/**
 * Details said back that are no details of their own: the numbers of a list the user writes line by line ("1) …\n2) …\n3. …",
 * before read as the counts 2 and 3 from the second line on), a short word after "gate", "size" or "puerta" ("at the gate for
 * hours", "half a size too small", "la puerta de embarque", before read as the labels "gate for", "size too", "puerta de"),
 * and "one thing after another" / "un problema tras otro" (a run of events, before read as "another", a change). Near-misses
 * keep refusing: a real count, amount or label of the user's own, and "another flight" / "otra tarjeta" / "另一张卡".
 * Hand-written rows (EN, ZH, ES).
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const listed: Lang3 = [
  "Please confirm:\n1) Exchange item 3478699712 from order #W2905754\n2) The new item is 9844888101\n3) Charge the $107.09 difference to the card ending 1531\nReply yes to proceed.",
  "请确认：\n1) 换货订单 #W2905754 中的商品 3478699712\n2) 新商品是 9844888101\n3) 差价 107.09 美元从尾号 1531 的卡扣除\n回复“是”继续。",
  "Confirme por favor:\n1) Cambio del artículo 3478699712 del pedido #W2905754\n2) El artículo nuevo es 9844888101\n3) La diferencia de 107,09 dólares se carga a la tarjeta terminada en 1531\n¿Desea que proceda?",
];
const certificate: Lang3 = [
  "I'm sorry about the delay on flight HAT039. I can issue a $50 travel certificate to your account. Would you like me to issue it?",
  "很抱歉 HAT039 航班延误了。我可以给您的账户发放一张 50 美元的旅行券。需要我发放吗？",
  "Lamento el retraso del vuelo HAT039. Puedo emitir un certificado de viaje de 50 dólares a su cuenta. ¿Desea que lo emita?",
];
const cancel: Lang3 = [
  "I can cancel reservation PX71KD (HAT052, SEA to DFW on May 21); the $312 refund goes to your Mastercard ending 0458. Do you want me to cancel it?",
  "我可以取消预订 PX71KD（HAT052，5 月 21 日西雅图飞达拉斯），312 美元退回您尾号 0458 的万事达卡。需要我取消吗？",
  "Puedo cancelar la reserva PX71KD (HAT052, de SEA a DFW el 21 de mayo); el reembolso de 312 dólares va a su Mastercard terminada en 0458. ¿Desea que la cancele?",
];

describe("judgeConsent: details said back that are no details of their own", () => {
  it("a numbered list written line by line: its numbers are no counts (EN, ZH, ES)", () => {
    check(
      rows(
        listed,
        [
          "Yes, please proceed.\n1) Exchange item 3478699712 from order W2905754.\n2) New item 9844888101.\n3) Charge the $107.09 to the card ending 1531.",
          "好的，请办理。\n1) 换订单 W2905754 的商品 3478699712。\n2) 新商品 9844888101。\n3) 差价 107.09 美元从尾号 1531 的卡扣。",
          "Sí, proceda.\n1) El artículo 3478699712 del pedido W2905754.\n2) El artículo nuevo 9844888101.\n3) Los 107,09 dólares a la tarjeta terminada en 1531.",
        ],
        "confirmed",
      ),
    );
  });
  it("a list line with a count or an amount of its own: unclear", () => {
    check(
      rows(
        listed,
        [
          "Yes, please proceed.\n1) Exchange item 3478699712.\n2) Charge $120 to the card ending 1531.",
          "好的，请办理。\n1) 换商品 3478699712。\n2) 差价 120 美元从尾号 1531 的卡扣。",
          "Sí, proceda.\n1) El artículo 3478699712.\n2) Cargue 120 dólares a la tarjeta terminada en 1531.",
        ],
        "unclear",
      ),
    );
    check(
      rows(
        listed,
        [
          "Yes, please proceed.\n1) Exchange item 3478699712.\n2) Send me 3 of the new item.",
          "好的，请办理。\n1) 换商品 3478699712。\n2) 新商品给我 3 件。",
          "Sí, proceda.\n1) El artículo 3478699712.\n2) Envíeme 3 del artículo nuevo.",
        ],
        "unclear",
      ),
    );
  });
  it("a short word after 'gate' or 'puerta' is no label: confirmed", () => {
    check(
      rows(
        certificate,
        [
          "Yes, issue the $50 certificate. We waited at the gate for ages.",
          "好的，请发放 50 美元的旅行券。我们在登机口等了好久。",
          "Sí, emita el certificado de 50 dólares. Esperamos en la puerta de embarque muchísimo.",
        ],
        "confirmed",
      ),
    );
  });
  it("a label of the user's own (another option, another seat): unclear", () => {
    check(
      rows(
        certificate,
        ["Yes, issue it, and put me in seat 12 next time.", "好的，发放吧，下次给我 12 号座位。", "Sí, emítalo, y la próxima vez póngame en el asiento 12."],
        "unclear",
      ),
    );
  });
  it("'one thing after another' is a run of events, not another item: confirmed", () => {
    check(
      rows(
        cancel,
        [
          "It has been one problem after another with this trip. Yes, please cancel it.",
          "这趟行程真是麻烦一个接一个。好的，请取消。",
          "Con este viaje ha sido un problema tras otro. Sí, cancélela, por favor.",
        ],
        "confirmed",
      ),
    );
  });
  it("another flight or another card beside the yes: unclear", () => {
    check(
      rows(
        cancel,
        ["Yes, cancel it, and send the refund to another card.", "好的，取消吧，退款退到另一张卡。", "Sí, cancélela, pero el reembolso a otra tarjeta."],
        "unclear",
      ),
    );
  });
});
