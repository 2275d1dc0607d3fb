/**
 * The payment details of an airline write the user must have been told: which method pays (or is
 * refunded), how a booking's total is split, and how much a change charged. One concept: money.
 */
import { extractDescribedValues, sameAmount, type PaymentKind } from "../../confirmation/described-values.js";
import { ALL_BRANDS_LATIN } from "../../confirmation/payment-method-lexicon.js";
import type { ActionDetail } from "../audit-domain.js";
import { acceptsOpenAmount } from "../../confirmation/open-amount.js";
import { perPassengerAmounts } from "../per-passenger-amount.js";
import { anyMatches, amountForms, amountMentioned, idForms } from "../value-forms.js";
import type { AirlineKnowledge, PaymentEntry } from "./airline-knowledge.js";
import { amongAmounts, faresBehindDifference, onlyAsCredit, onlyAsOtherCabinPrice } from "./airline-amount-roles.js";
import { chargeByLegPrices, type LegPrice } from "./airline-leg-prices.js";

const KIND_WORDS: Readonly<Record<string, RegExp>> = {
  // "card" alone is the credit-card kind, but not inside "gift card" (the user's only credit card is not the gift card the request named)
  credit_card: new RegExp(`\\b(?:credit[ _-]?card|${ALL_BRANDS_LATIN})\\b|(?<!\\bgift[ _-]?)\\bcards?\\b|tarjeta de cr[eé]dito|信用卡`, "i"),
  gift_card: /\bgift[ _-]?card|tarjeta de regalo|礼品卡/i,
  certificate: /\bcertificate|certificado|代金券/i,
};

// card brands as named in prose ("my MasterCard", "your Visa ending ...")
const BRAND_WORDS: Readonly<Record<string, RegExp>> = {
  visa: /\bvisa\b/i,
  mastercard: /\bmaster\s?card\b/i,
  amex: /\b(amex|american express)\b/i,
  discover: /\bdiscover card\b/i,
};
const brandOf = (brand: string | undefined): RegExp | undefined =>
  brand === undefined ? undefined : BRAND_WORDS[brand === "american_express" ? "amex" : brand];

// "the gift card with the smallest balance", "the smaller certificate first", "the larger one",
// "la tarjeta de regalo de menor saldo", "la de mayor saldo", "余额最少的礼品卡", "较大的那张"
const SMALLEST = /\b(smallest|smaller|lowest|lower|least|menor)\b|m[aá]s\s+(?:pequeñ[oa]|baj[oa])|最少|最小|最低|较少|较小|少的/i;
const LARGEST = /\b(largest|larger|biggest|bigger|highest|higher|mayor)\b|m[aá]s\s+(?:grande|alt[oa])|最多|最大|最高|较多|较大|多的/i;
// the user leaves the choice among methods of a kind to the agent: "one of my certificates", "any of your gift cards"
const ONE_OF = "\\b(?:one|any) of (?:my|your|the)\\s+(?:[a-z$0-9.]+\\s+){0,2}?";
const ANY_OF: Readonly<Record<string, RegExp>> = {
  credit_card: new RegExp(`${ONE_OF}(?:credit\\s+)?cards\\b`, "i"),
  gift_card: new RegExp(`${ONE_OF}gift\\s*cards\\b`, "i"),
  certificate: new RegExp(`${ONE_OF}(?:travel\\s+)?certificates\\b`, "i"),
};

/**
 * A method without a card's last four (a gift card, a certificate) named by the last four digits of
 * its number after "ending in", "last four", "terminada en", "尾号" ("your gift card ending in 7751" for
 * gift_card_9147751), when no other method of the user ends in those digits.
 */
