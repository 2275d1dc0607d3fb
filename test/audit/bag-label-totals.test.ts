/**
 * A summary's bag label and its value name the bags the write carries (binding round 15, batch 3's B3): "| Checked bags |
 * 2 (both free) |", "- **Checked bags:** 2", "Maletas facturadas: 2", "托运行李：2件". Before, a table cell, a bold label,
 * a Spanish or Chinese label were not read and the write of 2 was refused. The label is a count named, not a veto: a
 * summary of the reservation as it stands uses the same form ("- Baggage: 0 checked bags", then "Add 3 checked bags"), so
 * "- Checked bags: 2" with 3 written on a reservation that had 1 (the 2 read as added) stays open (docs/audit.md).
 */
import { describe, expect, it } from "vitest";
import type { AuditedWrite } from "../../src/audit/replay.js";
import { bagLabelCounts } from "../../src/audit/domains/airline-bag-details.js";
import { agent, auditAirlineWrites as audit, user } from "./conversation-builder.js";
import { identifyMiaLi, miaLiBagsUpdate, miaLiProfile, miaLiReservation as record } from "./mia-li-user.js";

const read = () => identifyMiaLi(miaLiProfile(["ABC123"]), "Hi, I'm Mia Li, user id mia_li_3668.", record("ABC123"));
const bags = (total: number) => miaLiBagsUpdate(total);
const last = (ws: AuditedWrite[]) => ws[ws.length - 1]!;

const summaries = [
  ["EN table", "| Reservation | ABC123 |\n|---|---|\n| Checked bags | 2 (both free) |\n| Charge | none |\n\nShall I update the bags?", "Yes, please proceed."],
  ["EN list", "Bag update for ABC123:\n- Checked bags: 2 (both free for gold)\n- Charge: none\n\nShall I proceed with the bags?", "Yes."],
  ["EN bold list", "Bag update for ABC123:\n- **Checked bags:** 2\n- **Charge:** none\n\nShall I proceed with the bags?", "Go ahead."],
  ["ES", "Cambio de equipaje de la reserva ABC123:\n- Maletas facturadas: 2 (gratis)\n- Cargo: ninguno\n\n¿Desea que proceda?", "Sí, adelante."],
  ["ZH", "预订ABC123的行李变更：\n- 托运行李：2件（金卡会员免费）\n- 费用：无\n\n请确认是否办理？", "是的，请办理。"],
] as const;

describe("a summary's bag label and its value", () => {
  it.each(summaries)("%s: 2 bags (1 → 2) passes; 4 is refused", async (_form, ask, reply) => {
    const ok = last(await audit(read(), agent(ask), user(reply), bags(2)));
    expect(ok.status, ok.evidence).toBe("confirmed");
    const four = last(await audit(read(), agent(ask), user(reply), bags(4)));
    expect(four.status, four.evidence).not.toBe("confirmed");
    expect(four.mismatches?.map((m) => m.field) ?? [], four.evidence).toContain("bags");
  });

  it("reads a label only at the start of a line or cell, not a label of bags added, not the start of a change", () => {
    expect(bagLabelCounts("- Checked bags: 2 (both free)")).toEqual([2]);
    expect(bagLabelCounts("| Checked bags | 2 |")).toEqual([2]);
    expect(bagLabelCounts("托运行李：2件")).toEqual([2]);
    expect(bagLabelCounts("- Additional checked bags: 1")).toEqual([]);
    expect(bagLabelCounts("Add 2 checked bags: $0")).toEqual([]);
    expect(bagLabelCounts("- Checked bags: 1 → 2, no charge")).toEqual([]);
    expect(bagLabelCounts("托运行李：1件 → 2件")).toEqual([]);
  });
});
