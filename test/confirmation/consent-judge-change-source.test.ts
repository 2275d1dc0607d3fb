/**
 * What a change starts from, read in three more shapes of request (request-echo.ts `requestChange`): the object of the change verb
 * itself ("change your flight HAT233 on July 8 to HAT241 on July 9"), the Chinese 把-object ("把您的预订（航班 HAT233，7月8日）改到7月9日的
 * HAT241") and the Spanish "del … al …" whose dates carry their own "de" ("del HAT233 del 8 de julio al HAT241 del 9 de julio").
 * A yes that puts the old date beside the new flight ("HAT241 on July 8") asks for a mix the request did not describe
 * (old-beside-new.ts); the new flight with its own date, or the change said back from one side to the other, is a yes.
 * Hand-written EN/ZH/ES rows, none a corpus or probe string; the attack table is confirmed without these sources.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const move: Lang3 = [
  "I'll change your flight HAT233 on July 8 to HAT241 on July 9, economy, no charge. Shall I proceed?",
  "我将把您的预订 K2L9PX（航班 HAT233，7月8日）改到7月9日的 HAT241，经济舱，不收差价。是否确认？",
  "Voy a pasar su reserva K2L9PX del HAT233 del 8 de julio al HAT241 del 9 de julio, en turista, sin coste. ¿Procedo?",
];

describe("the old date beside the new flight: unclear", () => {
  it("the new flight on the day the request moves away from", () => {
    check(rows(move, ["Okay, HAT241 on July 8.", "行，7月8日的 HAT241。", "De acuerdo, el HAT241 del 8 de julio."], "unclear"));
  });
});

describe("the new flight on its own day, or the change said back: confirmed", () => {
  it("the new flight with the new date", () => {
    check(rows(move, ["Okay, HAT241 on July 9, thanks.", "好的，7月9日的 HAT241，谢谢。", "De acuerdo, el HAT241 del 9 de julio, gracias."], "confirmed"));
  });
  it("the change said from one side to the other", () => {
    check(rows(move, ["Yes, change HAT233 to HAT241 please.", "好的，从8号的 HAT233 改到9号的 HAT241。", "Sí, del HAT233 al HAT241, perfecto."], "confirmed"));
  });
});
