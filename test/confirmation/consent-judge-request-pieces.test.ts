/**
 * Two readings of what a request puts as several actions, found as misses on real replies (real-replies-9 tuning): "both"
 * as the subject of a state ("Both are eligible for cancellation…, and this looks like a change of plans") does not make
 * the sentence's reasons into actions (r9-079); and agreeing to the cost ("…proceed with these changes and agree to the
 * additional cost of $150?") is the terms of the action, not a second action (r9-003). Requests that do put two actions
 * still need a yes to both. Rows of their own in EN/ZH/ES.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const twoCancellations: Lang3 = [
  "I'll cancel reservations KQ7W2M and P3LX9D. Both are eligible for cancellation since they are business class, none of the flights has departed, and this looks like a change of plans. Refunds go to your original card ending 4410. Do you confirm cancelling both KQ7W2M and P3LX9D?",
  "我会取消预订 KQ7W2M 和 P3LX9D。两个都符合取消条件，因为都是商务舱，航班都还没起飞，并且看起来是您的行程改了。退款退回尾号 4410 的原卡。您确认取消 KQ7W2M 和 P3LX9D 两个预订吗？",
  "Cancelaré las reservas KQ7W2M y P3LX9D. Ambas son cancelables porque son de clase business, ningún vuelo ha salido, y esto parece un cambio de planes. Los reembolsos van a su tarjeta original terminada en 4410. ¿Confirma que cancelo KQ7W2M y P3LX9D?",
];

const changesAndCost: Lang3 = [
  "Upgrading reservation HX2N4B to economy costs $50, and the 2 extra checked bags $100, so $150 in total on your Visa ending 7781. Do you confirm that you want to proceed with these changes and agree to the additional cost of $150?",
  "将预订 HX2N4B 升级为经济舱需 $50，另加 2 件托运行李 $100，共 $150，从尾号 7781 的 Visa 扣款。您确认办理这两项更改并同意支付额外费用 $150 吗？",
  "Mejorar la reserva HX2N4B a económica cuesta $50 y las 2 maletas facturadas extra $100, en total $150 con su Visa terminada en 7781. ¿Confirma que desea realizar estos cambios y acepta el cargo de $150?",
];

const twoActions: Lang3 = [
  "I'll cancel reservation KQ7W2M and downgrade P3LX9D to economy, refunding $220 to your card ending 4410. Please confirm both.",
  "我会取消预订 KQ7W2M，并把 P3LX9D 降为经济舱，退款 $220 退回尾号 4410 的卡。请确认这两项。",
  "Cancelaré la reserva KQ7W2M y bajaré P3LX9D a económica, reembolsando $220 a su tarjeta terminada en 4410. Confirme ambas cosas, por favor.",
];

describe("what a request puts as several actions", () => {
  it("reasons beside 'both are eligible' are no actions: a yes to the two cancellations confirms", () => {
    check(
      rows(
        twoCancellations,
        [
          "Yes, I confirm—please go ahead and cancel both KQ7W2M and P3LX9D.",
          "是的，我确认，请取消 KQ7W2M 和 P3LX9D 两个预订。",
          "Sí, lo confirmo: cancele ambas, KQ7W2M y P3LX9D.",
        ],
        "confirmed",
      ),
    );
  });
  it("agreeing to the cost is the action's terms: a yes to the changes and the cost confirms", () => {
    check(
      rows(
        changesAndCost,
        [
          "Yes, I confirm and agree to the additional cost of $150 for the upgrade and the extra checked bags.",
          "是的，我确认，同意支付 $150 的额外费用。",
          "Sí, lo confirmo y acepto el cargo de $150.",
        ],
        "confirmed",
      ),
    );
  });
  it("a request that does put two actions still needs a yes to both: a yes to one is unclear", () => {
    check(rows(twoActions, ["Yes, please cancel KQ7W2M.", "好的，取消 KQ7W2M 吧。", "Sí, cancele KQ7W2M."], "unclear"));
  });
});
