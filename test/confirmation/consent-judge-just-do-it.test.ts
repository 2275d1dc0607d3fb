/**
 * Issue 14: "just do it", "solo hágalo", "直接办吧" — impatience, not a restriction: "just" before a go-ahead whose object is the
 * whole proposal ("it", "that") agrees to all of it beside a yes; alone, with no yes, it presses rather than answers (`HASTE`) (consent-markers.ts `PARTIAL`; content-words.ts for "solo" and "直接"). Found
 * from blind-multilingual-7 b7-054 (spent set): "Yes. Both. I've explained this three times now, please just do it." read as
 * partial. Near-misses: "just do the cancellation", "just do that one", "solo haga la cancelación", "solo hágalo con el primero",
 * "只办第一个". Hand-written EN/ZH/ES rows.
 */
import { describe, it } from "vitest";
import { check } from "./lang3-rows.js";

const twoPartsEn =
  "I can do both: 1) cancel order #W1100 (kettle, $40 refund to your Visa) and 2) change the shipping address of order #W1200 to 12 Oak St, Boston. Can you confirm both?";
const cancelEn = "I can cancel reservation LM3K8D and refund $260 to your Visa ending 5521. Would you like me to proceed?";
const cancelEs = "Puedo cancelar la reserva LM3K8D y reembolsar $260 a su Visa terminada en 5521. ¿Desea que continúe?";
const twoPartsEs =
  "Puedo hacer las dos cosas: 1) cancelar el pedido #W1100 (hervidor, reembolso de $40 a su Visa) y 2) cambiar la dirección del pedido #W1200 a 12 Oak St, Boston. ¿Confirma ambas?";
const cancelZh = "我可以取消预订 LM3K8D，并将 $260 退回您尾号 5521 的 Visa 卡。要继续吗？";
const twoPartsZh = "我可以做两件事：1）取消订单 #W1100（水壶，$40 退回您的 Visa 卡）；2）把订单 #W1200 的收货地址改为波士顿 12 Oak St。两件都确认吗？";

describe("just do it", () => {
  it("just do it, solo hágalo, 直接办吧: confirmed", () => {
    check([
      { request: twoPartsEn, reply: "Yes, both. I've asked three times already, please just do it.", expected: "confirmed" as const },
      { request: cancelEn, reply: "Yes, fine, just do it, I'm tired of waiting.", expected: "confirmed" as const },
      { request: cancelEn, reply: "Sure thing, just do that then.", expected: "confirmed" as const },
      { request: cancelEs, reply: "Sí, solo hágalo, por favor.", expected: "confirmed" as const },
      { request: twoPartsEs, reply: "Sí, las dos. Solo hágalo, por favor.", expected: "confirmed" as const },
      { request: cancelZh, reply: "好的，你就直接办吧，我等好久了。", expected: "confirmed" as const },
    ]);
  });

  it("just one part of it, or only the impatient go-ahead with no yes (replies.jsonl c471): unclear", () => {
    check([
      { request: cancelEn, reply: "Please, just do it.", expected: "unclear" as const },
      { request: cancelEs, reply: "Solo hágalo.", expected: "unclear" as const },
      { request: twoPartsEn, reply: "Yes, just do the cancellation.", expected: "unclear" as const },
      { request: twoPartsEn, reply: "OK, just do the first one for now.", expected: "unclear" as const },
      { request: twoPartsEn, reply: "Yes, just do that one.", expected: "unclear" as const },
      { request: twoPartsEs, reply: "Sí, solo haga la cancelación.", expected: "unclear" as const },
      { request: twoPartsEs, reply: "Sí, solo hágalo con el primero.", expected: "unclear" as const },
      { request: twoPartsZh, reply: "好的，只办第一个吧。", expected: "unclear" as const },
      { request: twoPartsZh, reply: "好的，就办取消那个就行。", expected: "unclear" as const },
    ]);
  });
});
