/**
 * A yes with the user's story about their own plans: "I need to be in Seattle by Friday afternoon for
 * my sister's wedding", "my meeting in Chicago moved to Tuesday morning". Its places and times are the
 * user's life, not details of the action (issue 14 item 2: reasons do not count against a yes).
 * Hand-written rows (EN, ZH, ES), with the near-misses that must stay unclear: a story that names the
 * booking, a date, money, a condition, a negation, a question, "instead", or a request to the agent;
 * a story with no yes. Also the other two kinds of yes the held-out misses were expected in: thanks
 * naming a noun, and the requested verb as an imperative ("Sí, haga el cambio").
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const change: Lang3 = [
  "I will change reservation ABC123 to flight HAT045 on May 20 in economy; the $50 difference goes on your Visa ending in 7447. Shall I proceed?",
  "我将把预订 ABC123 改为 5 月 20 日的 HAT045 航班，经济舱，差价 50 美元从尾号 7447 的 Visa 卡扣除。确认办理吗？",
  "Cambiaré la reserva ABC123 al vuelo HAT045 del 20 de mayo en turista; la diferencia de 50 dólares se cargará a su Visa terminada en 7447. ¿Procedo?",
];
const cancel: Lang3 = [
  "I will cancel reservation ABC123 (JFK to SEA on May 20); the $320 refund goes back to your original card. Do you want me to proceed?",
  "我将取消预订 ABC123（5 月 20 日纽约飞西雅图），320 美元退回原支付卡。要我办理吗？",
  "Cancelaré la reserva ABC123 (JFK a SEA el 20 de mayo); el reembolso de 320 dólares vuelve a su tarjeta original. ¿Procedo?",
];

describe("judgeConsent: a yes with the user's story about their own plans", () => {
  it("the story names places, times and events of the user's life: confirmed", () => {
    check(
      rows(
        change,
        [
          "Yes, please go ahead. I need to be in Seattle by Friday afternoon for my sister's wedding.",
          "好的，请办理。我周五下午要到西雅图参加妹妹的婚礼。",
          "Sí, adelante. Tengo que estar en Seattle el viernes por la tarde para la boda de mi hermana.",
        ],
        "confirmed",
      ),
    );
    check(
      rows(
        change,
        [
          "Yes, do it. My meeting in Chicago moved to Tuesday morning, so this works much better.",
          "可以，办理吧。我的会议改到周二上午了。",
          "Sí, hágalo. Mi reunión en Chicago se movió al martes por la mañana.",
        ],
        "confirmed",
      ),
    );
    check(
      rows(
        cancel,
        [
          "Yes, please cancel it. We're visiting my parents in Denver that week.",
          "好的，取消吧。我们得赶去丹佛看望父母。",
          "Sí, cancélela. Tenemos que estar en Denver con mis padres esa semana.",
        ],
        "confirmed",
      ),
    );
  });
  it("a story that names the booking, a date, a negation, a condition or asks for something: unclear", () => {
    check(
      rows(
        change,
        [
          "Yes, go ahead. I need to be on the Friday flight though.",
          "好的。我周五要到西雅图参加婚礼，请改成周五的航班。",
          "Sí. Tengo que estar en Seattle el viernes, así que cambie al vuelo del viernes.",
        ],
        "unclear",
      ),
    );
    check(
      rows(
        change,
        [
          "Yes, go ahead. I need to be in Seattle by May 19 for a wedding.",
          "好的，请办理。我 5 月 19 日要到西雅图参加婚礼。",
          "Sí, adelante. Tengo que estar en Seattle el 19 de mayo para una boda.",
        ],
        "unclear",
      ),
    );
    check(
      rows(
        change,
        [
          "Yes, go ahead. I need to be in Seattle by Friday, not Saturday.",
          "好的，请办理。我周五要到西雅图开会，不能晚。",
          "Sí, adelante. Tengo que estar en Seattle el viernes, no el sábado.",
        ],
        "unclear",
      ),
    );
    check(
      rows(
        change,
        [
          "Yes. My meeting moved to Tuesday, can you check an earlier option too?",
          "好的。我的会议改到周二了，能不能也查一下更早的？",
          "Sí. Mi reunión se movió al martes, ¿puede buscar otra opción también?",
        ],
        "unclear",
      ),
    );
    check(
      rows(
        change,
        [
          "Yes, but I need to be in Seattle by Friday afternoon if that works.",
          "好的，如果我周五下午能到西雅图参加婚礼的话。",
          "Sí, si tengo que estar en Seattle el viernes por la tarde.",
        ],
        "unclear",
      ),
    );
  });
  it("a story without a yes: not a confirmation", () => {
    check(
      rows(
        change,
        [
          "I need to be in Seattle by Friday afternoon for my sister's wedding.",
          "我周五下午要到西雅图参加妹妹的婚礼。",
          "Tengo que estar en Seattle el viernes por la tarde para la boda de mi hermana.",
        ],
        "unclear",
      ),
    );
  });
});

describe("judgeConsent: thanks naming a noun, the requested verb as an imperative", () => {
  it("a yes with thanks for something the agent did, or the request's own verb as a command: confirmed", () => {
    check(
      rows(
        change,
        [
          "Yes please. Thanks for finding the earlier flight!",
          "好的，改吧。谢谢你帮我找到更早的航班！",
          "Sí, adelante. Gracias por encontrar el vuelo más temprano.",
        ],
        "confirmed",
      ),
    );
    check(rows(change, ["Yes, make the change.", "好的，请改。", "Sí, haga el cambio."], "confirmed"));
    check(rows(change, ["Yes, change the flight, please.", "可以，改航班吧。", "Sí, cambie el vuelo, por favor."], "confirmed"));
  });
  it("the same with a detail, a condition or another request: unclear", () => {
    check(
      rows(
        change,
        [
          "Thanks for finding the earlier flight, but I want the later one.",
          "谢谢你找到更早的航班，不过我要晚一点的。",
          "Gracias por encontrar el vuelo, pero quiero el más tarde.",
        ],
        "unclear",
      ),
    );
    check(rows(change, ["Yes, make the change to HAT300.", "好的，改到 HAT300。", "Sí, haga el cambio al vuelo HAT300."], "unclear"));
    check(rows(change, ["Yes, change the flight and add a bag.", "可以，改航班，再加一件行李。", "Sí, cambie el vuelo y añada una maleta."], "unclear"));
  });
});
