/**
 * A request that still holds a template's unfilled slots ("Departure: [Time]", "Passengers: [Details will be collected]",
 * "$XXX", "{date}", "【出发时间】") never put the action's details: a yes to it is unclear. Found as false confirmations on
 * real replies (real-replies-9, r9-022 and r9-051: open-weight agents quoting their own templates). The same requests
 * filled in, and brackets that are not slots (a markdown link, an id, a yes/no prompt, a heading), stay confirmed. Rows of
 * their own in EN/ZH/ES.
 */
import { describe, expect, it } from "vitest";
import { unfilledSlot } from "../../src/confirmation/unfilled-slot.js";
import { normalizeText } from "../../src/confirmation/reply-text.js";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const yes: Lang3 = [
  "Yes, that all looks right, please go ahead and book it. Thanks!",
  "好的，都没问题，请帮我订吧。谢谢！",
  "Sí, todo está bien, adelante con la reserva. ¡Gracias!",
];

const slotted: Lang3[] = [
  [
    "Here is the booking:\n- Flight: HAT088, Denver to Boston, departing [Departure Time]\n- Passenger: Noor Haddad\n- Payment: Visa ending 3310\nShall I book it?",
    "预订如下：\n- 航班：HAT088，丹佛飞波士顿，出发时间【出发时间】\n- 乘客：Noor Haddad\n- 付款：尾号 3310 的 Visa\n要我预订吗？",
    "Esta es la reserva:\n- Vuelo: HAT088, Denver a Boston, salida [hora de salida]\n- Pasajera: Noor Haddad\n- Pago: Visa terminada en 3310\n¿La reservo?",
  ],
  [
    "Booking summary:\n- Flight HAT088 on May 14, Denver to Boston\n- Passengers: [To be collected at check-in]\n- Payment: Visa ending 3310\nDo you want me to book it?",
    "预订摘要：\n- 5月14日 HAT088，丹佛飞波士顿\n- 乘客：[乘客姓名]\n- 付款：尾号 3310 的 Visa\n要我预订吗？",
    "Resumen:\n- Vuelo HAT088 el 14 de mayo, Denver a Boston\n- Pasajeros: [por confirmar]\n- Pago: Visa terminada en 3310\n¿Quiere que la reserve?",
  ],
  [
    "The new flight HAT088 on May 14 costs $XXX more, charged to your Visa ending 3310. Shall I make the change?",
    "5月14日的新航班 HAT088 需要补 XX美元，从尾号 3310 的 Visa 扣。要我改签吗？",
    "El nuevo vuelo HAT088 del 14 de mayo cuesta $XX.XX más, con cargo a su Visa terminada en 3310. ¿Hago el cambio?",
  ],
  [
    "I'll move reservation QX41TB to flight HAT088 on {date} and charge the difference to your Visa ending 3310. OK to proceed?",
    "我会把预订 QX41TB 改到 {date} 的 HAT088 航班，差价从尾号 3310 的 Visa 扣。可以吗？",
    "Cambiaré la reserva QX41TB al vuelo HAT088 del {fecha} y cargaré la diferencia a su Visa terminada en 3310. ¿Procedo?",
  ],
];

const filled: Lang3[] = [
  [
    "Here is the booking:\n- Flight: HAT088, Denver to Boston, departing 07:40 on May 14\n- Passenger: Noor Haddad\n- Payment: Visa ending 3310\nShall I book it? [yes/no]",
    "预订如下：\n- 航班：HAT088，丹佛飞波士顿，5月14日 07:40 出发\n- 乘客：Noor Haddad\n- 付款：尾号 3310 的 Visa\n【航班信息】已核对，要我预订吗？",
    "Esta es la reserva:\n- Vuelo: HAT088, Denver a Boston, salida 07:40 del 14 de mayo\n- Pasajera: Noor Haddad\n- Pago: Visa terminada en 3310\n¿La reservo? [sí/no]",
  ],
  [
    "**[Booking details]**\n- Flight [HAT088] on May 14, Denver to Boston, $212\n- Passenger: Noor Haddad\n- Payment: Visa ending 3310 (see [the fare rules](https://example.com/fares))\nDo you want me to book it?",
    "**[预订详情]**\n- 5月14日 [HAT088]，丹佛飞波士顿，$212\n- 乘客：Noor Haddad\n- 付款：尾号 3310 的 Visa（见[票价规则](https://example.com/fares)）\n要我预订吗？",
    "**[Detalles de la reserva]**\n- Vuelo [HAT088] el 14 de mayo, Denver a Boston, $212\n- Pasajera: Noor Haddad\n- Pago: Visa terminada en 3310 (ver [las condiciones](https://example.com/fares))\n¿Quiere que la reserve?",
  ],
];

describe("a request holding unfilled template slots", () => {
  it("a yes to a request with a slot for the time, the passengers or the amount is unclear", () => {
    check(slotted.flatMap((request) => rows(request, yes, "unclear")));
  });
  it("the same requests filled in, with brackets that are not slots, stay confirmed", () => {
    check(filled.flatMap((request) => rows(request, yes, "confirmed")));
  });
  it("names the slot it found, and none in a masked card number or a check box", () => {
    expect(unfilledSlot(normalizeText("Passengers: [Details will be collected]"))).toBe("[details will be collected]");
    expect(unfilledSlot(normalizeText("Total: $XXX"))).toBe("$xxx");
    expect(unfilledSlot(normalizeText("Card ending in XXXX-3310, [x] insurance, [ ] bags, see [2]"))).toBeUndefined();
  });
});
