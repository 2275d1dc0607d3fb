import type { ActionDetail, AuditDomain } from "../audit-domain.js";
import type { RecordedToolCall } from "../recorded-run.js";
import { amountForms, anyMatches, cabinForms, countForms, dateForms, idForms, nameForms } from "../value-forms.js";
import { airlineProtocol } from "../../domains/airline/protocol.js";
import { AIRLINE_TOOL_NAMES, AIRLINE_WRITE_TOOLS } from "../../domains/airline/tool-specs.js";

interface PaymentMethod {
  readonly id: string;
  readonly source: string;
  readonly lastFour?: string;
  readonly amount?: number;
}

interface Reservation {
  readonly cabin?: string;
  readonly flights: readonly { flight_number: string; date: string }[];
  readonly passengers: readonly { first_name: string; last_name: string; dob: string }[];
  readonly paymentIds: readonly string[];
  readonly nonfreeBaggages?: number;
  readonly totalBaggages?: number;
}

/** What earlier tool results told: the user's payment methods, reservations as last seen. */
export interface AirlineKnowledge {
  readonly payments: Map<string, PaymentMethod>;
  readonly reservations: Map<string, Reservation>;
  /** Every reservation id seen in a profile or a reservation. */
  readonly reservationIds: Set<string>;
}

const ACTION_WORDS: Readonly<Record<string, RegExp>> = {
  // "reservation" alone names every action; a booking is "book", "purchase" or a "new reservation"
  book_reservation: /\b(book|purchas|new reservation|reserve\b)/i,
  cancel_reservation: /\bcancel/i,
  update_reservation_flights: /\b(chang|modif|updat|upgrad|downgrad|switch|rebook|flight|cabin)/i,
  update_reservation_baggages: /\b(bag|luggage|suitcase)/i,
  update_reservation_passengers: /\b(passenger|name|date of birth|dob|updat|chang|correct)/i,
  send_certificate: /\b(certificate|voucher|compensat)/i,
};

const KIND_WORDS: Readonly<Record<string, RegExp>> = {
  credit_card: /\b(credit[ _-]?card|card|visa|mastercard|amex|american express|discover)\b/i,
  gift_card: /\bgift[ _-]?card/i,
  certificate: /\bcertificate/i,
};

function str(v: unknown): string | undefined {
  return typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined;
}
function num(v: unknown): number | undefined {
  return typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : undefined;
}
function arr(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => x !== null && typeof x === "object") : [];
}
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function detail(label: string, test: (text: string) => boolean, scope: ActionDetail["scope"] = "change"): ActionDetail {
  return { label, scope, test };
}
function formsDetail(label: string, forms: readonly RegExp[], scope: ActionDetail["scope"] = "change"): ActionDetail {
  return detail(label, (t) => anyMatches(forms, t), scope);
}

function paymentDetail(id: string, k: AirlineKnowledge, reservationId: string | undefined): ActionDetail {
  const method = k.payments.get(id);
  const source = method?.source ?? /^([a-z_]+?)_\d+$/.exec(id)?.[1];
  const forms = [...idForms(id)];
  const digits = /(\d{4,})$/.exec(id)?.[1];
  if (digits) forms.push(...idForms(digits));
  if (method?.lastFour) forms.push(...idForms(method.lastFour));
  const kind = source ? KIND_WORDS[source] : undefined;
  const sameKind = [...k.payments.values()].filter((p) => p.source === source).length;
  const original = reservationId !== undefined && (k.reservations.get(reservationId)?.paymentIds.includes(id) ?? false);
  return detail(`payment ${id}`, (t) => {
    if (anyMatches(forms, t)) return true;
    // "your gift card" names it when the user has only one of that kind
    if (kind && sameKind === 1 && kind.test(t)) return true;
    // "your $250 certificate" names it by its balance
    if (kind && method?.amount !== undefined && kind.test(t) && anyMatches(amountForms(method.amount), t)) return true;
    // a refund or charge "to the original payment method" names the reservation's own method
    return original && /\boriginal (form of )?payment/i.test(t);
  });
}

/**
 * How a total is split over several payment methods: every amount is mentioned, or the total and
 * all amounts but one (the rest is then determined: "$39 from the small gift card, the rest of $106 from the other").
 */
function splitPaymentDetail(amounts: readonly number[]): ActionDetail {
  const total = amounts.reduce((s, x) => s + x, 0);
  return detail(`payment split ${amounts.join(" + ")}`, (t) => {
    const missing = amounts.filter((x) => !anyMatches(amountForms(x), t)).length;
    return missing === 0 || (missing === 1 && anyMatches(amountForms(total), t));
  });
}

