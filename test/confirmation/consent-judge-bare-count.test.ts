/**
 * Issue 14, item 2 ("changes a detail") and item 3 (the count the user was shown): a number word the reply gives as a
 * quantity verb's object with its noun left out ("add three", "añada tres") or to someone ("and one for me", "y una para
 * mí") is a count (reply-values.ts); one the request did not put is not a yes to it. Found by the lead's red-team
 * probes 11d (kept outside the repository): "Yes, add three." and "…and one for me." after "add 2 checked bags" were
 * confirmed on `main` at 5d3f5a7. Hand-written EN/ZH/ES rows, none a probe string.
 */
import { describe, expect, it } from "vitest";
import { namedValues } from "../../src/confirmation/reply-values.js";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const bags: Lang3 = [
  "I'll add 2 checked bags to reservation YT62RA for passenger Lena Ortiz, $70 in total charged to your Mastercard ending 5512. Shall I proceed?",
  "我将为预订 YT62RA 的乘客 Lena Ortiz 添加 2 件托运行李，共 $70，从尾号 5512 的 Mastercard 扣款。是否继续？",
  "Voy a añadir 2 maletas facturadas a la reserva YT62RA de la pasajera Lena Ortiz, 70 $ en total a su Mastercard terminada en 5512. ¿Procedo?",
];

describe("a count said without its noun", () => {
  it("reads the number word a quantity verb takes, or one given to someone, as a count", () => {
    expect(namedValues("sure, get four please.").map((v) => v.key)).toContain("n:4");
    expect(namedValues("ok, plus two for my kids.").map((v) => v.key)).toContain("n:2");
    expect(namedValues("vale, ponga cinco.").map((v) => v.key)).toContain("n:5");
    // (not a number word that is no count: "one of the best", "two-way")
    expect(namedValues("this is one of the best trips.").map((v) => v.key)).not.toContain("n:1");
  });
  it("a count the request did not put: unclear", () => {
    check([
      ...rows(bags, ["Sure, get four please.", "好的，加四件吧。", "Vale, ponga cuatro."], "unclear"),
      ...rows(bags, ["Yes, and two more for my kids.", "好的，再给我孩子加两件。", "Sí, y dos más para mis hijos."], "unclear"),
    ]);
  });
  it("the count the request put, said back without its noun: confirmed", () => {
    check(rows(bags, ["Yes, add two, thanks.", "好的，加两件，谢谢。", "Sí, añada dos, gracias."], "confirmed"));
  });
});
