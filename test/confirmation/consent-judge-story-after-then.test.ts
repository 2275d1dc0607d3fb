/**
 * "Then" in a story goes on with the story when a verb in the past follows it ("I booked it and then found out the event moved
 * online", "y luego me enteré de que…", "然后才发现…"): it was read as a next step the request did not put ("moved"). "Then" before
 * a command or a wish ("and then book me on the 12th", "y luego reserve…", "然后帮我订…") is still a next step. Hand-written rows.
 */
import { describe, it } from "vitest";
import { check, notConfirmed, rows, type Lang3 } from "./lang3-rows.js";

const cancel: Lang3 = [
  "I'll cancel reservation LW83NP (Denver to Boston, June 9) and refund $318 to your Mastercard ending 2207. Shall I proceed?",
  "我将取消预订 LW83NP（丹佛到波士顿，6月9日），并把 $318 退回尾号 2207 的万事达卡。要继续吗？",
  "Cancelaré la reserva LW83NP (Denver a Boston, 9 de junio) y reembolsaré $318 a su Mastercard terminada en 2207. ¿Procedo?",
];

describe("'then' and a verb in the past: the story goes on", () => {
  it("beside a yes: confirmed", () => {
    check([
      ...rows(
        cancel,
        [
          "Yes, cancel it. I booked it at night and then found out the event was moved online.",
          "好的，取消吧。我早就订好了，然后才发现活动在线上办。",
          "Sí, cancélela. Hice la reserva de noche y luego me enteré de que el evento sería virtual.",
        ],
        "confirmed",
      ),
      ...rows(
        cancel,
        [
          "Yes please. We planned the trip in spring, then learned the conference was postponed.",
          "好的，办吧。我们春天就计划好了，然后得知会议推迟了。",
          "Sí, por favor. Planeamos el viaje en primavera y después supimos que la conferencia se aplazó.",
        ],
        "confirmed",
      ),
    ]);
  });
});

describe("'then' before a command or a wish: a next step", () => {
  it("another action asked for after the yes: not confirmed", () => {
    notConfirmed(cancel, [
      "Yes, cancel it and then book me on the next flight.",
      "好的，取消吧，然后帮我订下一班航班。",
      "Sí, cancélela y luego resérveme el siguiente vuelo.",
    ]);
    notConfirmed(cancel, [
      "Yes, cancel it, then move my hotel booking too.",
      "好的，取消吧，然后把我的酒店也改一下。",
      "Sí, cancélela y después cambie también mi hotel.",
    ]);
    notConfirmed(cancel, [
      "Yes, cancel it and then proceed with a new booking.",
      "好的，取消吧，然后再订一个新的。",
      "Sí, cancélela y luego proceda con una nueva reserva.",
    ]);
  });
});