function flightDetails(flights: readonly Record<string, unknown>[], keep: (f: { flight_number: string; date: string }) => boolean): ActionDetail[] {
  const out: ActionDetail[] = [];
  for (const f of flights) {
    const n = str(f["flight_number"]);
    const d = str(f["date"]);
    if (n === undefined || d === undefined || !keep({ flight_number: n, date: d })) continue;
    out.push(formsDetail(`flight ${n}`, idForms(n)), formsDetail(`date ${d}`, dateForms(d)));
  }
  return out;
}

function passengerDetails(passengers: readonly Record<string, unknown>[], withDob: boolean): ActionDetail[] {
  const out: ActionDetail[] = [];
  for (const p of passengers) {
    const first = str(p["first_name"]);
    const last = str(p["last_name"]);
    if (first) out.push(formsDetail(`passenger first name ${first}`, nameForms(first)));
    if (last) out.push(formsDetail(`passenger last name ${last}`, nameForms(last)));
    const dob = str(p["dob"]);
    if (withDob && dob) out.push(formsDetail(`date of birth ${dob}`, dateForms(dob)));
  }
  return out;
}

function readReservation(v: unknown): [string, Reservation] | undefined {
  if (v === null || typeof v !== "object") return undefined;
  const r = v as Record<string, unknown>;
  const id = str(r["reservation_id"]);
  if (!id) return undefined;
  return [
    id,
    {
      cabin: str(r["cabin"]),
      flights: arr(r["flights"]).flatMap((f) => {
        const n = str(f["flight_number"]);
        const d = str(f["date"]);
        return n && d ? [{ flight_number: n, date: d }] : [];
      }),
      passengers: arr(r["passengers"]).map((p) => ({ first_name: str(p["first_name"]) ?? "", last_name: str(p["last_name"]) ?? "", dob: str(p["dob"]) ?? "" })),
      paymentIds: arr(r["payment_history"]).flatMap((p) => (str(p["payment_id"]) ? [str(p["payment_id"])!] : [])),
      nonfreeBaggages: num(r["nonfree_baggages"]),
      totalBaggages: num(r["total_baggages"]),
    },
  ];
}

/**
 * The airline domain as the auditor sees it. Which details must have been described, per tool
 * (for updates the reservation id is a `subject` detail: named in the request, or earlier in the
 * conversation when the request names no other reservation; everything else is a `change` detail,
 * see `ActionDetail`):
 * - `cancel_reservation`: the reservation id.
 * - `update_reservation_flights`: the reservation id; every flight number and date that is new to
 *   the reservation (all of them if the reservation was never read); the cabin when it changes; the
 *   payment method.
 * - `update_reservation_baggages`: the reservation id; the new total number of bags; the payment
 *   method when new non-free bags are charged.
 * - `update_reservation_passengers`: the reservation id; the names (and birth dates) of passengers that change.
 * - `book_reservation`: every flight number and date, the cabin, every passenger's name, every
 *   payment method and, when several pay, each amount (or the total and all amounts but one); the
 *   number of bags when there are any; insurance when bought.
 * - `send_certificate`: the amount.
 * A payment method counts as described by its id, its number, a credit card's last four digits, its
 * kind ("your gift card") when the user has only one of that kind, its kind and balance, or as "the
 * original payment method" when the reservation was paid with it. Dates count in ISO form or as
 * "May 24"/"24 May"/"5/24"; amounts with or without "$" and thousands separators.
 */
