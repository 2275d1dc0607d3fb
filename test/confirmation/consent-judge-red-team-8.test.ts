/**
 * Issue 14, item 2: classes of false confirmation found on 2026-12-01 by the lead's red-team probes
 * (kept outside the repository) and by new real replies from other people's runs (real-replies-4,
 * kept outside the repository, measured before this change). Each class with its counterpart that
 * stays confirmed. Hand-written EN/ZH/ES rows, none a probe or corpus string.
 *
 * - "as long as" after a dash or a semicolon was read as a reason ("as I …"), so the condition vanished;
 * - a bracketed status ("[approved] yes", "(confirmed)") posing as a recorded outcome;
 * - a yes taken back on second thought ("better wait", "mejor espere", "还是等等吧");
 * - a reply that asks for a person instead of the action (unless the request's one action is that hand-off,
 *   or the rest of the reply agrees to the action by itself where the request offers both);
 * - a yes followed by a next step the request's question did not put ("and then cancel the other one").
 */
import { describe, expect, it } from "vitest";
import { judgeConsent } from "../../src/confirmation/consent-judge.js";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const refund: Lang3 = [
  "I'll cancel order #W6610042 (2 items) and refund $84.20 to your Discover card ending 7310. Would you like me to go ahead?",
  "我将取消订单 #W6610042（2件商品），84.20美元退回您尾号7310的Discover卡。要我继续吗？",
  "Voy a cancelar el pedido #W6610042 (2 artículos) y reembolsar 84,20 dólares a su Discover terminada en 7310. ¿Desea que continúe?",
];
const upgrade: Lang3 = [
  "The upgrade of reservation M3QK7D to business costs $410, charged to your Visa ending 2208. Once upgraded, the booking can be cancelled for a full refund. Would you like me to proceed with the upgrade?",
  "将预订 M3QK7D 升级到商务舱需要410美元，从您尾号2208的Visa卡扣款。升级后该预订可以取消并全额退款。是否要办理升级？",
  "Subir la reserva M3QK7D a business cuesta 410 dólares, con cargo a su Visa terminada en 2208. Una vez mejorada, la reserva se puede cancelar con reembolso completo. ¿Desea que proceda con la mejora?",
];
const offersHandoff =
  "I can't waive the $75 change fee. Please confirm if you'd like me to change reservation P2WX4N to HAT311 on June 2 for $75 on your Amex ending 5521. Alternatively, let me know if you'd like to be transferred to a human agent. How would you like to proceed?";
const onlyHandoff =
  "Travel insurance cannot be refunded once purchased. If you'd like to discuss it further, I can transfer you to a human agent. Please confirm if you'd like to be transferred.";

describe("red-team 8: conditions, statuses and second thoughts", () => {
  it("a condition after a dash or semicolon, a bracketed status, a yes taken back: unclear", () => {
    check([
      ...rows(
        refund,
        ["Yes, go ahead — as long as the whole $84.20 comes back.", "好的，只要全额退回84.20美元就行。", "Sí, adelante; siempre y cuando me devuelvan todo."],
        "unclear",
      ),
      ...rows(refund, ["[approved] yes go ahead", "【已确认】好的", "[confirmado] sí, adelante"], "unclear"),
      ...rows(
        refund,
        ["Okay, cancel it. On second thought, let's wait.", "好的，取消吧。想了想，还是等等吧。", "Sí, cancélelo. Bueno, pensándolo bien, mejor espere."],
        "unclear",
      ),
    ]);
  });

  it("the same yes without them: confirmed", () => {
    check([
      ...rows(refund, ["Yes, go ahead — the whole $84.20 to the Discover is fine.", "好的，退到尾号7310的卡，继续吧。", "Sí, adelante, gracias."], "confirmed"),
      ...rows(
        refund,
        ["Yes, go ahead, as it's what we agreed.", "好的，继续。我搬家了，用不上了。", "Sí, adelante. Como le dije, ya no los necesito."],
        "confirmed",
      ),
    ]);
  });
});

describe("red-team 8: a person instead of the action", () => {
  it("asks for a person where the request puts an action: unclear", () => {
    for (const reply of [
      "Please transfer me to a human agent so I can discuss the fee. Thank you!",
      "Can I speak with a supervisor instead?",
      "转人工吧。",
      "Quiero hablar con un agente, por favor.",
    ])
      expect(judgeConsent({ request: offersHandoff, reply }).decision, reply).toBe("unclear");
  });

  it("the hand-off is the request's one action, or the reply also agrees to the action on its own: confirmed", () => {
    expect(judgeConsent({ request: onlyHandoff, reply: "Yes, please transfer me to a human agent." }).decision).toBe("confirmed");
    expect(
      judgeConsent({
        request: offersHandoff.replace("Alternatively, let me know if you'd like to be transferred", "I can also transfer you"),
        reply: "Yes, please make the change to HAT311, and then transfer me to a human agent about the fee. Thanks!",
      }).decision,
    ).toBe("confirmed");
  });
});

describe("red-team 8: a next step the question did not put", () => {
  it("a yes, and then another action: unclear", () => {
    check(
      rows(
        upgrade,
        ["Yes, do the upgrade and then cancel M3QK7D.", "好的，先升级，然后取消 M3QK7D。", "Sí, haga la mejora y luego cancele la M3QK7D."],
        "unclear",
      ),
    );
  });

  it("a yes, and then what the agent said would follow, or no action at all: confirmed", () => {
    // (a next step that is no action: "then I'm all set"; EN only, the ZH/ES wordings of it are read as new content today)
    check(rows(upgrade, ["Yes, do the upgrade, then I'm all set. Thanks!", "好的，升级吧，谢谢。", "Sí, proceda con la mejora, gracias."], "confirmed"));
    const request =
      "Please confirm with a yes if you'd like me to cancel reservation K9D2RT ($320 back to your Visa ending 4410). Once cancelled, I'll help you book a new economy round trip.";
    expect(judgeConsent({ request, reply: "Yes, cancel K9D2RT, and then help me book the new round trip." }).decision).toBe("confirmed");
  });
});

describe("red-team 8: what broke real yeses on the way (real-replies-4 and the 97 outside the repository, tuning rows; rows written anew)", () => {
  it("a step the request announces for after the action ('after this, we can look into changing…') is put: confirmed", () => {
    const request =
      "Reservation T7QW2M is business class, so it can be cancelled for a full refund of $640 to your Visa ending 3318. Would you like me to proceed with cancelling T7QW2M? After this, we can look into changing your reservation K5DD2P.";
    expect(judgeConsent({ request, reply: "Yes, please cancel T7QW2M. And then let's look into changing K5DD2P." }).decision).toBe("confirmed");
    // a step it never announced stays unclear
    expect(judgeConsent({ request, reply: "Yes, please cancel T7QW2M, and then upgrade K5DD2P." }).decision).toBe("unclear");
  });

  it("an order's number is what an exchange acts on, not what it gives away: confirmed", () => {
    const request =
      "Exchange draft — order_id: #W6390527, current_item_id: 8384507844 (white), new_item_id: 7453605304 (silver). Please confirm you want to submit the exchange for the desk lamp in order #W6390527, with a $12.07 charge to PayPal (paypal_7644869).";
    expect(judgeConsent({ request, reply: "YES. Please proceed with the desk lamp exchange for order #W6390527." }).decision).toBe("confirmed");
    expect(judgeConsent({ request, reply: "Yes, exchange it for the white one." }).decision).toBe("unclear");
  });
});
