/**
 * Another leg of the trip put beside the action, one the request never names (other-leg.ts): "likewise for my return flight",
 * "the connection out of Atlanta comes off as well", "返程那班也照这样改", "lo mismo con el vuelo de regreso" ask for more than
 * was described, also when taken for granted inside an acknowledgement ("entiendo que la conexión también se anula"). A leg the
 * request names itself, a leg said to stay, and one told as done already do not. Hand-written EN/ZH/ES rows,
 * none a corpus or probe string; each attack table is confirmed with the reading removed.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const move: Lang3 = [
  "I'll move your flight HAT771 from July 2 to July 4, same time, no fare difference. Shall I go ahead?",
  "我将把您的 HAT771 航班从7月2日改到7月4日，时间不变，没有差价。是否办理？",
  "Voy a pasar su vuelo HAT771 del 2 al 4 de julio, a la misma hora y sin diferencia de tarifa. ¿Procedo?",
];
const cancel: Lang3 = [
  "I'll cancel reservation ZX81QP, flight HAT510 from Boston to Miami on August 9, and refund $275 to your Amex ending 3004. Shall I proceed?",
  "我将取消预订 ZX81QP（8月9日波士顿飞迈阿密的 HAT510），并把 ¥1,950 退回尾号 3004 的运通卡。是否确认？",
  "Voy a cancelar la reserva ZX81QP, vuelo HAT510 de Boston a Miami del 9 de agosto, y reembolsar 275 € a su Amex terminada en 3004. ¿Procedo?",
];
const roundTrip: Lang3 = [
  "I'll cancel your round trip ZX81QP: the outbound HAT510 on August 9 and the return flight HAT511 on August 16, refunding $540 to your Amex ending 3004. Shall I proceed?",
  "我将取消您的往返预订 ZX81QP：8月9日去程 HAT510 和8月16日回程 HAT511，¥3,800 退回尾号 3004 的运通卡。是否确认？",
  "Voy a cancelar su reserva de ida y vuelta ZX81QP: la ida HAT510 del 9 de agosto y el vuelo de vuelta HAT511 del 16 de agosto, con reembolso de 540 € a su Amex terminada en 3004. ¿Procedo?",
];

describe("a leg the request never names, put beside the action: unclear", () => {
  it("asked for with 'likewise', 'the same', '照这样', 'lo mismo'", () => {
    check(
      rows(
        move,
        [
          "Perfect, please proceed, and likewise for my return flight, it should slide by two days as well.",
          "行，办吧。返程那班也照这样改一下。",
          "Perfecto, adelante. Lo mismo con el vuelo de regreso, por favor.",
        ],
        "unclear",
      ),
    );
  });
  it("taken for granted: 'I'd expect the connection to come off as well', 'entiendo que la conexión también se anula'", () => {
    check(
      rows(
        cancel,
        [
          "Sounds right, go ahead. The connection out of Atlanta comes off as well, I'd expect.",
          "可以，取消吧。中转那段应该也一并取消了吧。",
          "Bien, anúlela. Entiendo que la conexión en Atlanta también se anula.",
        ],
        "unclear",
      ),
    );
  });
  it("the way home, named by where it goes", () => {
    check(
      rows(
        move,
        ["Great, go for it. Same goes for the flight home on the 9th.", "好的，改吧。回来的那趟也同样往后挪。", "Genial, adelante. Lo mismo para la vuelta."],
        "unclear",
      ),
    );
  });
});

describe("the request's own leg, a leg that stays, a past event: confirmed", () => {
  it("the return the request itself names, said back with 'too'", () => {
    check(
      rows(roundTrip, ["Yes, cancel it, the return flight as well.", "好的，取消吧，回程也取消。", "Sí, cancélela, el vuelo de vuelta también."], "confirmed"),
    );
  });
  it("a leg said to stay as it is", () => {
    check(
      rows(
        move,
        [
          "Yes, go ahead; the return flight stays as it is too.",
          "好的，改吧。回程照旧也可以。",
          "Sí, adelante; el vuelo de regreso también se queda como está.",
        ],
        "confirmed",
      ),
    );
  });
  it("a leg told as done already", () => {
    check(
      rows(
        cancel,
        [
          "Yes please cancel it. The return flight was cancelled too, last week.",
          "好的，取消吧。回程上周也已经取消了。",
          "Sí, anúlela. El vuelo de vuelta también se canceló la semana pasada.",
        ],
        "confirmed",
      ),
    );
  });
});
