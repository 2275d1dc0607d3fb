/**
 * Issue 14: a yes that acts on several reservations, orders or items when the request put one ("cancel all of them", "return
 * them all", "全部取消", "都退了", "cancélelas", "devuélvalos todos") agrees to something the request did not put
 * (plural-reference.ts). Found by red-team probes 12 (kept outside the repository): on `main` at ea649ce, 10 of 10 such replies
 * were confirmed. A request that names several things leaves the reference to them. Hand-written EN/ZH/ES rows, none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const booking: Lang3 = [
  "I'll cancel reservation WD4K9M (ORD→MIA, Sept 9, passenger Priya Nair) and refund $286.00 to your Visa ending 4410. Shall I go ahead?",
  "我将取消预订 WD4K9M（芝加哥→迈阿密，9月9日，乘客 Priya Nair），并将 ¥2,050 退回您尾号 4410 的 Visa 卡。确认吗？",
  "Voy a cancelar la reserva WD4K9M (ORD→MIA, 9 de septiembre, pasajera Priya Nair) y reembolsar 260 € a su Visa terminada en 4410. ¿Procedo?",
];
const item: Lang3 = [
  "I'll return the Ceramic Teapot (item 8123) from order #W3390017 and refund $34.50 to your Mastercard ending 6001. Do you want me to proceed?",
  "我将退回订单 #W3390017 中的陶瓷茶壶（商品 8123），并将 ¥239 退回您尾号 6001 的万事达卡。是否确认？",
  "Voy a devolver la tetera de cerámica (artículo 8123) del pedido #W3390017 y reembolsar 32 € a su Mastercard terminada en 6001. ¿Desea que proceda?",
];
const items: Lang3 = [
  "I'll return two items from order #W3390017: the Ceramic Teapot (item 8123) and the Tea Strainer (item 8124), refunding $46.00 to your Mastercard ending 6001. Proceed?",
  "我将退回订单 #W3390017 中的两件商品：陶瓷茶壶（商品 8123）和滤茶器（商品 8124），共 ¥318 退回您尾号 6001 的万事达卡。是否确认？",
  "Voy a devolver dos artículos del pedido #W3390017: la tetera (artículo 8123) y el colador (artículo 8124), y reembolsar 43 € a su Mastercard terminada en 6001. ¿Procedo?",
];

describe("a yes that acts on several things when the request put one", () => {
  it("several reservations or items: unclear", () => {
    check([
      ...rows(booking, ["Yes, cancel all of them.", "好的，全部取消。", "Sí, cancélelas."], "unclear"),
      ...rows(booking, ["Go ahead and cancel all my bookings.", "可以，这些都取消吧。", "Sí, anule todas mis reservas."], "unclear"),
      ...rows(item, ["Yes, return them all.", "好的，都退了。", "Vale, devuélvalos todos."], "unclear"),
    ]);
  });

  it("the one thing, thanks to everyone, or a request that names several: confirmed", () => {
    check([
      ...rows(booking, ["Yes, cancel it.", "好的，取消吧。", "Sí, cancélela."], "confirmed"),
      ...rows(booking, ["Thank you all for the help. Yes, cancel it.", "好的，谢谢，取消吧。", "Gracias a todos por la ayuda. Sí, cancélela."], "confirmed"),
      ...rows(item, ["Yes, return it.", "好的，退吧。", "Sí, devuélvala."], "confirmed"),
      ...rows(items, ["Yes, return them all.", "好的，都退了。", "Sí, devuélvalos."], "confirmed"),
    ]);
  });
});
