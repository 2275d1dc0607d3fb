/**
 * Issue 14, item 2: a reply that asks for what the request said cannot be done is not a yes to what it offered
 * (refused-action.ts). Found as a false confirmation on real replies (real-replies-5, unlicensed part: "I still want
 * to upgrade XEHM4B to economy and then cancel it. Can you do that?") and by the lead's red-team probes 10 (kept
 * outside the repository; 5 of 10 such probes were confirmed on `main` at 122a7d2). Hand-written EN/ZH/ES rows,
 * none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const noUpgrade: Lang3 = [
  "Unfortunately reservation HJ72KQ is in basic economy, so it cannot be upgraded. What I can do is look for other flights on the same day. Would you like me to search for them?",
  "很抱歉，预订 HJ72KQ 是基础经济舱，无法升舱。我可以帮您查找同一天的其他航班。需要我为您查找吗？",
  "Lo siento, la reserva HJ72KQ es de economía básica y no se puede mejorar de cabina. Puedo buscar otros vuelos del mismo día. ¿Desea que los busque?",
];
const noRefund: Lang3 = [
  "Since the booking is outside the 24-hour window and has no insurance, I'm unable to refund it. I can cancel reservation HJ72KQ without a refund. Would you like me to cancel it without a refund?",
  "由于已超过24小时且没有保险，我无法为您退款。我可以取消预订 HJ72KQ，但不退款。需要我在不退款的情况下取消吗？",
  "Como la reserva tiene más de 24 horas y no tiene seguro, no es posible reembolsarla. Puedo cancelar la reserva HJ72KQ sin reembolso. ¿Desea que la cancele sin reembolso?",
];

const wishSaidBack: Lang3 = [
  "I understand you'd like to upgrade reservation HJ72KQ and then cancel it. However, basic economy cannot be modified, so I can't upgrade it. I can look up your other trips instead. Would you like me to do that?",
  "我了解您想先把预订 HJ72KQ 升舱再取消。但是基础经济舱无法修改，所以我不能为您升舱。我可以帮您查看其他行程。需要吗？",
  "Entiendo que quiere mejorar la reserva HJ72KQ y luego cancelarla. Sin embargo, la economía básica no se puede modificar, así que no puedo mejorarla. Puedo revisar sus otros viajes. ¿Desea que lo haga?",
];

describe("a reply asking for the action the request refused", () => {
  it("the user's wish said back by the agent is not the agent putting it", () => {
    check(
      rows(
        wishSaidBack,
        [
          "I still want to upgrade it and then cancel it. Can you do that?",
          "我还是想先升舱再取消，可以吗？",
          "Aun así quiero mejorarla y luego cancelarla. ¿Puede hacerlo?",
        ],
        "unclear",
      ),
    );
  });
  it("asks for the refused action, with or without a yes: unclear", () => {
    check([
      ...rows(noUpgrade, ["Just upgrade it for me, please.", "那就直接帮我升舱吧。", "Mejórela de todos modos, por favor."], "unclear"),
      ...rows(
        noUpgrade,
        ["Sure — but I'd really rather you upgrade my seat.", "好的，不过我还是想升舱。", "Vale, pero prefiero que me mejore la cabina."],
        "unclear",
      ),
      ...rows(noRefund, ["Yes, cancel it and refund the fare to my card.", "好的，取消并把钱退给我。", "Sí, cancélela y reembólseme el importe."], "unclear"),
      ...rows(noRefund, ["OK, go ahead, and process the refund too.", "行，取消吧，顺便退款。", "De acuerdo, adelante, y procese el reembolso."], "unclear"),
    ]);
  });
  it("takes what was offered, or says the refused action back as refused: confirmed", () => {
    check([
      ...rows(noRefund, ["Yes, cancel it without a refund.", "好的，取消吧。", "Sí, cancélela sin reembolso."], "confirmed"),
      ...rows(noRefund, ["Yes, cancel it. I understand there's no refund.", "可以，取消吧。", "Sí, cancélela. Entiendo que no hay reembolso."], "confirmed"),
      ...rows(noRefund, ["Yes, cancel it, no refund needed.", "行，帮我取消。", "Sí, adelante, cancélela sin reembolso."], "confirmed"),
    ]);
  });
  it("a change the request refuses beside another action it puts: 'make the change' names the action put", () => {
    check(
      rows(
        [
          "Flight modifications cannot change the destination, so I cannot move you to Newark. I can change reservation M05KNL to HAT110 on May 24 for $207 on certificate_7473723. Shall I proceed with this modification?",
          "航班修改不能更改目的地，所以无法改到纽瓦克。我可以把预订 M05KNL 改为5月24日的 HAT110，207美元从 certificate_7473723 扣除。确认修改吗？",
          "Las modificaciones no pueden cambiar el destino, así que no es posible pasarle a Newark. Puedo cambiar la reserva M05KNL al HAT110 del 24 de mayo por 207 dólares con certificate_7473723. ¿Procedo con la modificación?",
        ],
        ["Yes, please go ahead and make the change.", "好的，请修改吧。", "Sí, adelante con el cambio."],
        "confirmed",
      ),
    );
  });
});
