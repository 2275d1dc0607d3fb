/**
 * Issue 14, item 2 and labels README rule 1: a reply to a which-question picks an item; only for a
 * cancellation (the item is its one detail) does naming the action and the item consent to it. Classes
 * of false confirmation found by new real replies from other people's runs (real-replies-5, kept outside
 * the repository, measured before this change), each closed in general terms with hand-written EN/ZH/ES
 * rows, none a corpus string:
 *
 * - "Could you confirm which reservation you'd like to modify?" was read as a yes-or-no question ("could
 *   you confirm"), so "Sure, I want to change DF89BM" counted as a go-ahead;
 * - a which-question after a short lead-in ("Also, for the cancellations, what are the reasons?") was read
 *   as a yes-or-no question, so naming items for a cancellation and an upgrade counted as consent to both;
 * - "…and I can proceed with finding the cheapest option" was read as acting on the answer;
 * - "Could you proceed with M05KNL?" after a bare "which one?" picks the item; it agrees to no action.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const confirmWhichModify: Lang3 = [
  "I found three reservations under your profile: HB72KD, PL04SX and TT9Q2M. Could you please confirm which reservation you would like to modify?",
  "您名下有三个预订：HB72KD、PL04SX 和 TT9Q2M。请您确认一下要修改哪个预订？",
  "Encontré tres reservas en su perfil: HB72KD, PL04SX y TT9Q2M. ¿Podría confirmarme cuál reserva desea modificar?",
];
const confirmWhichCancel: Lang3 = [
  "I found three reservations under your profile: HB72KD, PL04SX and TT9Q2M. Could you please confirm which reservation you would like to cancel?",
  "您名下有三个预订：HB72KD、PL04SX 和 TT9Q2M。请您确认一下要取消哪个预订？",
  "Encontré tres reservas en su perfil: HB72KD, PL04SX y TT9Q2M. ¿Podría confirmarme cuál reserva desea cancelar?",
];
const cancelAndUpgrade: Lang3 = [
  "You have three reservations: HB72KD, PL04SX and TT9Q2M. Which one would you like to cancel? And which one would you like to upgrade to business? Also, for the cancellation, what is the reason?",
  "您有三个预订：HB72KD、PL04SX 和 TT9Q2M。您想取消哪一个？想把哪一个升级到商务舱？另外，取消的原因是什么？",
  "Tiene tres reservas: HB72KD, PL04SX y TT9Q2M. ¿Cuál desea cancelar? ¿Y cuál desea subir a business? Además, para la cancelación, ¿cuál es el motivo?",
];
const cancelWithReason: Lang3 = [
  "You have three reservations: HB72KD, PL04SX and TT9Q2M. Which one would you like to cancel? Also, for the cancellation, what is the reason?",
  "您有三个预订：HB72KD、PL04SX 和 TT9Q2M。您想取消哪一个？另外，取消的原因是什么？",
  "Tiene tres reservas: HB72KD, PL04SX y TT9Q2M. ¿Cuál desea cancelar? Además, para la cancelación, ¿cuál es el motivo?",
];
const thenSearch: Lang3 = [
  "Could you let me know which reservation you would like to change?\n1. HB72KD\n2. PL04SX\nOnce you confirm it, I can proceed with finding the cheapest economy option a day later.",
  "请告诉我您想修改哪个预订？\n1. HB72KD\n2. PL04SX\n您确认后，我再帮您查找晚一天最便宜的经济舱。",
  "¿Podría indicarme qué reserva desea cambiar?\n1. HB72KD\n2. PL04SX\nUna vez que lo confirme, buscaré la opción económica más barata un día después.",
];
const whichModify: Lang3 = [
  "I found two reservations under your profile. Please let me know which reservation you would like to modify:\n1. HB72KD\n2. PL04SX",
  "您名下有两个预订。请告诉我您想修改哪一个：\n1. HB72KD\n2. PL04SX",
  "Encontré dos reservas en su perfil. Indíqueme qué reserva desea modificar:\n1. HB72KD\n2. PL04SX",
];

describe("which-questions: a pick is not a go-ahead", () => {
  it("picking an item to modify, to upgrade or to search for: unclear", () => {
    check([
      ...rows(
        confirmWhichModify,
        ["Sure, I want to change the reservation PL04SX.", "好的，我要修改 PL04SX。", "Claro, quiero cambiar la reserva PL04SX."],
        "unclear",
      ),
      ...rows(
        cancelAndUpgrade,
        [
          "I'd like to cancel HB72KD and upgrade TT9Q2M to business. My plans changed.",
          "我要取消 HB72KD，把 TT9Q2M 升级到商务舱。原因是计划有变。",
          "Quiero cancelar HB72KD y subir TT9Q2M a business. Cambié de planes.",
        ],
        "unclear",
      ),
      ...rows(
        thenSearch,
        ["I want to change the flight on reservation HB72KD.", "我要修改 HB72KD 的航班。", "Quiero cambiar el vuelo de la reserva HB72KD."],
        "unclear",
      ),
      ...rows(
        whichModify,
        ["Could you please proceed with HB72KD? I need to change it.", "请处理 HB72KD 吧，我需要改一下。", "¿Podría proceder con HB72KD? Necesito cambiarla."],
        "unclear",
      ),
    ]);
  });

  it("naming the cancellation and the item after a bare which-question: confirmed (rule 1)", () => {
    check([
      ...rows(confirmWhichCancel, ["I'd like to cancel PL04SX, please.", "我要取消 PL04SX。", "Quiero cancelar la reserva PL04SX, por favor."], "confirmed"),
      ...rows(
        cancelWithReason,
        ["I'd like to cancel HB72KD. My plans changed.", "我要取消 HB72KD，原因是计划有变。", "Quiero cancelar HB72KD. Cambié de planes."],
        "confirmed",
      ),
    ]);
  });
});
