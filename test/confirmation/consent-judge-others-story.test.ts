/**
 * Issue 14: other people in the user's story. Coming and going are a trip's only where the request is about one: to a return, "my
 * neighbour came over to ask what the noise was" is a story, not a traveller joining (clause-role.ts, `TRIP_REQUEST`). Someone
 * else wanting something of the user ("the doctor doesn't want him to travel yet", "el médico no quiere que viaje", "医生不让他出行")
 * is advice told, like "the doctor told me…" (`OTHERS_WISH`; other-traveller.ts no longer reads "wants me to" as that person
 * needing something). Found from blind-multilingual-8 b8-073 and b8-081 (spent set). Near-misses: someone else wanting a detail
 * changed, still wanting to fly ("但我先生还是想坐20号的航班" was confirmed on `main`), or asking for another action.
 * Hand-written EN/ZH/ES rows.
 */
import { describe, it } from "vitest";
import { check } from "./lang3-rows.js";
const returnEn = "I can return the Blender (item 4410, $54.99) from order #W4412087 and refund $54.99 to your gift card. Shall I proceed with the return?";
const returnZh = "我可以为订单 #W4412087 退回搅拌机（商品 4410，$54.99），并将 $54.99 退到您的礼品卡。要办理退货吗？";
const returnEs =
  "Puedo devolver la licuadora (artículo 4410, $54.99) del pedido #W4412087 y reembolsar $54.99 a su tarjeta de regalo. ¿Procedo con la devolución?";
const cancelEn = "I can cancel reservation JH4T8N (MIA → ORD, May 20, 2 passengers) and refund $612 to your credit card ending 7742. Do you confirm?";
const cancelZh = "我可以取消预订 JH4T8N（迈阿密→芝加哥，5月20日，2位乘客），并将 $612 退回您尾号 7742 的信用卡。确认吗？";
const cancelEs = "Puedo cancelar la reserva JH4T8N (MIA → ORD, 20 de mayo, 2 pasajeros) y reembolsar $612 a su tarjeta terminada en 7742. ¿Confirma?";

describe("other people in the user's story", () => {
  it("a neighbour coming over to a return, a doctor's wish for the user: confirmed", () => {
    check([
      {
        request: returnEn,
        reply: "Yes, please return it. It made such a racket that my neighbour came over to ask what was going on.",
        expected: "confirmed" as const,
      },
      { request: returnZh, reply: "好的，退了吧。声音大得邻居都跑过来问怎么回事。", expected: "confirmed" as const },
      { request: returnEs, reply: "Sí, devuélvala. Hacía tanto ruido que mi vecino vino a preguntar qué pasaba.", expected: "confirmed" as const },
      {
        request: returnEn,
        reply: "Yes, go ahead with the return. My brother came over last week and laughed at how loud it was.",
        expected: "confirmed" as const,
      },
      {
        request: cancelEn,
        reply: "Yes, cancel it. My husband had knee surgery and the doctor doesn't want him to travel yet.",
        expected: "confirmed" as const,
      },
      { request: cancelZh, reply: "好的，取消吧。我先生膝盖做了手术，医生不让他出行。", expected: "confirmed" as const },
      { request: cancelEs, reply: "Sí, cancélela. Mi esposo se operó la rodilla y el médico no quiere que viaje todavía.", expected: "confirmed" as const },
      { request: cancelEn, reply: "Yes, please cancel. My physio wants me to stay off my feet for a month.", expected: "confirmed" as const },
      { request: cancelEs, reply: "Sí, cancele. La médica prefiere que descanse unas semanas.", expected: "confirmed" as const },
    ]);
  });

  it("someone else wanting a detail changed, still wanting to fly, or another action: unclear", () => {
    check([
      { request: cancelEn, reply: "Yes, cancel it. My daughter is coming with me on a new booking instead.", expected: "unclear" as const },
      { request: cancelEn, reply: "Yes, cancel it, but my husband still wants to fly on the 20th.", expected: "unclear" as const },
      { request: cancelZh, reply: "好的，取消吧。但我先生还是想坐20号的航班。", expected: "unclear" as const },
      { request: cancelEs, reply: "Sí, cancélela. Mi esposo quiere que le reembolsen a su tarjeta.", expected: "unclear" as const },
      { request: cancelEn, reply: "Yes. The doctor wants me to cancel only my own seat.", expected: "unclear" as const },
      { request: returnEn, reply: "Yes, return it. My neighbour wants the refund on her card.", expected: "unclear" as const },
      { request: returnEs, reply: "Sí, devuélvala. Mi vecina quiere que el reembolso vaya a su cuenta.", expected: "unclear" as const },
      { request: returnZh, reply: "好的，退吧。我邻居想要把退款打到她的卡上。", expected: "unclear" as const },
      { request: cancelEn, reply: "Sure, cancel it. My wife wants you to book her on the later flight.", expected: "unclear" as const },
    ]);
  });
});
