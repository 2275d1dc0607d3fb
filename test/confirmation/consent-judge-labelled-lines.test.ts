/**
 * A request set out as labelled lines ("New flight: HAT512, 2024-06-14, 09:30", "新航班：…", "Vuelo
 * nuevo: …"): every detail on the new line is what the change goes to, and every detail on the
 * current line what it comes from, not only the first before a comma. "Yes, change it to the 14th"
 * restates; the old line's date stays a change. Counterparts written first. Hand-written rows
 * (EN, ZH, ES), none a corpus string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const lines: Lang3 = [
  "Here is the change, please confirm:\n- Reservation: 7RWQ2K\n- Current flight: HAT408, 2024-06-13, BOS → ORD\n- New flight: HAT512, 2024-06-14, BOS → ORD, departs 09:30\n- Cabin: economy (unchanged)\n- Difference: $27 on your card ending 3045\nShall I proceed? (yes/no)",
  "以下是改签详情，请确认：\n- 预订号：7RWQ2K\n- 原航班：HAT408，2024-06-13，BOS → ORD\n- 新航班：HAT512，2024-06-14，BOS → ORD，09:30 起飞\n- 舱位：经济舱（不变）\n- 差价：$27，从尾号 3045 的卡扣款\n确认办理吗？（是/否）",
  "Estos son los detalles del cambio, confirme por favor:\n- Reserva: 7RWQ2K\n- Vuelo actual: HAT408, 2024-06-13, BOS → ORD\n- Vuelo nuevo: HAT512, 2024-06-14, BOS → ORD, sale 09:30\n- Cabina: económica (sin cambios)\n- Diferencia: $27 a su tarjeta terminada en 3045\n¿Procedo? (sí/no)",
];

describe("judgeConsent: the details on a request's labelled new and current lines", () => {
  it("changing to the current line's date: unclear", () => {
    check(rows(lines, ["Yes, change it to HAT512 on June 13.", "是的，改到 6 月 13 日的 HAT512。", "Sí, cámbielo al HAT512 del 13 de junio."], "unclear"));
  });
  it("changing to a date on neither line: unclear", () => {
    check(rows(lines, ["Yes, change it to HAT512 on June 15.", "是的，改到 6 月 15 日的 HAT512。", "Sí, cámbielo al HAT512 del 15 de junio."], "unclear"));
  });
  it("changing to the new line's date and flight: confirmed", () => {
    check(
      rows(lines, ["Yes, change it to HAT512 on June 14.", "是的，确认改到 6 月 14 日的 HAT512。", "Sí, cámbielo al HAT512 del 14 de junio."], "confirmed"),
    );
  });
});
