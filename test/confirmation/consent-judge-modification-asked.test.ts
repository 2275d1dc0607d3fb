/**
 * A modification asked of an action that modifies nothing (modification-asked.ts): after a request that only books, cancels
 * or returns, "could you update the baggage information?", "yes, please change the passenger name" or "¿puede cambiar el
 * equipaje?" asks for a changed detail, even in the request's own words. Found as a false confirmation on real replies
 * (real-replies-10, r10-006: a polite "could you please update…" had been read as the go-ahead). The controls: the same words
 * after a request that itself changes or adds something, and a change told as a story beside a yes. Rows of their own (EN, ZH, ES).
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const booking: Lang3 = [
  "Here is the booking: HAT210 JFK → MIA on June 4, economy, 1 passenger (Ana Ruiz), 1 checked bag, no insurance, $240 on your Visa ending 1187. Shall I book it?",
  "预订信息：HAT210 纽约 JFK → 迈阿密 MIA，6月4日，经济舱，1位乘客（Ana Ruiz），1件托运行李，不买保险，$240 从尾号 1187 的 Visa 卡扣款。需要我为您预订吗？",
  "Esta es la reserva: HAT210 JFK → MIA el 4 de junio, económica, 1 pasajera (Ana Ruiz), 1 maleta facturada, sin seguro, $240 con cargo a su Visa terminada en 1187. ¿Desea que la reserve?",
];

const cancellation: Lang3 = [
  "I can cancel reservation QW7E2R (Chicago ORD → Denver DEN, June 12, 1 passenger). The full $412 will be refunded to your Visa ending 4410. Shall I go ahead with the cancellation?",
  "我可以为您取消预订 QW7E2R（芝加哥 ORD → 丹佛 DEN，6月12日，1位乘客）。$412 将全额退回您尾号 4410 的 Visa 卡。请问确认取消吗？",
  "Puedo cancelar la reserva QW7E2R (Chicago ORD → Denver DEN, 12 de junio, 1 pasajero). Se reembolsarán los $412 completos a su Visa terminada en 4410. ¿Desea que proceda con la cancelación?",
];

const bagChange: Lang3 = [
  "I can update reservation QW7E2R from 1 to 2 checked bags; the extra bag costs $35 on your Visa ending 4410. Shall I update the bags?",
  "我可以把预订 QW7E2R 的托运行李从1件修改为2件，多出的一件收费 $35，从尾号 4410 的 Visa 卡扣。需要我修改行李吗？",
  "Puedo cambiar el equipaje de la reserva QW7E2R de 1 a 2 maletas facturadas; la maleta extra cuesta $35 con cargo a su Visa terminada en 4410. ¿Desea que cambie el equipaje?",
];

describe("judgeConsent: a modification asked of an action that modifies nothing", () => {
  it("a polite or plain instruction to update, change or correct a part of a booking: unclear", () => {
    check(
      rows(
        booking,
        ["Could you please update the baggage information?", "能帮我修改一下行李信息吗？", "¿Puede cambiar la información del equipaje?"],
        "unclear",
      ),
    );
    check(
      rows(
        booking,
        ["Yes, please correct the passenger name first.", "好的，请先更改一下乘客姓名。", "Sí, por favor corrija el nombre de la pasajera."],
        "unclear",
      ),
    );
    check(rows(booking, ["Update the bags, please.", "请更新行李。", "Actualice el equipaje, por favor."], "unclear"));
  });
  it("the same after a cancellation: unclear", () => {
    check(
      rows(
        cancellation,
        ["Sure, and can you change the refund card while you're at it?", "好的，顺便帮我更改一下退款的卡。", "Sí, y ¿puede cambiar la tarjeta del reembolso?"],
        "unclear",
      ),
    );
  });
  it("control: the request itself changes the bags, so the same words are its go-ahead", () => {
    check(rows(bagChange, ["Yes, please update the bags.", "好的，请修改行李。", "Sí, por favor cambie el equipaje."], "confirmed"));
  });
  it("control: a change told as a story beside a yes to the booking", () => {
    check(
      rows(
        booking,
        [
          "Yes, please book it. I had to change my plans last week, so this works out well.",
          "好的，请预订。我上周改了计划，这个正合适。",
          "Sí, resérvela por favor. Tuve que cambiar mis planes la semana pasada, así que esto me viene bien.",
        ],
        "confirmed",
      ),
    );
    // (the text is read without accents: "cambié de planes", I changed my plans, is no "cambie", change it)
    check(rows(cancellation, ["Yes, please cancel it. I changed my plans.", "好的，请取消。我改了计划。", "Sí, cancélela. Cambié de planes."], "confirmed"));
  });
});
