/**
 * A request that announces the user's approval as a later step ("Once confirmed, I'll list the full details and ask for final
 * approval before processing"): what the user says now (an option, a booking, a reason, even "yes") is not the go-ahead.
 * Found as false confirmations on real replies (real-replies-7, r7-090 and r7-074). The same request without the
 * announcement, or one where the approval asked for is this one ("I'll process it once I get your final approval. Shall I
 * proceed?"), still confirms. Hand-written EN/ZH/ES rows, phrased unlike the corpus rows.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const announcesLater: Lang3 = [
  "There are two nonstop options to Denver on June 3: Option A, HAT120 at 08:10 for $189, and Option B, HAT344 at 17:45 for $164, both in economy. Tell me which option you prefer and which card to use. Then I'll put together the complete itinerary and ask for your final approval before anything is charged.",
  "6 月 3 日飞丹佛有两个直飞选项：A 是 HAT120，08:10 起飞，$189；B 是 HAT344，17:45 起飞，$164，都是经济舱。请告诉我您选哪一个、用哪张卡。之后我会整理完整行程，再请您最终确认，然后才扣款。",
  "Hay dos opciones directas a Denver el 3 de junio: la A, HAT120 a las 08:10 por $189, y la B, HAT344 a las 17:45 por $164, ambas en turista. Dígame qué opción prefiere y con qué tarjeta pagar. Después prepararé el itinerario completo y le pediré su aprobación final antes de cobrar nada.",
];
const oneStepFirst: Lang3 = [
  "I can cancel one of your reservations for you: ZX81QA (Boston, July 2) or PL44RT (Miami, July 19). Please tell me which one and the reason. Once I have that, I'll check the refund rules and ask for your confirmation.",
  "我可以为您取消一个预订：ZX81QA（波士顿，7 月 2 日）或 PL44RT（迈阿密，7 月 19 日）。请告诉我取消哪一个以及原因。之后我会核对退款规则，再跟您确认。",
  "Puedo cancelar una de sus reservas: ZX81QA (Boston, 2 de julio) o PL44RT (Miami, 19 de julio). Dígame cuál y el motivo. Una vez que lo tenga, revisaré las reglas de reembolso y le pediré su confirmación.",
];
const asksNow: Lang3 = [
  "I'll book Option B, HAT344 on June 3 at 17:45 in economy, for $164 on your Visa ending 2290. I'll process it once I get your final approval. Shall I go ahead?",
  "我将为您预订 B 选项：6 月 3 日 17:45 的 HAT344 经济舱，$164，用尾号 2290 的 Visa 卡支付。请您确认，是否现在办理？",
  "Reservaré la opción B, HAT344 el 3 de junio a las 17:45 en turista, por $164 con su Visa terminada en 2290. La procesaré en cuanto tenga su aprobación. ¿Procedo?",
];

describe("an approval the request says is still to be asked for", () => {
  it("an option, a booking or a yes given now is not the go-ahead: unclear", () => {
    check([
      ...rows(
        announcesLater,
        ["Option B please, and put it on my Visa ending 2290.", "选 B，用尾号 2290 的 Visa 卡。", "La B, por favor, con mi Visa terminada en 2290."],
        "unclear",
      ),
      ...rows(announcesLater, ["Yes, book Option B on the Visa.", "好的，订 B，用 Visa。", "Sí, reserve la B con la Visa."], "unclear"),
      ...rows(
        oneStepFirst,
        ["Please cancel ZX81QA, my plans changed.", "请取消 ZX81QA，我的计划变了。", "Cancele ZX81QA, por favor; cambiaron mis planes."],
        "unclear",
      ),
    ]);
  });
  it("the approval asked for now, with the final approval named as this one: confirmed", () => {
    check(rows(asksNow, ["Yes, go ahead.", "好的，办理吧。", "Sí, proceda."], "confirmed"));
  });
});

/**
 * The same announcement worded as one more, explicit yes still to come ("I'll show you the exact calls and ask you one final
 * explicit yes before running each"): found as a false confirmation on real replies (real-replies-8, r8-056). Rows of their own.
 */
const oneFinalYes: Lang3 = [
  "Pick the replacement for the desk lamp in order #W7720193 (item 5519203377, LED, white or item 8830214471, halogen, black) and say yes to start preparing the change. When I have your pick, I'll lay out the exact modification with the item ids and the card and ask you one final explicit yes before I submit it.",
  "请在订单 #W7720193 里为台灯选一个替换款（商品 5519203377，LED 白色；或商品 8830214471，卤素黑色），并回复“是”以开始准备。收到您的选择后，我会列出具体的修改内容、商品编号和支付卡，再请您做一次最终确认，然后才提交。",
  "Elija el reemplazo de la lámpara del pedido #W7720193 (artículo 5519203377, LED blanca, o artículo 8830214471, halógena negra) y diga sí para empezar a prepararlo. Cuando tenga su elección, le mostraré la modificación exacta con los artículos y la tarjeta y le pediré un último sí explícito antes de enviarla.",
];
const thisYes: Lang3 = [
  "I'll replace the desk lamp in order #W7720193 (item 5519203377) with item 8830214471, halogen, black, $3.20 more on your Visa ending 6610. This is your final explicit yes: shall I submit it?",
  "我将把订单 #W7720193 里的台灯（商品 5519203377）换成商品 8830214471（卤素黑色），补差价 $3.20，用尾号 6610 的 Visa 卡支付。这是最终确认：现在提交吗？",
  "Cambiaré la lámpara del pedido #W7720193 (artículo 5519203377) por el artículo 8830214471, halógena negra, $3.20 más con su Visa terminada en 6610. Este es el último sí que le pido: ¿procedo con el cambio?",
];

describe("one more explicit yes the request says is still to come", () => {
  it("a pick and a yes now are not that yes: unclear", () => {
    check(
      rows(
        oneFinalYes,
        [
          "I'll take 8830214471, the halogen one. Yes, please start preparing it.",
          "我选 8830214471，卤素那款。是，开始准备吧。",
          "Me quedo con la 8830214471, la halógena. Sí, empiece a prepararlo.",
        ],
        "unclear",
      ),
    );
  });
  it("the final yes asked for now: confirmed", () => {
    check(rows(thisYes, ["Yes, submit it.", "好的，提交吧。", "Sí, proceda con el cambio."], "confirmed"));
  });
});
