/**
 * The user's move told as the reason for an address change ("we just moved in last week", "我们刚搬家", "nos acabamos de mudar"):
 * naming no place, it sets nothing of the address the request puts, and the "please update it" after it is the action itself. A move
 * that names a place, another address or another destination still changes what was described. Hand-written rows (EN, ZH, ES).
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const newAddress: Lang3 = [
  "I'll change the shipping address of your pending order #W7712094 to: 58 Birch Lane, Apt 2C, Madison, WI 53703, USA. Is this correct? Confirm and I'll update it.",
  "我会把待发货订单 #W7712094 的收货地址改为：58 Birch Lane, Apt 2C, Madison, WI 53703。地址无误的话，请回复确认。",
  "Voy a cambiar la dirección de envío de su pedido pendiente #W7712094 a: 58 Birch Lane, Apt 2C, Madison, WI 53703. ¿Es correcta? Confirme y la actualizo.",
];

describe("judgeConsent: a move that names no place, beside a yes to an address change", () => {
  it("'we just moved in last week, so please update it', '我们刚搬家，麻烦帮我改一下', 'nos acabamos de mudar': confirmed", () => {
    check(
      rows(
        newAddress,
        [
          "Yes, that's right. We just moved in last week, so please update it. Thanks!",
          "对，就是这个地址。我们刚搬家，麻烦帮我改一下，谢谢！",
          "Sí, es correcta. Nos acabamos de mudar, así que actualícela por favor.",
        ],
        "confirmed",
      ),
    );
    check(
      rows(
        newAddress,
        ["Yes, we moved recently, please update it.", "对，我们上周刚搬家，请改吧。", "Sí, nos mudamos la semana pasada, actualícela."],
        "confirmed",
      ),
    );
  });
  it("near-miss: a move that names a place, or another address: unclear", () => {
    check(
      rows(
        newAddress,
        ["Yes, we just moved to Denver, so send it there.", "对，我们刚搬到丹佛，寄到那边吧。", "Sí, nos mudamos a Denver, así que envíelo allá."],
        "unclear",
      ),
    );
    check(
      rows(
        newAddress,
        [
          "Yes. We just moved, so send it to 88 Pine Street instead.",
          "对，我们刚搬家，寄到 88 Pine Street 吧。",
          "Sí, nos acabamos de mudar, así que envíelo a 88 Pine Street.",
        ],
        "unclear",
      ),
    );
  });
  it("near-miss: a move and another destination beside it: unclear", () => {
    check(
      rows(
        newAddress,
        ["Yes, we moved, but ship it to my office.", "对，我们刚搬家，不过寄到我公司。", "Sí, nos mudamos, pero envíelo a mi oficina."],
        "unclear",
      ),
    );
  });
});
