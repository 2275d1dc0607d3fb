/**
 * Issue 14, item 2 ("asks for something else") and item 3 (consent binds to what the user was shown): a reply that
 * picks an option the request offered but does not act on is not a yes to the option acted on (unchosen-option.ts).
 * Found by the lead's red-team probes 11 (kept outside the repository): "Yes, option 2 please.", "Proceed with the
 * second option." and "Yes — the 1500ml one." were confirmed on `main` at 5d3f5a7 after a request that proceeds with
 * option 1. Hand-written EN/ZH/ES rows, none a probe string.
 */
import { describe, expect, it } from "vitest";
import { judgeConsent } from "../../src/confirmation/consent-judge.js";
import { unchosenOption } from "../../src/confirmation/unchosen-option.js";
import { normalizeText } from "../../src/confirmation/reply-text.js";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const twoSeats: Lang3 = [
  "There are two seats left: option A is the aisle seat 14C for $35, option B is the window seat 22F for $29. I'll book option A and charge $35 to your Visa ending 4410. Shall I go ahead?",
  "目前还有两个座位：选项一是过道座位 14C，价格 $35；选项二是靠窗座位 22F，价格 $29。我将为您预订选项一，并从尾号 4410 的 Visa 卡扣款 $35。是否确认？",
  "Quedan dos asientos: la opción 1 es el asiento de pasillo 14C por 35 $, la opción 2 es el de ventanilla 22F por 29 $. Voy a reservar la opción 1 y cobrar 35 $ a su Visa terminada en 4410. ¿Desea que proceda?",
];

const twoFlights: Lang3 = [
  "Here are the alternatives: Option 1: HAT112 departing 08:10, $0 difference. Option 2: HAT340 departing 17:45, $60 difference. I'll move reservation PL93XA to option 2 and charge the $60 difference to your gift card. Would you like me to proceed with option 2?",
  "可选航班如下：方案一：HAT112，08:10 起飞，无差价。方案二：HAT340，17:45 起飞，差价 $60。我将把预订 PL93XA 改为方案二，并用您的礼品卡支付 $60 差价。是否按方案二办理？",
  "Estas son las alternativas: opción 1: HAT112, sale a las 08:10, sin diferencia. Opción 2: HAT340, sale a las 17:45, 60 $ de diferencia. Voy a cambiar la reserva PL93XA a la opción 2 y cobrar los 60 $ a su tarjeta regalo. ¿Procedo con la opción 2?",
];

const asksWhich: Lang3 = [
  "Option A is the aisle seat 14C for $35, option B is the window seat 22F for $29. Which one would you like me to book?",
  "选项一是过道座位 14C，$35；选项二是靠窗座位 22F，$29。您想预订哪一个？",
  "La opción 1 es el asiento de pasillo 14C por 35 $ y la opción 2 el de ventanilla 22F por 29 $. ¿Cuál quiere que reserve?",
];

describe("a reply that picks an option the request does not act on", () => {
  it("names the other option's label: unclear", () => {
    check([
      ...rows(twoSeats, ["Yes, but make it option B.", "好的，不过给我订选项二吧。", "Sí, pero mejor la opción 2."], "unclear"),
      ...rows(twoSeats, ["Let's do option B, thanks.", "还是选项二吧，谢谢。", "Prefiero la opción 2, gracias."], "unclear"),
      ...rows(twoFlights, ["Sounds good — I'll take the first option.", "行，第一个方案就好。", "Perfecto, me quedo con la primera opción."], "unclear"),
    ]);
  });
  it("names a value only the other option has: unclear", () => {
    check([
      ...rows(twoSeats, ["Sure, book 22F for me.", "好的，帮我订 22F。", "Claro, resérveme el 22F."], "unclear"),
      ...rows(twoFlights, ["Yes, the 08:10 flight works better.", "可以，HAT112 那班更合适。", "Sí, el vuelo HAT112 me viene mejor."], "unclear"),
    ]);
  });
  it("takes the option acted on, by label or by its own value, or just agrees: confirmed", () => {
    check([
      ...rows(twoSeats, ["Yes, option A is perfect, please book it.", "好的，就订选项一。", "Sí, la opción 1, adelante."], "confirmed"),
      ...rows(twoSeats, ["Yes, go ahead and book it.", "可以，请预订。", "Sí, adelante, resérvelo."], "confirmed"),
      ...rows(twoFlights, ["Yes, please proceed with option 2.", "好的，按方案二办理。", "Sí, proceda con la opción 2."], "confirmed"),
      ...rows(twoFlights, ["Yes, HAT340 is the one I want. Go ahead.", "确认，就改 HAT340。", "Sí, el HAT340 es el que quiero. Adelante."], "confirmed"),
    ]);
  });
  it("leaves a request that acts on no one option alone", () => {
    // which option is asked, not put: a label in the reply is the user's choice, read elsewhere
    for (const [i, request] of asksWhich.entries()) {
      const reply = ["Option B please.", "选项二。", "La opción 2, por favor."][i]!;
      expect(unchosenOption(normalizeText(reply), normalizeText(request))).toBeUndefined();
    }
    // a request that names one option only offers nothing else to pick
    const one = "Option 1 is the aisle seat 14C for $35. I'll book it and charge your Visa ending 4410. Shall I proceed?";
    expect(unchosenOption(normalizeText("Yes, option 1."), normalizeText(one))).toBeUndefined();
    expect(judgeConsent({ request: one, reply: "Yes, go ahead." }).decision).toBe("confirmed");
  });
  it("says which option was picked", () => {
    const v = judgeConsent({ request: twoSeats[0], reply: "Yes, but make it option B." });
    expect(v.decision).toBe("unclear");
    expect(v.reasons.join(" ")).toMatch(/option b/);
  });
});
