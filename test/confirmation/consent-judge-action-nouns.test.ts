/**
 * A request that puts its action as a noun ("Confirm the exchange?", "¿Confirma el cambio?", "确认换货吗？") puts an action: a yes
 * to it consents, where a yes to a question about a fact consents to nothing. Hand-written rows (EN, ZH, ES), not corpus strings.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

describe("judgeConsent: an action the request names only as a noun", () => {
  const exchange: Lang3 = [
    "Order #W2231004: desk lamp (item 5512009341) white → black (item 5512009377), same price. Note: an order can be exchanged only once. Confirm the exchange?",
    "订单 #W2231004：台灯（商品 5512009341）白色 → 黑色（商品 5512009377），价格相同。注意：每个订单只能换货一次。确认换货吗？",
    "Pedido #W2231004: lámpara de escritorio (artículo 5512009341) blanca → negra (artículo 5512009377), mismo precio. Solo se puede hacer un cambio por pedido. ¿Confirma el cambio?",
  ];
  const change: Lang3 = [
    "Summary: reservation 8KD2LQ, flight HAT118 on 2024-05-20 → HAT240 on 2024-05-21, economy, fare difference $40 on your card ending 3321. Do you confirm this change?",
    "变更摘要：预订 8KD2LQ，航班 HAT118（2024-05-20）→ HAT240（2024-05-21），经济舱，差价 40 美元从尾号 3321 的卡扣。请问确认更换吗？",
    "Resumen: reserva 8KD2LQ, vuelo HAT118 del 2024-05-20 → HAT240 del 2024-05-21, económica, diferencia de $40 a su tarjeta terminada en 3321. ¿Confirma que desea hacer este cambio?",
  ];
  it("a plain yes, or a yes that restates the new item, confirms", () => {
    check(rows(exchange, ["Yes, the black one is fine, thanks!", "yes，换成黑色的就好，谢谢～", "Sí, confirmo el cambio a la negra. ¡Gracias!"], "confirmed"));
    check(rows(change, ["Yes, I confirm the change to HAT240.", "确认，就改到 HAT240 吧。", "Sí, confirmo el cambio al HAT240, gracias."], "confirmed"));
  });
  it("a yes that changes the item, the flight or the payment stays unclear", () => {
    check(rows(exchange, ["Yes, but make it the grey one instead.", "可以，不过换成灰色的吧。", "Sí, pero mejor cámbiela por la gris."], "unclear"));
    check(
      rows(
        change,
        ["Yes, but put the $40 on my gift card instead.", "确认，但差价用我的礼品卡付。", "Sí, pero cobre los $40 a mi tarjeta de regalo."],
        "unclear",
      ),
    );
  });
  it("a yes to a question about a fact still consents to nothing", () => {
    const fact: Lang3 = [
      "Could you confirm that the lamp in order #W2231004 is the white one?",
      "请确认订单 #W2231004 里的台灯是白色的，对吗？",
      "¿Puede confirmar que la lámpara del pedido #W2231004 es la blanca?",
    ];
    check(rows(fact, ["Yes, that's correct.", "对，是白色的。", "Sí, es correcto."], "unclear"));
  });
});
