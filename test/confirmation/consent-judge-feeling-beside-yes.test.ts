/**
 * A feeling said with its subject dropped beside a yes ("Still annoyed about waiting around for four hours", "sigo molesta por…",
 * "还是很郁闷"): the user's grumbling, no condition, change or detail; a grumble that goes on to set an amount or ask for something
 * else is still no consent. Hand-written rows (EN, ZH, ES), not corpus strings.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const certificate: Lang3 = [
  "I'm sorry about the delay on flight HAT517 (reservation ZP3K8W). As a gesture of goodwill I can issue a travel certificate of $100 to your account, usable within one year. Would you like me to go ahead and send it?",
  "很抱歉航班 HAT517（预订 ZP3K8W）延误了。作为补偿，我可以向您的账户发放一张 100 美元的旅行代金券，一年内有效。需要我为您发放吗？",
  "Lamento el retraso del vuelo HAT517 (reserva ZP3K8W). Como compensación puedo emitir un certificado de viaje de $100 a su cuenta, válido por un año. ¿Desea que lo emita?",
];

describe("judgeConsent: a feeling without its subject beside a yes", () => {
  it("'still annoyed about waiting around for four hours', 'sigo molesta por…': confirmed", () => {
    check(
      rows(
        certificate,
        [
          "Fine, yes, issue the $100. Still annoyed about waiting around for four hours, but thank you.",
          "行吧，发吧。在登机口等了那么久，还是很郁闷，不过谢谢。",
          "Bueno, sí, emítalo. Sigo molesta por haber esperado cuatro horas en la puerta, pero gracias.",
        ],
        "confirmed",
      ),
    );
    check(
      rows(
        certificate,
        [
          "Yes, issue it. So frustrated with the delay, honestly. Thanks.",
          "好的，发吧。真的很失望，谢谢。",
          "Sí, emítalo. Muy decepcionada con el retraso, la verdad. Gracias.",
        ],
        "confirmed",
      ),
    );
  });
  it("near-miss: the grumble goes on to set the amount or ask for cash: unclear", () => {
    check(
      rows(
        certificate,
        ["Yes, issue it. Still annoyed, so make it $200.", "好的，发吧。还是很生气，给我 200 美元吧。", "Sí, emítalo. Sigo molesta, así que que sean $200."],
        "unclear",
      ),
    );
    check(
      rows(
        certificate,
        ["Still annoyed about the delay. I want cash instead.", "还是很生气，我要现金。", "Sigo molesta por el retraso. Quiero efectivo."],
        "unclear",
      ),
    );
  });
});