function endingForms(id: string, k: AirlineKnowledge): RegExp[] {
  const digits = /(\d{5,})$/.exec(id)?.[1];
  if (digits === undefined || k.payments.get(id)?.lastFour !== undefined) return [];
  const tail = digits.slice(-4);
  const others = [...k.payments.entries()].filter(([other, m]) => other !== id && (m.lastFour === tail || /\d+$/.exec(other)?.[0].endsWith(tail)));
  if (others.length > 0) return [];
  return [
    new RegExp(
      `(?:ending(?:\\s+(?:in|with))?|ends\\s+(?:in|with)|last\\s+(?:four|4)(?:\\s+digits)?(?:\\s+(?:of|are|is))?|terminad[ao]\\s+en|尾号)\\s*[:#]?\\s*${tail}(?!\\d)`,
      "iu",
    ),
  ];
}

/** A text's sentences, for readings within one sentence. @internal */
export function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+|(?<=[。！？])|\n+/);
}

/**
 * The method named by its kind and its rank by balance among the user's methods of that kind, within
 * one sentence: "the gift card with the smallest balance", "the larger certificate", "余额最少的礼品卡".
 */
function namedByRank(id: string, k: AirlineKnowledge, text: string): boolean {
  const method = k.payments.get(id);
  const source = method?.source ?? /^([a-z_]+?)_\d+$/.exec(id)?.[1];
  const kind = source ? KIND_WORDS[source] : undefined;
  if (kind === undefined || method?.amount === undefined) return false;
  const balances = [...k.payments.values()].filter((p) => p.source === source && p.amount !== undefined).map((p) => p.amount!);
  if (balances.length < 2) return false;
  const isSmallest = method.amount === Math.min(...balances);
  const isLargest = method.amount === Math.max(...balances);
  return sentences(text).some((s) => kind.test(s) && ((isSmallest && SMALLEST.test(s)) || (isLargest && LARGEST.test(s))));
}

/**
 * A payment method as named in prose: its id or number, a card's last four digits, a card's brand
 * when the user has one card of that brand (not its kind when another brand is named), its kind when
 * the user has only one method of that kind, its kind and balance, its kind and its rank by balance
 * ("the gift card with the smallest balance"), "one of my certificates" (the user left the choice),
 * or "the original payment method" when the reservation was paid with it.
 * @internal
 */
export function paymentDetail(id: string, k: AirlineKnowledge, reservationId: string | undefined): ActionDetail {
  const method = k.payments.get(id);
  const source = method?.source ?? /^([a-z_]+?)_\d+$/.exec(id)?.[1];
  const forms = [...idForms(id), ...endingForms(id, k)];
  const digits = /(\d{4,})$/.exec(id)?.[1];
  if (digits) forms.push(...idForms(digits));
  if (method?.lastFour) forms.push(...idForms(method.lastFour));
  const kind = source ? KIND_WORDS[source] : undefined;
  const anyOf = source ? ANY_OF[source] : undefined;
  const sameKind = [...k.payments.values()].filter((p) => p.source === source);
  const original = reservationId !== undefined && (k.reservations.get(reservationId)?.payments.some((p) => p.paymentId === id) ?? false);
  // a card named by its brand: the user's only card of that brand; a text naming another brand does not name it by kind
  const brand = brandOf(method?.brand);
  const onlyOfBrand = brand !== undefined && sameKind.filter((p) => p.brand === method?.brand).length === 1;
  const otherBrand = (t: string) =>
    method?.brand !== undefined && Object.entries(BRAND_WORDS).some(([b, re]) => re !== brand && b !== method.brand && re.test(t));
  return {
    label: `payment ${id}`,
    scope: "change",
    field: "payment",
    executed: method?.lastFour ? `${id} (ending in ${method.lastFour})` : id,
    test: (t) => {
      if (anyMatches(forms, t)) return true;
      if (!kind) return original && /\boriginal (form of )?payment/i.test(t);
      if (onlyOfBrand && brand.test(t)) return true;
      if (sameKind.length === 1 && kind.test(t) && !otherBrand(t)) return true;
      if (method?.amount !== undefined && kind.test(t) && anyMatches(amountForms(method.amount), t)) return true;
      // rank and "one of" are read within one sentence naming the kind
      if (namedByRank(id, k, t)) return true;
      if (sameKind.length > 1 && sentences(t).some((s) => kind.test(s) && anyOf?.test(s))) return true;
      return original && /\boriginal (form of )?payment/i.test(t);
    },
    described: (t) => describedPayments(t),
  };
}

