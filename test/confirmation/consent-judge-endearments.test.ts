/**
 * A term of endearment to the agent beside a yes ("Yes, dear, please go ahead", "好的亲，办理吧", "Sí, cariño, adelante") is small
 * talk: it names nothing of the action (PLEASANTRY, and no content word). Beside a changed count, an added traveller or a third
 * party's word it changes nothing of those readings. Hand-written rows (EN, ZH, ES), none taken from a corpus.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const bags: Lang3 = [
  "Reservation P2QX7D (ORD → LAS, 2024-05-17, economy, 1 passenger): checked bags from 1 to 3 total, $50 charged to your credit card ending 6631. Would you like me to proceed?",
  "预订 P2QX7D（芝加哥飞拉斯维加斯，5 月 17 日，经济舱，1 位乘客）：托运行李由 1 件增加到 3 件，50 美元从尾号 6631 的信用卡扣除。要我办理吗？",
  "Reserva P2QX7D (ORD a LAS, 17 de mayo, económica, 1 pasajero): maletas facturadas de 1 a 3, 50 dólares a su tarjeta terminada en 6631. ¿Desea que proceda?",
];

describe("judgeConsent: a term of endearment beside a yes", () => {
  it("small talk beside the yes: confirmed", () => {
    check(rows(bags, ["Yes, dear, please go ahead.", "好的亲，办理吧。", "Sí, cariño, adelante."], "confirmed"));
    check(
      rows(
        bags,
        ["Three bags in total, fifty dollars on my card ending 6631. Yes, dear, please go ahead.", "亲，好的，加吧。", "Sí mija, proceda, gracias."],
        "confirmed",
      ),
    );
  });
  it("beside a changed count, an added traveller or someone else's word: not confirmed", () => {
    check(rows(bags, ["Yes dear, but make it 4 bags.", "好的亲，不过改成4件。", "Sí, cariño, pero que sean 4 maletas."], "unclear"));
    check(
      rows(bags, ["Yes dear, and add one for my grandson too.", "好的亲，也给我孙子加一件。", "Sí, cariño, y añada una para mi nieto también."], "unclear"),
    );
  });
});
