/**
 * Issue 14: a yes beside a wish the reply says was not met ("I would have liked a technician", "me habría gustado que…",
 * "我本来想…") or an expectation of a thing ("I'll be expecting a free lounge pass", "espero algún detalle", "希望能有…"): the wish
 * asks for what it names, so its words must be the request's (consent-markers.ts DIRECTIVE). Found by red-team probes 14 (kept
 * outside the repository): on `main` at 0187c9a, "me habría gustado más que empezara ya…, pero vale" and "espero algún tipo de
 * compensación" were confirmed. Hand-written EN/ZH/ES rows, none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const upgrade: Lang3 = [
  "I can upgrade reservation ZL4M8Q on HAT212 from economy to business for $310, charged to your Amex ending 5507. Shall I go ahead?",
  "我可以把预订 ZL4M8Q 在 HAT212 上从经济舱升到商务舱，费用 ¥2,200，从您尾号 5507 的信用卡扣除。是否办理？",
  "Puedo subir la reserva ZL4M8Q del HAT212 de turista a business por 310 €, con cargo a su Amex terminada en 5507. ¿Procedo?",
];
const limit: Lang3 = [
  "I will raise the daily spending limit on your debit card ending 4471 to $1,500, effective immediately. Shall I proceed?",
  "我将把您尾号 4471 的借记卡每日消费限额提高到 ¥15,000，立即生效。是否确认？",
  "Voy a subir el límite diario de gasto de su tarjeta de débito terminada en 4471 a 1.500 €, con efecto inmediato. ¿Procedo?",
];
const router: Lang3 = [
  "I will send a replacement router to your address on file at no charge; it arrives in 2-3 business days. Shall I proceed?",
  "我将免费给您登记的地址寄一台新路由器，2到3个工作日送达。是否确认？",
  "Le enviaré un router de repuesto a su dirección registrada sin coste; llega en 2 a 3 días hábiles. ¿Procedo?",
];

describe("a yes beside a wish not met or an expectation of a thing", () => {
  it("a wish the reply says was not met: unclear", () => {
    check(
      rows(
        router,
        [
          "Yes, send it. I would have liked a technician to come and set it up, to be honest.",
          "好的，寄吧。我本来想让师傅上门装的。",
          "Sí, envíelo. Me habría gustado que viniera un técnico a instalarlo, la verdad.",
        ],
        "unclear",
      ),
    );
  });

  it("an expectation of something the request does not give: unclear", () => {
    check([
      ...rows(
        upgrade,
        [
          "Sure, do it. I'll be expecting a free lounge pass with it, mind you.",
          "好的，升吧。希望能有贵宾室可以用。",
          "Vale, hágalo. Espero algún detalle por las molestias, eso sí.",
        ],
        "unclear",
      ),
      { request: limit[0], reply: "Yes, go ahead. I'm expecting a higher ATM limit too after this.", expected: "unclear" as const },
      { request: limit[1], reply: "可以，提高吧。希望有个更高的取现额度。", expected: "unclear" as const },
    ]);
  });

  it("an expectation of what the request itself gives: confirmed", () => {
    check([
      ...rows(
        upgrade,
        [
          "Sure, do it. I expect a charge of $310 on the Amex, right away.",
          "好的，升吧。希望能升到商务舱。",
          "Vale, hágalo. Espero un cargo de 310 € en la Amex.",
        ],
        "confirmed",
      ),
      { request: router[0], reply: "Yes, send it, I'm expecting a replacement router in 2-3 business days then.", expected: "confirmed" as const },
    ]);
  });
});