/**
 * The method the user chose: when the reply that said yes names one or more of the user's payment
 * methods by id or digits ("please use the card ending in 7334", "certificate_8045380"), every
 * method the write uses must be one the reply names (in any accepted form); a method it names by rank
 * ("use my gift card with the smallest balance", "the smaller gift card first") must be one the write
 * uses. The request may have offered several; the yes covers the one the user picked, not the others.
 * @internal
 */
export function chosenPaymentDetail(ids: readonly string[], k: AirlineKnowledge, reservationId: string | undefined): ActionDetail {
  const strongForms = (id: string) => {
    const m = k.payments.get(id);
    const digits = /(\d{4,})$/.exec(id)?.[1];
    return [...idForms(id), ...endingForms(id, k), ...(digits ? idForms(digits) : []), ...(m?.lastFour ? idForms(m.lastFour) : [])];
  };
  return {
    label: `payment ${ids.join(" + ")} (the user's choice)`,
    scope: "request",
    field: "payment",
    executed: ids.join(" + "),
    test: (_t, reply) => {
      if (reply === undefined) return true;
      // a method named by rank must be among those the write uses (the rest of a split is the other's)
      const ranked = [...k.payments.keys()].filter((id) => namedByRank(id, k, reply));
      if (ranked.some((id) => !ids.includes(id))) return false;
      const named = [...k.payments.keys()].filter((id) => anyMatches(strongForms(id), reply));
      if (named.length === 0) return true;
      return ids.every((id) => named.includes(id) || paymentDetail(id, k, reservationId).test(reply));
    },
    described: (_t) => [],
  };
}

/** The payment methods a text names, for reports. @internal */
export function describedPayments(t: string): string[] {
  const v = extractDescribedValues(t);
  return [
    ...v.paymentIds,
    ...[...v.cardDigits].map((d) => `card ending in ${d}`),
    ...(v.paymentIds.size === 0 && v.cardDigits.size === 0 ? [...v.paymentKinds].map((k: PaymentKind) => k.replace("_", " ")) : []),
  ];
}

/**
 * How a total is split over several payment methods: every amount is mentioned, or the total and
 * all amounts but one (the rest is then determined: "$39 from the small gift card, the rest of $106
 * from the other"). An amount that is its method's whole balance is determined by "use up the gift
 * card first" and needs no mentioning. An amount the text pairs with another method of the split
 * ("$40 from your gift card and $142 on your Visa", written $142 from the gift card) is not described.
 * @internal
 */
export function splitPaymentDetail(payments: readonly { readonly id: string; readonly amount: number }[], k: AirlineKnowledge): ActionDetail {
  const amounts = payments.map((p) => p.amount);
  const total = amounts.reduce((s, x) => s + x, 0);
  const open = payments.filter((p) => {
    const balance = k.payments.get(p.id)?.amount;
    return balance === undefined || !sameAmount(balance, p.amount);
  });
  return {
    label: `payment split ${amounts.join(" + ")}`,
    scope: "change",
    field: "amount",
    executed: amounts.map((a) => `$${a}`).join(" + "),
    test: (t) => {
      // an amount is mentioned as money, not as the day of a date ("HAT136 on May 20" mentions no $20)
      const missing = open.filter((p) => !amountMentioned(p.amount, t)).length;
      return (missing === 0 || (missing === 1 && amountMentioned(total, t))) && !payments.some((p) => pairedWithOther(p, payments, k, t));
    },
    described: (t) => extractDescribedValues(t).amounts.map((a) => `$${a}`),
  };
}

