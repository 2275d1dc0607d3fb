/**
 * False confirmations known and still open, per corpus file, each documented in this directory's
 * README (a corpus of new real material is committed with what the judge does on it). The corpora
 * test and `npm run corpus:matrix` accept these and fail on any other.
 * @internal
 */
export const KNOWN_OPEN: Readonly<Record<string, readonly string[]>> = {
  // a yes to "book this flight" where the request named no payment and no passenger: this set labels it unclear, the
  // tau2/tau1 corpora label the same kind confirmed (README, "real-replies-4.jsonl")
  "real-replies-4.jsonl": ["r4-237", "r4-294"],
  // a yes to a request that had not yet put the action's details: "Shall I proceed with the exchange?" naming no item (README,
  // "real-replies-6.jsonl")
  "real-replies-6.jsonl": ["r6-194"],
  // a yes to booking the option the user picked where a detail (payment, cabin, total) was not yet put; a choice of one of two
  // offered actions before its details were put; a yes asking for a refund the request made conditional (README,
  // "real-replies-7.jsonl")
  "real-replies-7.jsonl": ["r7-067", "r7-092", "r7-101", "r7-121"],
  // the same question (README, "real-replies-8.jsonl"): a yes to a modification or exchange whose request did not put the
  // payment method (r8-032), the new item (r8-064) or the exchange itself (r8-099); a new item named by its features only, no
  // payment (r8-048); a choice among what the request offered before the agent put the action with that choice
  "real-replies-8.jsonl": [...["r8-032", "r8-064", "r8-099"], "r8-048", ...["r8-055", "r8-060", "r8-096", "r8-100", "r8-104"]],
  // measured on 2026-12-02 before anything was read (README, "real-replies-9.jsonl"): yeses to requests that had not put the
  // action's details (a new item by some of its features or as "that same type", a choice of two actions); r9-022, r9-051
  // (unfilled template slots), r9-119 (one of two orders), r9-019 and r9-025 (a flight never named) are closed
  "real-replies-9.jsonl": ["r9-027", "r9-109", "r9-126"],
  // measured on 2026-12-02 before anything was read (README, "real-replies-10.jsonl"); r10-002 and r10-006 are closed; r10-026,
  // -070, -102, -107 and -123 (the user picks the payment method from the request's own list beside the yes) were adjudicated
  // confirmed under rule 3 as written (README, "Adjudicated labels"). Open, all the labelling question of rule 3 (a yes to a
  // request that had not put a detail the write takes): the user names a payment method though the request put none and no
  // price (r10-051), or the request put no payment method for a charge (r10-003, -007), no certificate amount (r10-086), no new
  // flight for a move to a day (r10-114, -115), the new items only as "the cheapest versions" (r10-034), or a flight still to be
  // picked (r10-094); the tau corpora label yeses of these kinds confirmed
  "real-replies-10.jsonl": [...["r10-003", "r10-007", "r10-034", "r10-051"], ...["r10-086", "r10-094", "r10-114", "r10-115"]],
  // measured on 2026-12-02 before anything was read (README, "real-replies-11.jsonl"); r11-087 (an inquiry beside the yes) is
  // closed. Open: the labelling question (a charge whose price was not put, r11-027, r11-083; refunds with no method, r11-060), a
  // request that put no action answered with "Can you cancel them now?" (r11-093), the offered compensation asked for on its own
  // beside the two actions the request put (r11-032)
  "real-replies-11.jsonl": [...["r11-027", "r11-060", "r11-083"], ...["r11-032", "r11-093"]],
};
