/**
 * A yes carried by "if that's the only option" / "si no hay otra opción" / "如果只能这样的话": after a request that itself said there is
 * no other option, the condition is settled and the yes is consent (it was read as a condition); after a request that did not say
 * so, the same words still hang the yes on something the agent has not told, and stay unclear. Another condition beside it, or
 * something else asked for, still counts. Hand-written EN/ZH/ES rows (none from a corpus).
 */
import { describe, it } from "vitest";
import { check, notConfirmed, rows, type Lang3 } from "./lang3-rows.js";

const onlyCertificate: Lang3 = [
  "Since the fare is non-refundable, the only option is a $150 travel certificate to your account. Shall I issue it?",
  "由于票价不可退，唯一的选择是给您的账户发一张150美元的旅行券。要我办理吗？",
  "Como la tarifa no es reembolsable, la única opción es un certificado de viaje de $150 a su cuenta. ¿Lo emito?",
];

const onlyAvailable: Lang3 = [
  "Compensation for the delay is only available as a travel certificate. Would you like me to issue the $100 certificate?",
  "延误补偿只能以旅行券的形式发放。要我为您办理这张100美元的旅行券吗？",
  "La compensación por el retraso solo está disponible como certificado de viaje. ¿Desea que emita el certificado de $100?",
];

const offered: Lang3 = [
  "I can issue a $150 travel certificate to your account. Shall I issue it?",
  "我可以给您的账户发一张150美元的旅行券。要我办理吗？",
  "Puedo emitir un certificado de viaje de $150 a su cuenta. ¿Lo emito?",
];

describe("'if that's the only option' after a request that said so", () => {
  it("the condition is settled: confirmed", () => {
    check([
      ...rows(
        onlyCertificate,
        ["If that's the only option, then yes, go ahead.", "如果只能这样的话，那就办吧。", "Si no hay otra opción, adelante."],
        "confirmed",
      ),
      ...rows(
        onlyAvailable,
        ["Well, if there's no other way, please issue it.", "如果没有别的办法，那就办理吧。", "Si esa es la única opción, emítalo por favor."],
        "confirmed",
      ),
    ]);
  });
});

describe("the same words where the condition is not settled, or beside another", () => {
  it("after a request that did not say there is no other option: not confirmed", () => {
    notConfirmed(offered, ["If that's the only option, then yes, go ahead.", "如果只能这样的话，那就办吧。", "Si no hay otra opción, adelante."]);
    notConfirmed(offered, ["If there's no other way, please issue it.", "如果没有别的办法，那就办理吧。", "Si es la única manera, emítalo."]);
  });
  it("another condition, or something else asked for: not confirmed", () => {
    notConfirmed(onlyCertificate, ["If it can be used next year, go ahead.", "如果能明年用，那就办吧。", "Si se puede usar el año que viene, adelante."]);
    notConfirmed(onlyCertificate, [
      "If that's the only option, go ahead, but make it $200.",
      "如果只能这样的话，那就办吧，但是要$200。",
      "Si no hay otra opción, adelante, pero que sean $200.",
    ]);
    notConfirmed(onlyCertificate, [
      "If that's the only option, put it on my wife's account.",
      "如果只能这样的话，发到我太太的账户。",
      "Si no hay otra opción, póngalo en la cuenta de mi esposa.",
    ]);
  });
});
