/**
 * Issue 14: the request's amount said back on another basis — a year or once for a month, a total for each passenger or bag,
 * a month for a one-time fee (rate-basis.ts). Found by red-team probes 14 (kept outside the repository): on `main` at 0187c9a,
 * "30 € en total por los dos" to 30 € por pasajero (60 € en total) was confirmed. Hand-written EN/ZH/ES rows, none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const monthly: Lang3 = [
  "I'll add the Sports Pass to your TV plan for $12/month, starting today. Shall I add it?",
  "我将为您的电视套餐加上体育包，每月 ¥30，今天生效。是否确认？",
  "Voy a añadir el Pack Deportes a su tarifa de TV por 12 €/mes, desde hoy. ¿Lo añado?",
];
const perBag: Lang3 = [
  "I'll add one checked bag for each of the 3 passengers on reservation K2J7WQ for $35 per bag, $105 in total, charged to your Visa ending 4402. Shall I proceed?",
  "我将为预订 K2J7WQ 的3位乘客每人加一件托运行李，每件 ¥250，共 ¥750，从尾号 4402 的 Visa 卡扣除。是否确认？",
  "Voy a añadir una maleta facturada para cada uno de los 3 pasajeros de la reserva K2J7WQ por 35 € por maleta, 105 € en total, con cargo a su Visa terminada en 4402. ¿Procedo?",
];
const oneTime: Lang3 = [
  "I'll cancel line 555-0188 today; there is a one-time early termination fee of $150, charged to your next bill. Shall I proceed?",
  "我将今天注销号码 137****0188，需一次性收取提前解约费 ¥300，计入下期账单。是否确认？",
  "Voy a dar de baja hoy la línea 600 555 188; hay una penalización única de 150 € por baja anticipada, que irá en su próxima factura. ¿Procedo?",
];

describe("the request's amount on another basis", () => {
  it("a year for a month, a total for each bag, a month for once: unclear", () => {
    check([
      ...rows(monthly, ["Yes, add it, $12 a year is fine.", "好的，加吧，一年 ¥30 可以。", "Sí, añádalo, 12 € al año está bien."], "unclear"),
      ...rows(perBag, ["Yes, $35 total is fine, go ahead.", "可以，一共 ¥250，加吧。", "Sí, 35 € en total está bien, adelante."], "unclear"),
      ...rows(oneTime, ["Yes, cancel it, $150 a month is fine.", "好的，注销吧，每月 ¥300 没问题。", "Sí, dela de baja, 150 € al mes está bien."], "unclear"),
    ]);
  });

  it("a year said as 'the whole year', once said as 'única': unclear", () => {
    check([
      { request: monthly[0], reply: "Yes, add it, $12 for the whole year is a bargain.", expected: "unclear" as const },
      { request: oneTime[2], reply: "Sí, adelante, 150 € al mes hasta el final del contrato me parece bien.", expected: "unclear" as const },
      {
        request: "Voy a añadir una segunda línea a su cuenta por 20 €/mes, más una cuota de alta única de 25 €. ¿La añado?",
        reply: "Sí, añádala, 25 € al mes está bien.",
        expected: "unclear" as const,
      },
    ]);
  });

  it("the amount on the request's own basis, or on none: confirmed", () => {
    check([
      ...rows(monthly, ["Yes, add it, $12 a month is fine.", "好的，加吧，每月 ¥30 可以。", "Sí, añádalo, 12 € al mes está bien."], "confirmed"),
      ...rows(
        perBag,
        ["Yes, $35 a bag, $105 in total is fine, go ahead.", "可以，每件 ¥250，一共 ¥750，加吧。", "Sí, 35 € por maleta, 105 € en total, adelante."],
        "confirmed",
      ),
      ...rows(oneTime, ["Yes, cancel it, the $150 is fine.", "好的，注销吧，¥300 没问题。", "Sí, adelante, los 150 € están bien."], "confirmed"),
    ]);
  });
});
