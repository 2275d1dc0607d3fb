/**
 * Generic "do it" verbs carry no content of their own, in every language the judge reads: "process
 * the change", "realice el cambio", "tramítelo", "encárguese", "take care of it", and the Chinese
 * softener "改一下" (change it "a bit"). Hand-written rows (EN, ZH, ES), with the near-misses that must
 * stay unclear: the same verbs with a detail or another thing of the user's own.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const change: Lang3 = [
  "I can change reservation K2PL0X to flight HAT266 on May 21; the $45 difference goes on your Visa ending in 7447. Shall I make the change?",
  "我可以把预订 K2PL0X 改到 5 月 21 日的 HAT266 航班，45 美元差价从尾号 7447 的 Visa 卡扣。要我改吗？",
  "Puedo cambiar su reserva K2PL0X al vuelo HAT266 del 21 de mayo; la diferencia de 45 dólares se cargará a su Visa terminada en 7447. ¿Desea que haga el cambio?",
];

describe("judgeConsent: generic 'do it' verbs", () => {
  it("a yes with a generic verb for doing the described action: confirmed", () => {
    check(rows(change, ["Yes, please take care of it.", "好的，帮我改一下。", "Sí, realice el cambio."], "confirmed"));
    check(rows(change, ["Yes, carry out the change.", "可以，请执行。", "Sí, tramítelo, por favor."], "confirmed"));
    check(rows(change, ["Sure, please process the change.", "行，改一下吧。", "Sí, encárguese, por favor."], "confirmed"));
  });
  it("the same verbs with a detail or another thing of the user's own: unclear", () => {
    check(
      rows(
        change,
        ["Yes, take care of it, and put it on my Mastercard.", "好的，帮我改一下，改到 5 月 22 日。", "Sí, realice el cambio al vuelo HAT300."],
        "unclear",
      ),
    );
    check(rows(change, ["Yes, please also take care of my hotel.", "好的，另外帮我改一下座位。", "Sí, y tramite también mi equipaje extra."], "unclear"));
  });
});
