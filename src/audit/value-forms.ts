/**
 * The ways an agent may write a value in prose, as regular expressions (case-insensitive).
 * Used to decide whether an action's details appear in the agent's description.
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

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** `2024-05-24`: ISO, `May 24`, `May 24th`, `24 May`, `Mon 24`, `5/24`, `05/24`. */
export function dateForms(iso: string): RegExp[] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return idForms(iso);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const name = MONTHS[month - 1];
  const forms = [token(escape(iso))];
  if (name) {
    const mon = `(?:${name}|${name.slice(0, 3)}\\.?)`;
    const d = `0?${day}(?:st|nd|rd|th)?`;
    forms.push(token(`${mon}\\s+${d}`), token(`${d}(?:\\s+of)?\\s+${mon}`));
  }
  forms.push(token(`0?${month}/0?${day}`));
  return forms;
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

const NUMBER_WORDS = ["zero", "one|a single", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/** A small count: `3` or `three`. */
export function countForms(n: number): RegExp[] {
  const forms = [token(String(n))];
  const word = NUMBER_WORDS[n];
  if (word !== undefined) forms.push(token(`(?:${word})`));
  return forms;
}

/** A person's name part (first or last name). */
export function nameForms(name: string): RegExp[] {
  return name.trim() === "" ? [] : [token(escape(name.trim()))];
}

/** A cabin: `basic_economy` as `basic economy` too. */
export function cabinForms(cabin: string): RegExp[] {
  const spaced = cabin.replace(/_/g, "[ _-]");
  // "economy" must not be read inside "basic economy"
  return [token(cabin === "economy" ? "(?<!basic[ _-])economy" : spaced)];
}

export function anyMatches(forms: readonly RegExp[], text: string): boolean {
  return forms.some((f) => f.test(text));
}
