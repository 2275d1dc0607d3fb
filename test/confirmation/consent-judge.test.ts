import { describe, expect, it } from "vitest";
import { consentJudge, judgeConsent } from "../../src/confirmation/consent-judge.js";

const request = "I'll cancel reservation EHGLP3 and refund $120 to your original card. Shall I proceed?";
const action = { tool: "cancel_reservation", args: { reservation_id: "EHGLP3" } };

describe("judgeConsent: entry point", () => {
  it("returns a decision, its reasons and the deciding rule", () => {
    const v = judgeConsent({ request, reply: "Yes, please go ahead.", action });
    expect(v.decision).toBe("confirmed");
    expect(v.reasons.length).toBeGreaterThan(0);
    expect(v.reason).toBe(v.reasons.join(" "));
    expect(typeof v.rule).toBe("string");
  });
  it("accepts several actions, or none", () => {
    expect(judgeConsent({ request, reply: "no", action: [action, action] }).decision).toBe("denied");
    expect(judgeConsent({ request, reply: "no" }).decision).toBe("denied");
  });
  it("treats a non-string reply as unclear, not as an error", () => {
    expect(judgeConsent({ request, reply: 42 as unknown as string }).decision).toBe("unclear");
  });
  it("ignores simulator control tokens", () => {
    expect(judgeConsent({ request, reply: "Yes, go ahead. ###STOP###", action }).decision).toBe("confirmed");
  });
  it("is available as a ConfirmationDecider", async () => {
    const v = await consentJudge.decide({ request, reply: "yes", actions: [{ id: "a1", tool: action.tool, arguments: action.args }] });
    expect(v.decision).toBe("confirmed");
  });
});

/**
 * Issue 14 item 2, one row per kind of reply and language (EN, ZH, ES). Written by hand for this
 * table, not taken from a corpus the judge was tuned on.
 */
describe("judgeConsent: each kind of real reply, in English, Chinese and Spanish", () => {
  // each language's replies answer a request in that language, as a user would be asked
  const requests = {
    single: [
      request,
      "我将取消预订 EHGLP3，并把 120 美元退回您原来的信用卡。确认办理吗？",
      "Voy a cancelar la reserva EHGLP3 y reembolsar 120 dólares a su tarjeta original. ¿Procedo?",
    ],
    twoPart: [
      "I'll upgrade reservation ABC123 to business class and add 2 checked bags, charged to your Visa ending 7447. Shall I proceed with both?",
      "我将把预订 ABC123 升舱到商务舱，并添加 2 件托运行李，费用从您尾号 7447 的 Visa 卡扣除。两项都办理吗？",
      "Voy a cambiar la reserva ABC123 a clase business y añadir 2 maletas facturadas, con cargo a su Visa terminada en 7447. ¿Procedo con ambas cosas?",
    ],
  } as const;
  const twoActions = [
    { tool: "update_reservation_flights", args: { reservation_id: "ABC123", cabin: "business" } },
    { tool: "update_reservation_baggages", args: { reservation_id: "ABC123", total_baggages: 2 } },
  ];
  const rows: readonly (readonly [kind: string, expected: "confirmed" | "unclear" | "denied", replies: readonly [string, string, string], multi?: boolean])[] =
    [
      [
        "a long, polite, multi-sentence yes",
        "confirmed",
        [
          "Thank you so much for checking all of that for me. Yes, I'd like to go ahead with cancelling this reservation. I really appreciate your patience today!",
          "谢谢你这么耐心地帮我查。是的，请帮我取消这个预订，辛苦了！",
          "Muchas gracias por revisarlo todo. Sí, por favor, adelante con la cancelación. ¡Que tenga un buen día!",
        ],
      ],
      [
        "pleasantries, small talk and idioms are not conditions or refusals",
        "confirmed",
        [
          "No worries at all. Yes, please go ahead, I can't wait to get this sorted out.",
          "没问题，确认取消吧，谢谢！",
          "Sí, no hay problema, adelante. ¡Gracias!",
        ],
      ],
      [
        "a yes with a condition",
        "unclear",
        ["Yes, go ahead as long as I get the full $120 back.", "可以取消，前提是全额退款。", "Sí, adelante, siempre y cuando me devuelvan los 120 dólares."],
      ],
      [
        "a yes that changes a detail",
        "unclear",
        [
          "Yes, please cancel it, but refund it to my gift card instead.",
          "确认取消，但是请退到我的礼品卡。",
          "Sí, cancélela, pero devuelva el dinero a mi tarjeta de regalo.",
        ],
      ],
      [
        "a yes with a question that could change the decision",
        "unclear",
        ["Yes, go ahead. Will I really get the whole refund?", "好的，可以取消。会全额退款吗？", "Sí, adelante. ¿Me devolverán todo el dinero?"],
      ],
      [
        "agreement to only part of a multi-part action",
        "unclear",
        ["Yes to the upgrade, but skip the bags.", "升舱可以，行李就不用加了。", "Sí al cambio a business, pero sin las maletas."],
        true,
      ],
      [
        "a yes and a request for something else",
        "unclear",
        [
          "Yes, go ahead, and also cancel my other reservation K1NW8N please.",
          "好的，另外把我另一个预订K1NW8N也取消。",
          "Sí, adelante, y además cancele mi otra reserva K1NW8N.",
        ],
      ],
      ["a refusal", "denied", ["No, please don't cancel it.", "不，先别取消。", "No, por favor no la cancele."]],
    ];
  for (const [kind, expected, replies, multi] of rows) {
    it(`${kind} → ${expected}`, () => {
      replies.forEach((reply, lang) => {
        const v = multi
          ? judgeConsent({ request: requests.twoPart[lang]!, reply, action: twoActions })
          : judgeConsent({ request: requests.single[lang]!, reply, action });
        expect(`${v.decision}: ${reply}`).toBe(`${expected}: ${reply}`);
      });
    });
  }

  it("a dash between words ends a sentence, so an assessment and a go-ahead joined by it stay a yes; a condition after it still counts", () => {
    expect(judgeConsent({ request, reply: "Yes, that sounds right—please go ahead.", action }).decision).toBe("confirmed");
    expect(judgeConsent({ request, reply: "Yes—but only if the full $120 comes back.", action }).decision).toBe("unclear");
    expect(judgeConsent({ request, reply: "Yes – and also cancel K1NW8N.", action }).decision).toBe("unclear");
  });

  it("the words of an identifier in the request (book_reservation) are words the request used", () => {
    const req =
      'Here is the action I will take:\n• book_reservation {"cabin":"economy","flights":[{"flight_number":"HAT169","date":"2024-05-17"}]}\nDo you confirm (yes/no)?';
    const act = { tool: "book_reservation", args: { cabin: "economy", flights: [{ flight_number: "HAT169", date: "2024-05-17" }] } };
    expect(judgeConsent({ request: req, reply: "Yes, please proceed with booking this reservation.", action: act }).decision).toBe("confirmed");
    // a word the request never used is still new content
    expect(judgeConsent({ request: req, reply: "Yes, please proceed with booking this reservation and the hotel.", action: act }).decision).toBe("unclear");
  });
});