/** Where a stretch of a sentence ends: a comma, a semicolon, a bracket (not a colon: "Visa ending 7447: $142"), a sentence end (not the comma or point inside "$1,250.50"), "and", "y", "和". */
const STRETCH_END = /[;!?()（），；。！？\n]|(?<!\d)[,.]|[,.](?!\d)|\s(?:and|plus|y|e)\s|和|以及|、/iu;
/** A stretch that speaks of a method's balance ("your gift card with a $142 balance") does not pair an amount with it. */
const BALANCE_WORD = /\bbalance\b|\bsaldo\b|余额/iu;

/**
 * Whether the text pairs this part's amount with another method of the split: a stretch ("$40 from your gift card",
 * "the remaining $142 on your Visa ending in 7447", "142 dólares con su Visa", "Visa卡支付142美元") names the amount and
 * another method the write uses, and not this part's method. An amount two parts share pairs with neither, nor does
 * a stretch naming several amounts ("Total from Certificate and Gift Cards: $500 + $198 + $129 = $827").
 */
function pairedWithOther(
  part: { readonly id: string; readonly amount: number },
  payments: readonly { readonly id: string; readonly amount: number }[],
  k: AirlineKnowledge,
  t: string,
): boolean {
  if (payments.filter((q) => sameAmount(q.amount, part.amount)).length > 1) return false;
  const names = (id: string, stretch: string) => paymentDetail(id, k, undefined).test(stretch);
  return t
    .split(STRETCH_END)
    .some(
      (stretch) =>
        stretch !== undefined &&
        !BALANCE_WORD.test(stretch) &&
        extractDescribedValues(stretch).amounts.length === 1 &&
        anyMatches(amountForms(part.amount), stretch) &&
        !names(part.id, stretch) &&
        payments.some((q) => q.id !== part.id && names(q.id, stretch)),
    );
}

/** A stretch about money per traveller, the booking's total, or money coming back to the user: not what one method is charged. */
const NOT_THE_CHARGE =
  /\btotal\b|\bin all\b|altogether|en total|总计|共计|合计|总额|\b(?:per|each|every)\s+(?:passenger|person|traveller|traveler|ticket|adult|child)|\beach\b|por\s+(?:persona|pasajer[oa])|cada\s+(?:uno|pasajer[oa])|每人|每位|\brefund|\bcredit(?:ed)?\b|\bback\b|reembols|退/iu;

/**
 * The amount a booking's description puts on each method it uses: a stretch of a sentence that names one amount and one
 * of the methods the booking uses, and no other of them ("the remaining $142 on your Visa ending in 7447", "$82 on your
 * Visa", "142 dólares con su Visa", "Visa卡支付142美元"), says what that method pays; the booking must charge it that
 * amount. "$100 from your certificate and $82 on your Visa" written as $182 on the Visa alone, or "use up your gift
 * card ($40) first, the remaining $142 on your Visa" written $20 + $162, is not what was described. Not read as such a
 * pairing: a method's balance ("gift card with a $40 balance", its balance on file), an amount per passenger, a refund.
 * A `request` check: passes when no stretch pairs an amount with the method.
 * @internal
 */
export function pairedAmountDetail(payments: readonly { readonly id: string; readonly amount: number }[], k: AirlineKnowledge): ActionDetail[] {
  const names = (id: string, stretch: string) => paymentDetail(id, k, undefined).test(stretch);
  return payments.map((part) => {
    const balance = k.payments.get(part.id)?.amount;
    const paired = (t: string): number[] =>
      t.split(STRETCH_END).flatMap((stretch) => {
        if (stretch === undefined || BALANCE_WORD.test(stretch) || NOT_THE_CHARGE.test(stretch)) return [];
        const amounts = extractDescribedValues(stretch).amounts;
        if (amounts.length !== 1 || !names(part.id, stretch) || payments.some((q) => q.id !== part.id && names(q.id, stretch))) return [];
        const amount = amounts[0]!;
        return balance !== undefined && sameAmount(balance, amount) && !sameAmount(amount, part.amount) ? [] : [amount];
      });
    return {
      label: `amount ${part.amount} on ${part.id}`,
      scope: "request" as const,
      field: "amount" as const,
      executed: `$${part.amount} on ${part.id}`,
      test: (t: string) => {
        const said = paired(t);
        return said.length === 0 || said.some((a) => sameAmount(a, part.amount));
      },
      described: (t: string) => paired(t).map((a) => `$${a} on ${part.id}`),
    };
  });
}

