/**
 * Issue 14, items 2–3 (lead's red team after the restatement merge): "the gift card" stands for the
 * request's gift_card_… id only where the request pays with one method. Beside a split ("$150 from
 * gift_card_… and $239 on your card ending 5120") a reply that re-describes it in its own words ("$239 from
 * the gift card and $150 on the card", "all of it on the gift card") pairs amounts with methods, which the
 * judge does not check: unclear. Where one method pays, "the gift card" is that one: confirmed.
 * Hand-written EN/ZH/ES rows.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const split: Lang3 = [
  "I'll book HAT330 (ORD → DEN, 2024-05-23, economy, $389): $150 from gift_card_2240918 and $239 on your credit card ending 5120. Shall I proceed?",
  "我将预订 HAT330（ORD → DEN，2024-05-23，经济舱，$389）：gift_card_2240918 付 $150，尾号 5120 的信用卡付 $239。要继续吗？",
  "Reservaré el HAT330 (ORD → DEN, 2024-05-23, económica, $389): $150 con gift_card_2240918 y $239 con su tarjeta de crédito terminada en 5120. ¿Procedo?",
];
const oneMethod: Lang3 = [
  "I'll book HAT330 (ORD → DEN, 2024-05-23, economy, $389), paid with gift_card_2240918. Shall I proceed?",
  "我将预订 HAT330（ORD → DEN，2024-05-23，经济舱，$389），用 gift_card_2240918 支付。要继续吗？",
  "Reservaré el HAT330 (ORD → DEN, 2024-05-23, económica, $389), pagado con gift_card_2240918. ¿Procedo?",
];

describe("a split re-described in the reply's own words", () => {
  it("amounts paired the other way round, or all of it on one method: unclear", () => {
    check([
      ...rows(
        split,
        [
          "Yes: $239 from the gift card and $150 on the card ending 5120.",
          "好的，礼品卡付 239，信用卡付 150。",
          "Sí: $239 con la tarjeta de regalo y $150 con la tarjeta.",
        ],
        "unclear",
      ),
      ...rows(split, ["Yes, use my gift card for all of it.", "好的，全部用礼品卡付。", "Sí, todo con la tarjeta de regalo."], "unclear"),
    ]);
  });
  it("the one method named by its kind: confirmed", () => {
    check(rows(oneMethod, ["Yes, book it with the gift card.", "好的，用礼品卡订吧。", "Sí, resérvelo con la tarjeta de regalo."], "confirmed"));
  });
});