export const airlineAuditDomain: AuditDomain<AirlineKnowledge> = {
  name: "airline",
  writeTools: new Set<string>(AIRLINE_WRITE_TOOLS),
  // tau-bench v1's airline domain also has `think`
  knownTools: new Set<string>([...AIRLINE_TOOL_NAMES, "think"]),
  // tools the retail domain has too: they do not tell an airline run from a retail one
  genericTools: new Set<string>(["think", "calculate", "transfer_to_human_agents", "get_user_details"]),
  protocol: airlineProtocol,
  actionWords(tool) {
    return ACTION_WORDS[tool] ?? new RegExp(`\\b${tool.split("_")[0] ?? tool}`, "i");
  },
  adaptResult(call, value) {
    // tau-bench v1's get_user_details result has no user_id: it is the id the call asked for. A record
    // without payment methods or reservations (other versions) still identifies the user, with none of them.
    if (call.name !== "get_user_details" || value === null || typeof value !== "object" || Array.isArray(value)) return value;
    const user = value as Record<string, unknown>;
    const asked = str(call.arguments["user_id"]);
    const userId = typeof user["user_id"] === "string" ? user["user_id"] : asked;
    if (userId === undefined) return value;
    const methods = user["payment_methods"];
    return {
      ...user,
      user_id: userId,
      payment_methods: methods !== null && typeof methods === "object" && !Array.isArray(methods) ? methods : {},
      reservations: Array.isArray(user["reservations"]) ? user["reservations"] : [],
    };
  },
  initialKnowledge() {
    return { payments: new Map(), reservations: new Map(), reservationIds: new Set() };
  },
  observe(k, call) {
    if (!call.result || call.result.error) return;
    const data = parseJson(call.result.content);
    if (data === undefined || data === null || typeof data !== "object") return;
    const rec = data as Record<string, unknown>;
    const methods = rec["payment_methods"];
    if (methods && typeof methods === "object" && !Array.isArray(methods)) {
      for (const [id, raw] of Object.entries(methods as Record<string, unknown>)) {
        if (!raw || typeof raw !== "object") continue;
        const m = raw as Record<string, unknown>;
        k.payments.set(id, { id, source: str(m["source"]) ?? "unknown", lastFour: str(m["last_four"]), amount: num(m["amount"]) });
      }
    }
    const res = readReservation(data);
    if (res) {
      k.reservations.set(res[0], res[1]);
      k.reservationIds.add(res[0]);
    }
    const listed = rec["reservations"];
    if (Array.isArray(listed)) for (const id of listed) if (typeof id === "string") k.reservationIds.add(id);
  },
  details(call, k) {
    const a = call.arguments;
    const out: ActionDetail[] = [];
    const reservationId = str(a["reservation_id"]);
    const old = reservationId ? k.reservations.get(reservationId) : undefined;
    // the reservation a cancellation removes is what the user must hear; for updates it is the context
    if (reservationId) {
      const others = [...k.reservationIds].filter((id) => id !== reservationId).map((id) => idForms(id)[0]!);
      out.push({
        ...formsDetail(`reservation ${reservationId}`, idForms(reservationId), call.name === "cancel_reservation" ? "change" : "subject"),
        namesOther: (t: string) => others.some((re) => re.test(t)),
        primary: true,
      });
    }
    switch (call.name) {
      case "cancel_reservation":
        break;
      case "update_reservation_flights": {
        const had = new Set((old?.flights ?? []).map((f) => `${f.flight_number}@${f.date}`));
        out.push(...flightDetails(arr(a["flights"]), (f) => !had.has(`${f.flight_number}@${f.date}`)));
        const cabin = str(a["cabin"]);
        if (cabin && (old?.cabin === undefined || old.cabin !== cabin)) out.push(formsDetail(`cabin ${cabin}`, cabinForms(cabin)));
        const pay = str(a["payment_id"]);
        if (pay) out.push(paymentDetail(pay, k, reservationId));
        break;
      }
      case "update_reservation_baggages": {
        const total = num(a["total_baggages"]);
        if (total !== undefined) out.push(formsDetail(`${total} bags in total`, countForms(total)));
        const nonfree = num(a["nonfree_baggages"]) ?? 0;
        const pay = str(a["payment_id"]);
        if (pay && (old?.nonfreeBaggages === undefined ? nonfree > 0 : nonfree > old.nonfreeBaggages)) out.push(paymentDetail(pay, k, reservationId));
        break;
      }
      case "update_reservation_passengers": {
        const before = new Set((old?.passengers ?? []).map((p) => `${p.first_name}|${p.last_name}|${p.dob}`));
        const changed = arr(a["passengers"]).filter((p) => !before.has(`${str(p["first_name"])}|${str(p["last_name"])}|${str(p["dob"])}`));
        out.push(...passengerDetails(changed, true));
        break;
      }
      case "book_reservation": {
        out.push(...flightDetails(arr(a["flights"]), () => true));
        const cabin = str(a["cabin"]);
        if (cabin) out.push(formsDetail(`cabin ${cabin}`, cabinForms(cabin)));
        out.push(...passengerDetails(arr(a["passengers"]), false));
        const payments = arr(a["payment_methods"]);
        for (const p of payments) {
          const id = str(p["payment_id"]);
          if (id) out.push(paymentDetail(id, k, undefined));
        }
        const amounts = payments.map((p) => num(p["amount"])).filter((x): x is number => x !== undefined);
        if (amounts.length > 1) out.push(splitPaymentDetail(amounts));
        const bags = num(a["total_baggages"]);
        if (bags !== undefined && bags > 0) out.push(formsDetail(`${bags} bags`, countForms(bags)));
        if (str(a["insurance"]) === "yes") out.push(formsDetail("travel insurance", [/\binsur/i]));
        break;
      }
      case "send_certificate": {
        const amount = num(a["amount"]);
        if (amount !== undefined) out.push(formsDetail(`amount ${amount}`, amountForms(amount)));
        break;
      }
      default: {
        // A write the auditor has no specific rule for: every scalar argument must be mentioned.
        for (const [key, v] of Object.entries(a)) {
          if (typeof v === "string" && v !== "") out.push(formsDetail(`${key} ${v}`, idForms(v)));
          else if (typeof v === "number") out.push(formsDetail(`${key} ${v}`, amountForms(v)));
        }
      }
    }
    return out;
  },
};
