/**
 * A request that moves the user to a flight it never names ("change you to a nonstop flight", "New flight: Nonstop from EWR
 * to LAX on May 21", "cambiarle a un vuelo directo", "改到一班更早的航班"), with no flight number or time, put no exact action:
 * a yes to it is unclear. Found as false confirmations on real replies (real-replies-9, r9-019 and r9-025). The same requests
 * naming the flight, and a certificate "for a delayed flight", stay confirmed. Rows of their own in EN/ZH/ES.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const yes: Lang3 = [
  "Yes, that works for me. Please go ahead with the change, thank you!",
  "好的，可以，请帮我改吧，谢谢！",
  "Sí, me viene bien. Adelante con el cambio, ¡gracias!",
];

const unnamed: Lang3[] = [
  [
    "Since your fare is basic economy, I'll first upgrade reservation JQ7R2L to economy and then change you to a nonstop flight on the same day. The total would be about $140 on your Visa ending 9021. Shall I proceed?",
    "由于您是基础经济舱，我会先把预订 JQ7R2L 升级为经济舱，然后改到同一天一班直飞航班。总共约 $140，从尾号 9021 的 Visa 扣。要办理吗？",
    "Como su tarifa es económica básica, primero mejoraré la reserva JQ7R2L a económica y luego la cambiaré a un vuelo directo el mismo día. Serían unos $140 con su Visa terminada en 9021. ¿Procedo?",
  ],
  [
    "Please confirm these details:\n- Reservation: JQ7R2L\n- New flight: nonstop from Boston to Seattle on June 3\n- Cabin: economy\n- Payment: Visa ending 9021\nIs it correct to proceed?",
    "请确认以下信息：\n- 预订：JQ7R2L\n- 新航班：6月3日波士顿直飞西雅图\n- 舱位：经济舱\n- 付款：尾号 9021 的 Visa\n可以办理吗？",
    "Confirme estos datos:\n- Reserva: JQ7R2L\n- Vuelo nuevo: directo de Boston a Seattle el 3 de junio\n- Cabina: económica\n- Pago: Visa terminada en 9021\n¿Procedo?",
  ],
];

const named: Lang3[] = [
  [
    "I'll upgrade reservation JQ7R2L to economy and change you to the nonstop flight HAT214 departing 08:15 on June 3. The total is $140 on your Visa ending 9021. Shall I proceed?",
    "我会把预订 JQ7R2L 升级为经济舱，并改到6月3日 08:15 起飞的直飞航班 HAT214。总共 $140，从尾号 9021 的 Visa 扣。要办理吗？",
    "Mejoraré la reserva JQ7R2L a económica y la cambiaré al vuelo directo HAT214 que sale a las 08:15 el 3 de junio. Son $140 con su Visa terminada en 9021. ¿Procedo?",
  ],
  [
    "I'm sorry about the delay. I can send you a $100 travel certificate as compensation for a delayed flight on reservation JQ7R2L. Would you like me to issue it?",
    "很抱歉航班延误。我可以为预订 JQ7R2L 的延误航班给您发一张 $100 的旅行代金券作为补偿。要我发放吗？",
    "Lamento el retraso. Puedo enviarle un certificado de viaje de $100 como compensación por el vuelo retrasado de la reserva JQ7R2L. ¿Desea que lo emita?",
  ],
];

const yesSend: Lang3 = ["Yes please, go ahead and send it. Thanks!", "好的，请发吧，谢谢！", "Sí, por favor, emítalo. ¡Gracias!"];

describe("a flight change to a flight the request never names", () => {
  it("an indefinite or 'new' flight with no number and no time: unclear", () => {
    check(unnamed.flatMap((request) => rows(request, yes, "unclear")));
  });
  it("the flight named by number and time, or a certificate for a delayed flight: confirmed", () => {
    check([...rows(named[0]!, yes, "confirmed"), ...rows(named[1]!, yesSend, "confirmed")]);
  });
});
