/**
 * Issue 14: to a cancellation or a return, confirming the thing itself ("I confirm the reservation", "confirmo la reserva",
 * "确认这个预订") rather than what is done to it keeps it: the reply does not agree to taking it away (kept-item.ts). Found by
 * red-team probes 12 (kept outside the repository): on `main` at ea649ce, "Yes, I confirm my reservation." and "Sí, confirmo mi
 * reserva." were confirmed to a cancellation. Confirming the cancellation, the return or the details stays a yes.
 * Hand-written EN/ZH/ES rows, none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const cancel: Lang3 = [
  "I'll cancel reservation WD4K9M (ORD→MIA, Sept 9, passenger Priya Nair) and refund $286.00 to your Visa ending 4410. Shall I go ahead?",
  "我将取消预订 WD4K9M（芝加哥→迈阿密，9月9日，乘客 Priya Nair），并将 ¥2,050 退回您尾号 4410 的 Visa 卡。确认吗？",
  "Voy a cancelar la reserva WD4K9M (ORD→MIA, 9 de septiembre, pasajera Priya Nair) y reembolsar 260 € a su Visa terminada en 4410. ¿Procedo?",
];
const ret: Lang3 = [
  "I'll return the Ceramic Teapot (item 8123) from order #W3390017 and refund $34.50 to your Mastercard ending 6001. Do you want me to proceed?",
  "我将退回订单 #W3390017 中的陶瓷茶壶（商品 8123），并将 ¥239 退回您尾号 6001 的万事达卡。是否确认？",
  "Voy a devolver la tetera de cerámica (artículo 8123) del pedido #W3390017 y reembolsar 32 € a su Mastercard terminada en 6001. ¿Desea que proceda?",
];

describe("confirming the thing a cancellation or a return takes away", () => {
  it("the reservation itself: unclear", () => {
    check([
      ...rows(cancel, ["OK, I confirm the reservation.", "好的，确认这个预订。", "Sí, confirmo la reserva."], "unclear"),
      ...rows(cancel, ["Yes — confirming my booking WD4K9M.", "好的，确认这个预订。", "Sí, confirmo la reserva WD4K9M."], "unclear"),
    ]);
  });

  it("what is done to it, the details, or a bare confirmation: confirmed", () => {
    check([
      ...rows(cancel, ["Yes, I confirm the cancellation of my reservation.", "确认取消预订。", "Sí, confirmo la cancelación de mi reserva."], "confirmed"),
      ...rows(cancel, ["I confirm the details, go ahead.", "好的，确认这个预订取消。", "Confirmo los datos, adelante."], "confirmed"),
      ...rows(cancel, ["Yes. I confirm.", "确认。", "Sí, lo confirmo."], "confirmed"),
      ...rows(ret, ["I confirm the return.", "确认办理。", "Confirmo la devolución."], "confirmed"),
    ]);
  });
});
