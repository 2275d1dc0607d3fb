/**
 * The ways an agent may write an identifier, an amount or a name in prose, as regular expressions
 * (case-insensitive): whether a call's exact value appears in the agent's description. Dates,
 * cabins and counts are read by `extractDescribedValues` (src/confirmation/described-values.ts).
 */

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A token that is not part of a longer word or number. */
function token(body: string): RegExp {
  return new RegExp(`(?<![A-Za-z0-9_])${body}(?![A-Za-z0-9_])`, "i");
}

/** An identifier (reservation id, user id, flight number): the exact token. */
export function idForms(id: string): RegExp[] {
  return [token(escape(id))];
}

/** A money amount: `50`, `$50`, `50.00`, `1,250`. */
export function amountForms(amount: number): RegExp[] {
  if (!Number.isFinite(amount)) return [];
  const abs = Math.abs(amount);
  const whole = Number.isInteger(abs) ? String(abs) : abs.toFixed(2);
  const withCommas = Number.isInteger(abs) ? abs.toLocaleString("en-US") : abs.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const bodies = new Set([escape(whole), escape(withCommas)]);
  const forms: RegExp[] = [];
  for (const b of bodies) forms.push(new RegExp(`(?<![0-9.,])\\$?\\s?${b}(?:\\.00?)?(?![0-9]|[.,][0-9])`, "i"));
  return forms;
}

/** A person's name part (first or last name). */
export function nameForms(name: string): RegExp[] {
  return name.trim() === "" ? [] : [token(escape(name.trim()))];
}

export function anyMatches(forms: readonly RegExp[], text: string): boolean {
  return forms.some((f) => f.test(text));
}
