/**
 * Issue 14: a yes that puts a value the request changes away from beside one it changes to ("size L in white" when the request
 * exchanges a white M for a black L, "HAT070 on March 2" when it moves HAT066 on March 2 to HAT070 on March 3, "3月2日的 HAT070")
 * asks for a mix the request did not describe (old-beside-new.ts). Found by red-team probes 12 (kept outside the repository): on
 * `main` at ea649ce, "size 10 in black" and "la talla 41 en negro" were confirmed to an exchange from black to white. Saying the
 * change back ("the white M for the black L", "from HAT066 … to HAT070 …") stays a yes. Hand-written EN/ZH/ES rows, none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

// the Chinese request of these tables is the flight change: an exchange's sizes in "L 码" are not read as values in Chinese yet
const exchange: Lang3 = [
  "I'll exchange the Linen Shirt (item 5510, size M, white) in order #W7761234 for size L, black (item 5518); the $5.00 difference goes on your Visa ending 2020. Shall I proceed?",
  "我将把预订 PX4R7T 从3月2日的 HAT066 改到3月3日的 HAT070，经济舱，免费。确认吗？",
  "Voy a cambiar la camisa de lino (artículo 5510, talla M, blanca) del pedido #W7761234 por la talla L en negro (artículo 5518); la diferencia de 5 € se cargará a su Visa terminada en 2020. ¿Procedo?",
];
const flight: Lang3 = ["I'll move reservation PX4R7T from HAT066 on March 2 to HAT070 on March 3, economy, no fee. Shall I proceed?", exchange[1], exchange[2]];

describe("an old value beside a new one", () => {
  it("the old colour or date with the new size or flight: unclear", () => {
    check([
      ...rows(exchange, ["Yes, size L in white please.", "好的，3月2日的 HAT070。", "Sí, la talla L en blanco."], "unclear"),
      ...rows(exchange, ["OK — the white one, size L.", "可以，HAT070，3月2日那天。", "Vale, la blanca en talla L."], "unclear"),
      ...rows(flight, ["Yes, HAT070 on March 2.", "好的，3月2日的 HAT070。", "Sí, la talla L en blanco."], "unclear"),
    ]);
  });

  it("the new values, or the change said back from old to new: confirmed", () => {
    check([
      ...rows(exchange, ["Yes, size L in black.", "好的，改到3月3日的 HAT070。", "Sí, la talla L en negro."], "confirmed"),
      ...rows(
        exchange,
        ["Yes, the white M for the black L.", "好的，从3月2日的 HAT066 改到3月3日的 HAT070。", "Sí, cambie la blanca por la negra en L."],
        "confirmed",
      ),
      ...rows(flight, ["Yes, from HAT066 on March 2 to HAT070 on March 3.", "好的，改到3月3日的 HAT070。", "Sí, la talla L en negro."], "confirmed"),
      ...rows(flight, ["Yes, HAT070 on March 3 please.", "好的，改到3月3日的 HAT070。", "Sí, la talla L en negro."], "confirmed"),
    ]);
  });
});
