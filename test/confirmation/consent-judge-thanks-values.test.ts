/**
 * A value written with digits inside thanks is the user's own value: "Yes, thanks for changing it to
 * the 22nd" or "thanks for moving it to HAT300" after a request for May 20 / HAT045 names another date
 * or flight (before, the thanks part was skipped when reading values: a false confirmation). Thanks
 * whose values are the request's own, or that name none ("thank you for being so helpful today"),
 * still do not count against a yes. Hand-written rows (EN, ZH, ES).
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const change: Lang3 = [
  "I will change reservation ABC123 to flight HAT045 on May 20 in economy; the $50 difference goes on your Visa ending in 7447. Shall I proceed?",
  "我将把预订 ABC123 改为 5 月 20 日的 HAT045 航班，经济舱，差价 50 美元从尾号 7447 的 Visa 卡扣除。确认办理吗？",
  "Cambiaré la reserva ABC123 al vuelo HAT045 del 20 de mayo en turista; la diferencia de 50 dólares se cargará a su Visa terminada en 7447. ¿Procedo?",
];

describe("judgeConsent: values inside thanks", () => {
  it("thanks naming another date, flight or amount than the request's: unclear", () => {
    check(rows(change, ["Yes, thanks for changing it to the 22nd.", "好的，谢谢你改到 5 月 22 日。", "Sí, gracias por cambiarlo al 22 de mayo."], "unclear"));
    check(rows(change, ["Yes, thanks for moving it to HAT300.", "好的，谢谢你帮我换成 HAT300。", "Sí, gracias por pasarlo al vuelo HAT300."], "unclear"));
    check(
      rows(
        change,
        ["Thanks for the $80 quote. Yes, go ahead.", "谢谢你报的 80 美元。好的，办理吧。", "Gracias por el presupuesto de 80 dólares. Sí, adelante."],
        "unclear",
      ),
    );
  });
  it("thanks with the request's own values, or with none: the yes stands", () => {
    check(
      rows(
        change,
        ["Yes, go ahead. Thanks for the $50 quote.", "好的，办理吧。谢谢你报的 50 美元。", "Sí, adelante. Gracias por el presupuesto de 50 dólares."],
        "confirmed",
      ),
    );
    check(
      rows(
        change,
        ["Yes, go ahead. Thank you for being so helpful today.", "好的，办理吧。谢谢你今天这么耐心。", "Sí, adelante. Gracias por su ayuda hoy."],
        "confirmed",
      ),
    );
  });
});
