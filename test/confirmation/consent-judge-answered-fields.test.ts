/**
 * A field answered "no" the way the request put it: "Insurance: no" to a request that asks "travel insurance (yes/no)" or lists
 * `"insurance": "no"`, "waterproof no" said back from the item's own description. The request's own value, not a refusal. The
 * near-miss answers "no" to a field the request sets to yes: a change. Hand-written rows (EN, ZH, ES), not corpus strings.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const asksInsurance: Lang3 = [
  "Here is the booking: HAT210 JFK → MIA on June 4, economy, 1 passenger (Ana Ruiz), $240 charged to your Visa ending 1187. Travel insurance for $30 (yes/no)? Please reply YES to confirm the booking and include your answer for insurance.",
  "预订信息：HAT210 纽约 JFK → 迈阿密 MIA，6月4日，经济舱，1位乘客（Ana Ruiz），$240 从尾号 1187 的 Visa 卡扣款。旅行保险 $30（是/否）？请回复“是”确认预订，并告诉我是否购买保险。",
  "Esta es la reserva: HAT210 JFK → MIA el 4 de junio, económica, 1 pasajera (Ana Ruiz), $240 con cargo a su Visa terminada en 1187. Seguro de viaje por $30 (sí/no)? ¿Desea que haga la reserva? Responda SÍ e indique su respuesta sobre el seguro.",
];

const listsNoInsurance: Lang3 = [
  'Booking to confirm: {"flight": "HAT210", "route": "JFK -> MIA", "date": "2024-06-04", "cabin": "economy", "insurance": "no", "payment": "visa ending 1187", "total": 240}. Please reply YES to book it.',
  '待确认的预订：{"航班": "HAT210", "航线": "JFK -> MIA", "日期": "2024-06-04", "舱位": "经济舱", "保险": "否", "支付": "尾号 1187 的 Visa", "总价": 240}。请回复“是”确认预订。',
  'Reserva por confirmar: {"vuelo": "HAT210", "ruta": "JFK -> MIA", "fecha": "2024-06-04", "cabina": "economica", "seguro": "no", "pago": "visa terminada en 1187", "total": 240}. Responda SÍ para reservar.',
];

const includesInsurance: Lang3 = [
  "Here is the booking: HAT210 JFK → MIA on June 4, economy, 1 passenger (Ana Ruiz). Insurance: yes ($30). Total $270 charged to your Visa ending 1187. Please reply YES to confirm.",
  "预订信息：HAT210 纽约 JFK → 迈阿密 MIA，6月4日，经济舱，1位乘客（Ana Ruiz）。保险：是（$30）。共 $270，从尾号 1187 的 Visa 卡扣款。请回复“是”确认。",
  "Esta es la reserva: HAT210 JFK → MIA el 4 de junio, económica, 1 pasajera (Ana Ruiz). Seguro: sí ($30). Total $270 con cargo a su Visa terminada en 1187. Responda SÍ para confirmar.",
];

describe("judgeConsent: a field answered no the way the request put it", () => {
  it("'Insurance: no' to a yes-or-no field the request asked, or to the request's own 'no': confirmed", () => {
    check(rows(asksInsurance, ["YES, please book it.\nInsurance: no", "是，确认预订。\n保险：否", "SÍ, resérvelo por favor.\nSeguro: no"], "confirmed"));
    check(rows(listsNoInsurance, ["Yes, book it. Insurance: no.", "是的，预订吧。保险：否。", "Sí, resérvelo. Seguro: no."], "confirmed"));
  });
  it("near-miss: 'no' to a field the request sets to yes: unclear", () => {
    check(rows(includesInsurance, ["Yes, book it. Insurance: no.", "是的，预订吧。保险：不要。", "Sí, resérvelo. Seguro: no."], "unclear"));
    check(rows(asksInsurance, ["Yes, book it. Bags: no.", "是的，预订吧。行李：不要。", "Sí, resérvelo. Maletas: no."], "unclear"));
  });
});
