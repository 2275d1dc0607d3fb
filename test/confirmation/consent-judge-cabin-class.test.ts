/**
 * "Business class", "economy class": the cabin's own noun is part of the cabin's value (described-values.ts), so a yes that
 * names the request's cabin with it asks for nothing new, and one that names another cabin with it still changes the cabin.
 * Hand-written rows (EN, ZH, ES), none taken from a corpus.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const upgrade: Lang3 = [
  "Reservation 8FRD2K (HAT056 SEA→SFO on 2024-05-21, 1 passenger): cabin economy → business, $236 charged to gift card gift_card_881203. Please reply yes to confirm the upgrade.",
  "预订 8FRD2K（5 月 21 日 HAT056 西雅图飞旧金山，1 位乘客）：舱位由经济舱升为商务舱，236 美元从礼品卡 gift_card_881203 扣除。请回复“是”确认升舱。",
  "Reserva 8FRD2K (HAT056 SEA→SFO el 21 de mayo, 1 pasajero): subir la cabina de económica a business, 236 dólares con la tarjeta regalo gift_card_881203. ¿Desea que haga la mejora?",
];

describe("judgeConsent: a cabin named with its noun ('business class')", () => {
  it("the request's cabin: confirmed", () => {
    check(
      rows(
        upgrade,
        [
          "Yes, I'd like to go ahead with upgrading me to business class on HAT056. The $236 from the gift card is fine.",
          "是的，请把我升到商务舱，236美元从礼品卡扣就好。",
          "Sí, súbame a clase business en el HAT056. Los 236 dólares de la tarjeta regalo están bien.",
        ],
        "confirmed",
      ),
    );
  });
  it("another cabin, or the cabin kept: unclear", () => {
    check(rows(upgrade, ["Yes, but make it basic economy class instead.", "好的，不过改成基本经济舱吧。", "Sí, pero mejor en clase básica."], "unclear"));
    check(rows(upgrade, ["Yes, upgrade me to first class on HAT056.", "好的，给我升到头等舱。", "Sí, súbame a primera clase en el HAT056."], "unclear"));
  });
});
