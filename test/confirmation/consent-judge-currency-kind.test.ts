/**
 * Issue 14: the request's amount said back in another currency ("退45元" to a $45.00 refund, "210美元" to a ¥210 charge,
 * "45 euros" to $45) agrees to an amount that was not put (currency-kind.ts). Found by red-team probes 12, batch 2 (kept outside
 * the repository): rt12c-071 and rt12c-072 were confirmed on `main`. Hand-written EN/ZH/ES rows, none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const dollars: Lang3 = [
  "I'll return the Travel Kettle (item 2208) from order #W5530917 and refund $45.00 to your Discover card ending 6618. Shall I proceed?",
  "我将退回订单 #W5530917 中的旅行水壶（商品 2208），并将 $45.00 退回您尾号 6618 的 Discover 卡。是否确认？",
  "Voy a devolver el hervidor de viaje (artículo 2208) del pedido #W5530917 y reembolsar $45.00 a su tarjeta Discover terminada en 6618. ¿Procedo?",
];
const yuan: Lang3 = [
  "I'll change reservation MV2K8D to flight HAT404 on June 9; the fare difference of ¥210 goes on your UnionPay card ending 0921. Shall I proceed?",
  "我将把预订 MV2K8D 改到6月9日的 HAT404 航班，差价 ¥210 从您尾号 0921 的银联卡扣除。是否确认？",
  "Voy a cambiar la reserva MV2K8D al vuelo HAT404 del 9 de junio; la diferencia de ¥210 se cargará a su UnionPay terminada en 0921. ¿Procedo?",
];

describe("the request's amount in another currency", () => {
  it("yuan for dollars, dollars for yuan, euros for dollars: unclear", () => {
    check([
      ...rows(
        dollars,
        ["Okay, refund the 45 euros to the Discover.", "好的，45元退到 Discover 卡吧。", "Vale, reembolse los 45 euros a la Discover."],
        "unclear",
      ),
      ...rows(yuan, ["Fine, charge the 210 dollars.", "可以，210美元扣吧。", "Bien, cargue los 210 dólares."], "unclear"),
    ]);
  });

  it("the same amount in the request's currency, or a bare number: confirmed", () => {
    check([
      ...rows(dollars, ["Okay, refund the $45 to the Discover.", "好的，45美元退吧。", "Vale, reembolse los 45 dólares."], "confirmed"),
      // "块" is the spoken unit of any money: "45块" to $45.00 is that amount
      ...rows(dollars, ["Okay, refund the 45 to the Discover.", "好的，45块退到 Discover 卡吧。", "Vale, reembolse los 45 a la Discover."], "confirmed"),
      ...rows(yuan, ["Yes, the ¥210 is fine, go ahead.", "可以，210元扣吧。", "Sí, los ¥210 están bien, proceda."], "confirmed"),
    ]);
  });
});