const BALANCE_CUE = /\b(?:balance|gift[ _-]?cards?|certificates?|available|remaining|left)\b|\b(?:gift_card|certificate)_\d+/i;

/** Every mention of the amount stands next to a balance cue ("gift card ... $40", "balance: $40"). */
function onlyAsBalance(amount: number, t: string): boolean {
  const mentions = amountForms(amount).flatMap((re) => [...t.matchAll(new RegExp(re.source, "gi"))]);
  return mentions.length > 0 && mentions.every((m) => BALANCE_CUE.test(t.slice(Math.max(0, m.index - 40), m.index + m[0].length + 25)));
}

/**
 * What a change charged, read from its result: when the description the user answered states money
 * amounts, the charge must be one of them, the difference of two of them (new total less old
 * total), or lie within a stated range ("$200–$400"). A description that states no amount at all
 * leaves it unchecked (the payment method is checked on its own), and so does a reply in which the
 * user accepts an open amount ("use my gift card for any price difference"), or, for a booking
 * (`legs`), the price of each of its flights stated beside it when the charge is their sum. Balances of the
 * user's gift cards and certificates, stated as balances, are not prices and are not read as amounts.
 * @internal
 */
export function chargeDetail(
  moved: readonly PaymentEntry[],
  k: AirlineKnowledge,
  passengers = 1,
  legs?: readonly LegPrice[],
  cabin?: string,
): ActionDetail | undefined {
  const balances = [...k.payments.values()].map((p) => p.amount).filter((a): a is number => a !== undefined);
  const stated = (t: string) => extractDescribedValues(t).amounts.filter((a) => !(balances.some((b) => sameAmount(a, b)) && onlyAsBalance(a, t)));
  // nor are money coming back to the user and another cabin's price (still amounts stated: the charge is checked)
  const prices = (t: string) => stated(t).filter((a) => !onlyAsCredit(a, t) && !onlyAsOtherCabinPrice(a, t, cabin));
  const charged = moved.filter((p) => p.amount > 0).reduce((s, p) => s + p.amount, 0);
  if (charged <= 0) return undefined;
  return {
    label: `charge $${charged}`,
    scope: "request",
    field: "amount",
    executed: `$${charged} charged`,
    test: (t, reply) => {
      const amounts = prices(t);
      // the user's own words accepting an open amount: "any price difference", "if there's a difference, use my Visa"
      if (stated(t).length === 0 || (reply !== undefined && acceptsOpenAmount(reply))) return true;
      // one of them, not a fare a stated difference was worked out from
      const fares = faresBehindDifference(t, sentences);
      if (
        amongAmounts(
          charged,
          amounts.filter((a) => !amongAmounts(a, fares)),
        )
      )
        return true;
      if (extractDescribedValues(t).amountRanges.some((r) => charged >= r.min - 0.005 && charged <= r.max + 0.005)) return true;
      if (amounts.some((a) => amounts.some((b) => sameAmount(a - b, charged)))) return true;
      // a price stated per passenger, times the passengers of the reservation or booking: "$597 per passenger" for two is $1,194
      if (passengers >= 2 && perPassengerAmounts(t).some((a) => sameAmount(a * passengers, charged))) return true;
      // a booking's total stated by its parts: each flight's price beside it, the charge their sum (`airline-leg-prices.ts`)
      return legs !== undefined && chargeByLegPrices(legs, charged, passengers, t);
    },
    described: (t) => [...extractDescribedValues(t).amountRanges.map((r) => `$${r.min}–$${r.max}`), ...prices(t).map((a) => `$${a}`)],
  };
}
