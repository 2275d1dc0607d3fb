/**
 * Bag counts given traveller by traveller (binding round 15, red-team batch 4 PB6–PB9 and batch 3 B1): "1 checked bag
 * for Mia and 2 for Noah", "Mia gets 2 checked bags and Noah 1", "2 maletas para Mia y 1 para Noah", "Mia 1件，Noah 2件"
 * describe their sum (the total, or the number added) — never one traveller's count: a write of 2 bags under
 * "1 for Mia and 2 for Noah" was confirmed because 2 was among the counts named.
 */
import { describe, expect, it } from "vitest";
import type { AuditedWrite } from "../../src/audit/replay.js";
import { bagSumsByTraveller } from "../../src/audit/domains/airline-bag-details.js";
import { agent, auditAirlineWrites as audit, user } from "./conversation-builder.js";
import { identifyMiaLi, miaLiBagsUpdate, MIA_LI, miaLiProfile, miaLiReservation as record } from "./mia-li-user.js";

const NOAH = { first_name: "Noah", last_name: "Li", dob: "1992-01-10" };
const twoPax = record("ABC123", { passengers: [MIA_LI, NOAH], total_baggages: 0 });
const read = () => identifyMiaLi(miaLiProfile(["ABC123"]), "Hi, I'm Mia Li, user id mia_li_3668.", twoPax);
const bags = (total: number) => miaLiBagsUpdate(total, { record: { passengers: [MIA_LI, NOAH] } });
const last = (ws: AuditedWrite[]) => ws[ws.length - 1]!;

const requests = [
  ["EN, count before the name", "For ABC123 I'll add 1 checked bag for Mia and 2 for Noah, free for gold. Shall I proceed?", "Yes, please proceed."],
  ["EN, name before the count", "For ABC123: Mia gets 2 checked bags and Noah 1, all free for gold. Shall I proceed?", "Yes, go ahead."],
  ["EN, a list by name", "Bags for ABC123 (free for gold):\nMia: 1 bag, Noah: 2 bags.\nShall I proceed?", "Yes."],
  ["ZH", "我将为预订ABC123添加行李：Mia 1件，Noah 2件，金卡会员免费。请确认是否办理？", "是的，请办理。"],
  ["ES", "Agregaré 2 maletas para Mia y 1 para Noah a la reserva ABC123, sin costo por su membresía oro. ¿Desea que proceda?", "Sí, adelante."],
  ["ES, name before the count", "Para la reserva ABC123: Mia lleva 1 maleta y Noah 2, sin costo. ¿Desea que proceda?", "Sí, proceda."],
] as const;

describe("bag counts given traveller by traveller", () => {
  it.each(requests)("%s: the sum (3) passes; one traveller's count (2 or 1) or another sum (4) is refused", async (_lang, ask, reply) => {
    const at = async (n: number) => last(await audit(read(), agent(ask), user(reply), bags(n)));
    const ok = await at(3);
    expect(ok.status, ok.evidence).toBe("confirmed");
    for (const n of [1, 2, 4]) {
      const w = await at(n);
      expect(w.status, `${n} bags: ${w.evidence}`).not.toBe("confirmed");
      expect(w.mismatches?.map((m) => m.field) ?? [], w.evidence).toContain("bags");
    }
  });

  it("reads a sum only when every traveller is counted, and not a name addressed before a count", () => {
    expect(bagSumsByTraveller("1 checked bag for Mia and 2 for Noah.", ["Mia", "Noah"])).toEqual([3]);
    expect(bagSumsByTraveller("2 checked bags for Mia.", ["Mia", "Noah"])).toEqual([]);
    expect(bagSumsByTraveller("Thanks Mia, 2 bags for Noah.", ["Mia", "Noah"])).toEqual([]);
    expect(bagSumsByTraveller("Passengers: Mia Li, Noah Li (DOB 1992-01-10), 2 bags.", ["Mia", "Noah"])).toEqual([]);
    expect(bagSumsByTraveller("1 bag for Mia.", ["Mia"])).toEqual([]);
  });
});
