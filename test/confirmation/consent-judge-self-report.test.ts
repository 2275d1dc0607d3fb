/**
 * The user's report that they cannot find or do not remember a detail of the past ("I can't seem to
 * find it right now", "I'm not sure what the reservation number was", "找不到", "no recuerdo cuál era")
 * is about their own memory, not a reservation about the action (tau1 tuning part). Uncertainty about
 * what the action will do ("I'm not sure what the fee will be") and other negations stay unclear.
 * Hand-written rows (EN, ZH, ES).
 */
import { describe, it } from "vitest";
import { judgeConsent } from "../../src/confirmation/consent-judge.js";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const lookUp: Lang3 = [
  "To cancel, I need the reservation ID. If you can't find it, I can look up your reservations with your user ID. Would you like me to do that?",
  "取消需要预订号。如果您找不到，我可以用您的用户 ID 查您的预订。需要我这样做吗？",
  "Para cancelar necesito el código de reserva. Si no lo encuentra, puedo buscar sus reservas con su ID de usuario. ¿Quiere que lo haga?",
];
const certificate: Lang3 = [
  "I'm sorry about the delay. I can issue a $50 certificate as compensation. Would you like me to proceed?",
  "很抱歉航班延误。我可以给您发一张 50 美元的证书作为补偿。需要我办理吗？",
  "Lamento el retraso. Puedo emitir un certificado de 50 dólares como compensación. ¿Desea que proceda?",
];

describe("judgeConsent: a report about the user's own memory", () => {
  it("'I can't seem to find it right now. Yes, please…': confirmed", () => {
    check(
      rows(
        lookUp,
        [
          "Sorry, I can't seem to find it right now. Yes, please look up my reservations with my user ID.",
          "抱歉，我现在找不到。好的，请用我的用户 ID 查我的预订。",
          "Perdón, no lo encuentro ahora mismo. Sí, por favor, adelante con mi ID de usuario.",
        ],
        "confirmed",
      ),
    );
  });
  it("'…but I'm not sure what the reservation number was': confirmed", () => {
    check(
      rows(
        certificate,
        [
          "Yes, please proceed. It was on my last trip, but I'm not sure what the reservation number was.",
          "好的，请办理。是我上一次的行程，不过我不记得预订号了。",
          "Sí, proceda. Fue en mi último viaje, pero no estoy seguro de cuál era el número de reserva.",
        ],
        "confirmed",
      ),
    );
  });
  it("uncertainty about what the action will do, or another negation: unclear", () => {
    check(
      rows(
        certificate,
        [
          "Yes, but I'm not sure what the certificate will be worth.",
          "好的，但我不确定这张证书以后能不能用。",
          "Sí, pero no estoy seguro de cuánto valdrá el certificado.",
        ],
        "unclear",
      ),
    );
    check(
      rows(
        certificate,
        [
          "Yes, although I don't remember agreeing to a certificate.",
          "好的，不过我不记得同意过要证书。",
          "Sí, aunque no recuerdo haber aceptado un certificado.",
        ],
        "unclear",
      ),
    );
    check(rows(certificate, ["I don't remember it. Yes.", "我不记得了。好的。", "No lo recuerdo. Sí."], "unclear"));
    check(
      rows(
        certificate,
        ["I'm not sure what the certificate was. Yes.", "我不确定这是什么证书。好的。", "No estoy seguro de qué certificado era. Sí."],
        "unclear",
      ),
    );
    check(rows(certificate, ["I'm not sure. Yes, I guess.", "我不确定。好吧，大概可以。", "No estoy seguro. Sí, supongo."], "unclear"));
  });
});
