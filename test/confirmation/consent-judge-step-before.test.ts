/**
 * Issue 14: a yes that sets a step of the user's own before the action itself ("call me before you charge the card", "antes de
 * cargar la Visa mándeme un SMS", "扣款之前先给我打电话") is conditional on that step (consent-markers.ts `CONDITION`). Found by
 * red-team probes 13 (kept outside the repository): on `main` at 19d9047 the Spanish form was confirmed. Hand-written EN/ZH/ES
 * rows, none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const wire: Lang3 = [
  "I'll send a wire transfer of $2,300 from your checking account ending 8812 to Harbor Auto Sales (account ending 4471). Shall I proceed?",
  "我将从您尾号 8812 的活期账户向海港汽车销售公司（账号尾号 4471）电汇 ¥16,000。是否继续？",
  "Voy a enviar una transferencia de 2.300 € desde su cuenta corriente terminada en 8812 a Automóviles Puerto S.L. (cuenta terminada en 4471). ¿Procedo?",
];
const plan: Lang3 = [
  "I can move line 555-0163 to the Family Share plan at $80/month, starting today. Shall I switch it?",
  "我可以把号码 136****0163 换成每月 ¥128 的家庭共享套餐，今天生效。是否办理？",
  "Puedo pasar la línea 600 555 163 a la tarifa Familia Compartida por 45 €/mes, desde hoy. ¿Hago el cambio?",
];

describe("a yes that sets a step of the user's own before the action", () => {
  it("a call, a message or a check the user wants first: unclear", () => {
    check([
      ...rows(
        wire,
        [
          "Okay, that's the dealership. Ring me before you transfer anything, I want to read the VIN back to them.",
          "好的，是这家车行。电汇之前先给我打个电话，我要再核对一下车架号。",
          "Vale, es el concesionario. Antes de enviar nada, llámeme, que quiero repasar el número de bastidor.",
        ],
        "unclear",
      ),
      ...rows(
        plan,
        [
          "Sounds fine. Shoot me an email with the new monthly total before you switch it over.",
          "可以。换套餐之前先把每月总费用发给我看一下。",
          "Me parece bien. Mándeme un correo con el total mensual antes de que hagan el cambio.",
        ],
        "unclear",
      ),
    ]);
  });

  it("a plain yes, or a wish to be told afterwards: confirmed", () => {
    check([
      ...rows(wire, ["Okay, go ahead with the wire.", "好的，转吧。", "Vale, adelante con la transferencia."], "confirmed"),
      ...rows(plan, ["Sounds fine, switch it.", "可以，换吧。", "Me parece bien, haga el cambio."], "confirmed"),
    ]);
  });
});
