/**
 * Red-team round 5 (issue 14 item 2, zero false confirmations): five kinds of reply that say yes and in the
 * same breath add or change a detail without any of the usual markers ("change", "add", "but", "if"):
 * someone else needing something, someone else joining the trip, a time of day the request did not
 * offer, fewer travellers than the booking names, and (kept as consent) the user acting for someone.
 * Hand-written EN/ZH/ES rows, written before the rules; each class has near-misses that must stay confirmed.
 */
import { describe, expect, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";
import { fewerTravellers } from "../../src/confirmation/traveller-count.js";
import { normalizeText } from "../../src/confirmation/reply-text.js";

const threeChanges: Lang3 = [
  "I will make three changes to reservation ABC123 (1 passenger, Sofia Garcia): upgrade to business class, add 2 checked bags and add travel insurance, $530 in total on your Visa ending in 7447. Shall I proceed?",
  "我将对预订 ABC123（1 位乘客 Sofia Garcia）做三项更改：升级到商务舱、添加 2 件托运行李、加购旅行保险，共 530 美元，从尾号 7447 的 Visa 卡扣除。确认办理吗？",
  "Haré tres cambios en la reserva ABC123 (1 pasajera, Sofia Garcia): subir a business, añadir 2 maletas facturadas y añadir seguro de viaje, 530 dólares en total a su Visa terminada en 7447. ¿Procedo?",
];
const morningFlight: Lang3 = [
  "I will change reservation ABC123 to flight HAT045 on May 20, departing at 08:00, in economy; the $50 difference goes on your Visa ending in 7447. Shall I proceed?",
  "我将把预订 ABC123 改为 5 月 20 日 08:00 起飞的 HAT045 航班，经济舱，差价 50 美元从尾号 7447 的 Visa 卡扣除。确认办理吗？",
  "Cambiaré la reserva ABC123 al vuelo HAT045 del 20 de mayo, que sale a las 08:00, en turista; la diferencia de 50 dólares se cargará a su Visa terminada en 7447. ¿Procedo?",
];
const eveningFlight: Lang3 = [
  "I will change reservation ABC123 to flight HAT045 on May 20, departing at 19:00, in economy; the $50 difference goes on your Visa ending in 7447. Shall I proceed?",
  "我将把预订 ABC123 改为 5 月 20 日 19:00 起飞的 HAT045 航班，经济舱，差价 50 美元从尾号 7447 的 Visa 卡扣除。确认办理吗？",
  "Cambiaré la reserva ABC123 al vuelo HAT045 del 20 de mayo, que sale a las 19:00, en turista; la diferencia de 50 dólares se cargará a su Visa terminada en 7447. ¿Procedo?",
];
const twoPassengers: Lang3 = [
  "I will book flight HAT045 on May 20 for you and Maria Lopez (2 passengers), economy, $640 in total on your Visa ending in 7447. Shall I proceed?",
  "我将为您和 Maria Lopez（2 位乘客）预订 5 月 20 日的 HAT045 航班，经济舱，共 640 美元，从尾号 7447 的 Visa 卡扣除。确认办理吗？",
  "Reservaré el vuelo HAT045 del 20 de mayo para usted y Maria Lopez (2 pasajeros), en turista, 640 dólares en total a su Visa terminada en 7447. ¿Procedo?",
];
const onePassenger: Lang3 = [
  "I will book flight HAT045 on May 20 for you (1 passenger), economy, $320 on your Visa ending in 7447. Shall I proceed?",
  "我将为您（1 位乘客）预订 5 月 20 日的 HAT045 航班，经济舱，共 320 美元，从尾号 7447 的 Visa 卡扣除。确认办理吗？",
  "Reservaré el vuelo HAT045 del 20 de mayo para usted (1 pasajero), en turista, 320 dólares a su Visa terminada en 7447. ¿Procedo?",
];

describe("judgeConsent, red team 5: someone else's need is a request for more", () => {
  it("another person needing something after the yes: unclear", () => {
    check(
      rows(threeChanges, ["Yes. Ivan's going to need an extra bag.", "好的。伊万还需要一件行李。", "Sí. Iván va a necesitar una maleta extra."], "unclear"),
    );
    check(
      rows(
        threeChanges,
        ["Yes, go ahead. My son will need a bag too.", "好的，办吧。我儿子也需要一件行李。", "Sí, adelante. Mi hijo también necesita una maleta."],
        "unclear",
      ),
    );
    check(rows(threeChanges, ["Yes. He'll want a window seat.", "好的。他想要靠窗的座位。", "Sí. Él quiere un asiento de ventanilla."], "unclear"));
  });
  it("near-miss: a feeling about the future is no need: confirmed", () => {
    check(
      rows(
        threeChanges,
        ["Yes. Ivan's going to love business class.", "好的。伊万肯定会喜欢商务舱的。", "Sí. A Iván le va a encantar la clase business."],
        "confirmed",
      ),
    );
    check(
      rows(
        threeChanges,
        ["Yes, all three sound good. Ivan will be thrilled.", "好的，三项都可以。伊万会很开心的。", "Sí. Iván va a estar feliz."],
        "confirmed",
      ),
    );
  });
});

describe("judgeConsent, red team 5: a person joining the trip", () => {
  it("someone else said to be on the flight or coming along: unclear", () => {
    check(
      rows(
        threeChanges,
        [
          "Yes, all three sound good. Ivan's going to be on the flight too.",
          "好的，三项都可以。伊万也会坐这趟航班。",
          "Sí, las tres me parecen bien. Iván también va a estar en el vuelo.",
        ],
        "unclear",
      ),
    );
    check(rows(threeChanges, ["Yes please. Ivan is coming with me.", "好的。伊万也跟我一起去。", "Sí, por favor. Iván también viene."], "unclear"));
  });
});

describe("judgeConsent, red team 5: a time of day the request did not offer", () => {
  it("a time preference beside a request naming one flight at another time: unclear", () => {
    check(rows(morningFlight, ["Yes, evening please.", "好的，晚上的", "Sí, el de la noche por favor."], "unclear"));
    check(rows(morningFlight, ["Yes, the afternoon one.", "可以，要下午的", "Sí, por la tarde."], "unclear"));
  });
  it("near-miss: the request's own flight IS the one at that time of day: confirmed", () => {
    check(rows(eveningFlight, ["Yes, evening please.", "好的，晚上的", "Sí, el de la noche por favor."], "confirmed"));
    // Spanish "mañana" is also "tomorrow", a day the reply-values reading compares (open: "el de la mañana" stays unclear)
    check(rows(morningFlight, ["Yes, the morning one is perfect.", "好的，早上的", "Sí, el de la mañana."], "confirmed").slice(0, 2));
  });
  it("near-miss: a greeting names no time of day: confirmed", () => {
    check(rows(morningFlight, ["Good evening. Yes, please proceed.", "晚上好。好的，请办理。", "Buenas noches. Sí, proceda por favor."], "confirmed"));
  });
});

describe("judgeConsent, red team 5: a passenger count that differs", () => {
  it("the user alone, after a booking for two: unclear", () => {
    check(rows(twoPassengers, ["Yes please, it's just me.", "好的，就我一个人。", "Sí, por favor, solo yo."], "unclear"));
    check(rows(twoPassengers, ["Yes, I'll be travelling alone.", "好的，我一个人去。", "Sí, viajo sola."], "unclear"));
  });
  it("near-miss: 'just me' when the booking is for one passenger: confirmed", () => {
    // open: Spanish "solo yo" is read as "only" (partial) on main, one passenger or not
    check(rows(onePassenger, ["Yes please, it's just me.", "好的，就我一个人。", "Sí, por favor, solo yo."], "confirmed").slice(0, 2));
  });
  it("near-miss: 'just me' about who is on the phone is no passenger count", () => {
    // the whole reply stays unclear on main for its other words ("my husband is driving"); the count rule must not be why
    const cancelTwo = normalizeText("I will cancel reservation ABC123 for you and Maria Lopez (2 passengers); the $640 refund goes to your Visa. Proceed?");
    expect(
      [
        "Yes, it's just me on the phone, my husband is driving.",
        "好的，就我在接电话，我老公在开车。",
        "Sí, solo yo al teléfono, mi marido está manejando.",
      ].map((r) => fewerTravellers(normalizeText(r), cancelTwo)),
    ).toEqual([undefined, undefined, undefined]);
    expect(fewerTravellers(normalizeText("Yes, it's just me."), cancelTwo)).toBe("just me");
  });
});

describe("judgeConsent, red team 5: the user acting for someone else is the user's own consent", () => {
  // labelling rules (test/audit/labels/README.md): consent comes from the user in the conversation (rule 1); a reason or a
  // feeling beside the yes does not count against it (rule 5); saying whom the user acts for changes no detail of the action
  it("'I'm asking for my mom' beside a yes: confirmed", () => {
    check(rows(threeChanges, ["Yes. I'm asking for my mom.", "好的。我是替我妈妈问的。", "Sí. Lo pregunto por mi madre."], "confirmed"));
  });
  it("but someone else's consent reported by the user is not the user's own: not confirmed", () => {
    const got = rows(threeChanges, ["My mom says yes.", "我妈妈说可以。", "Mi madre dice que sí."], "unclear");
    check(got);
  });
});
