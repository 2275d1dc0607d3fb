/**
 * Issue 14: a passenger calls the reservation "my ticket" ("upgrade my ticket to economy", "cancele mi boleto", "把我的机票升到经济舱"):
 * the ticket is what the request's reservation gives the passenger, no new thing (concept-glossary.ts). A ticket with a detail of its
 * own (a cabin, a day, an email, a printed copy, a support ticket about something else) is still read. Hand-written EN/ZH/ES rows,
 * none a corpus row.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const upgrade: Lang3 = [
  "I can upgrade reservation OWZ4XL from basic economy to economy on the same flights; the $64 difference goes on your credit card ending 9780. Shall I proceed?",
  "我可以把预订 OWZ4XL 从基础经济舱升到经济舱，航班不变，差价 ¥460 从您尾号 9780 的信用卡扣除。要办理吗？",
  "Puedo subir la reserva OWZ4XL de básica a turista en los mismos vuelos; la diferencia de 64 € se carga a su tarjeta de crédito terminada en 9780. ¿Procedo?",
];
const cancel: Lang3 = [
  "I will cancel reservation HZ2Q8L (HAT201, MIA → ORD on 2024-05-30) and refund $318 to your original payment method. Shall I go ahead?",
  "我将取消预订 HZ2Q8L（HAT201，5月30日迈阿密飞芝加哥），并把 ¥2,300 退回原支付方式。要办理吗？",
  "Voy a cancelar la reserva HZ2Q8L (HAT201, MIA → ORD el 2024-05-30) y reembolsar 318 € a su método de pago original. ¿Procedo?",
];

describe("the reservation called a ticket", () => {
  it("the ticket is the request's reservation: confirmed", () => {
    check([
      ...rows(
        upgrade,
        ["Yes, please upgrade my ticket to economy.", "好的，把我的机票升到经济舱吧。", "Sí, suba mi boleto a turista, por favor."],
        "confirmed",
      ),
      ...rows(cancel, ["Sure, cancel the ticket.", "可以，机票取消吧。", "Vale, adelante con el billete."], "confirmed"),
    ]);
  });

  it("a ticket with a detail or a thing of its own: not confirmed", () => {
    check([
      ...rows(upgrade, ["Yes, and email me the new ticket.", "好的，顺便把机票改到周五。", "Sí, y mándeme el boleto impreso a casa."], "unclear"),
      ...rows(
        cancel,
        ["Yes, and open a support ticket about the wifi too.", "好的，取消机票，顺便把酒店也退了。", "Sí, cancele el billete y el del hotel también."],
        "unclear",
      ),
    ]);
  });
});
