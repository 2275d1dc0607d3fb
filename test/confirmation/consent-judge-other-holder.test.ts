/**
 * Issue 14: the one replying says the account, line, card or order the action is on is someone else's ("it's technically my
 * husband's line", "la tarjeta está a nombre de mi padre", "这是我姐姐的订单"): the yes is not the holder's (other-holder.ts).
 * Found by red-team probes 14 (kept outside the repository): on `main` at 0187c9a, "It's my boss's booking really, I'll let him
 * know", "the account's in my mum's name… she won't mind" and "这是我老板的预订，办完我再告诉他" were confirmed. Hand-written
 * EN/ZH/ES rows, none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const topUp: Lang3 = [
  "I'll add a 10 GB data top-up to line 555-0163 for $15, billed to the account. Shall I add it?",
  "我将为号码 139****0163 加一个 10G 流量包，¥30，计入账户账单。是否确认？",
  "Voy a añadir un bono de 10 GB a la línea 600 555 163 por 15 €, cargado a la cuenta. ¿Lo añado?",
];
const limit: Lang3 = [
  "I'll raise the credit limit on the Visa ending 9034 to $8,000. Shall I proceed?",
  "我将把尾号 9034 的 Visa 卡信用额度提高到 ¥50,000。是否确认？",
  "Voy a subir el límite de crédito de la Visa terminada en 9034 a 8.000 €. ¿Procedo?",
];
const order: Lang3 = [
  "I'll cancel order #W5519024 (the espresso machine) and refund $249 to the Mastercard ending 1177. Shall I proceed?",
  "我将取消订单 #W5519024（意式咖啡机），并把 ¥1,799 退回尾号 1177 的万事达卡。是否确认？",
  "Voy a cancelar el pedido #W5519024 (la cafetera espresso) y reembolsar 249 € a la Mastercard terminada en 1177. ¿Procedo?",
];
const sistersOrder: Lang3 = [
  "I'll cancel your sister's order #W5519024 (the espresso machine) and refund $249 to her Mastercard ending 1177. Shall I proceed?",
  "我将取消您姐姐的订单 #W5519024（意式咖啡机），并把 ¥1,799 退回她尾号 1177 的万事达卡。是否确认？",
  "Voy a cancelar el pedido #W5519024 de su hermana (la cafetera espresso) y reembolsar 249 € a su Mastercard terminada en 1177. ¿Procedo?",
];

describe("the action's thing said to be someone else's", () => {
  it("someone else's line, card or order: unclear", () => {
    check([
      ...rows(
        topUp,
        [
          "Sure, add it. It's technically my husband's line, but he'd want the data.",
          "好的，加吧。这个其实是我老公的号码，他肯定需要流量。",
          "Sí, añádalo. La línea es de mi marido, pero seguro que quiere los datos.",
        ],
        "unclear",
      ),
      ...rows(
        limit,
        [
          "Go ahead. The card is in my father's name, he's travelling.",
          "可以，提吧。这是我爸的卡，他出差了。",
          "Adelante. La tarjeta está a nombre de mi padre, que está de viaje.",
        ],
        "unclear",
      ),
      ...rows(
        order,
        [
          "Yes, cancel it. This is my sister's order, I'll tell her later.",
          "好的，取消吧。这是我姐姐的订单，回头我跟她说。",
          "Sí, cancélelo. El pedido es de mi hermana, luego se lo cuento.",
        ],
        "unclear",
      ),
    ]);
  });

  it("a former or late holder, a past tense, the thing named before the copula: unclear", () => {
    check([
      ...rows(
        limit,
        [
          "Go ahead. It's my late mother's card, I'm the one using it now.",
          "可以，提吧。这张卡其实是我妈妈的，现在是我在用。",
          "Adelante. La tarjeta era de mi difunta madre; ahora la uso yo.",
        ],
        "unclear",
      ),
      { request: topUp[0], reply: "Sure, add it. The line is in my ex-wife's name still.", expected: "unclear" as const },
      { request: topUp[1], reply: "好的，加吧。号码还在我前妻名下。", expected: "unclear" as const },
    ]);
  });

  it("the user's own thing, or a person the request itself names: confirmed", () => {
    check([
      ...rows(topUp, ["Sure, add it. It's my own line.", "好的，加吧，号码是我本人的。", "Sí, añádalo, la línea es mía."], "confirmed"),
      ...rows(
        sistersOrder,
        ["Yes, it's my sister's order, please cancel it.", "好的，是我姐姐的订单，取消吧。", "Sí, el pedido es de mi hermana, cancélelo."],
        "confirmed",
      ),
    ]);
  });
});
