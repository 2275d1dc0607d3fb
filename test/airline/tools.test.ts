import { describe, expect, it } from "vitest";
import { calculate } from "../../src/domains/airline/calculate.js";
import { loadAirlineDb, type AirlineDb, type Flight } from "../../src/domains/airline/db.js";
import { changedEntries } from "../../src/domains/airline/judge.js";
import { AIRLINE_READ_TOOLS, AIRLINE_TOOL_NAMES, AIRLINE_TOOL_SPECS, AIRLINE_WRITE_TOOLS } from "../../src/domains/airline/tool-specs.js";
import { AirlineToolError, callAirlineTool, createAirlineTools } from "../../src/domains/airline/tools.js";

const fresh = () => {
  const db = loadAirlineDb();
  return { db, tools: createAirlineTools(db) };
};
const unchanged = (db: AirlineDb) => expect(changedEntries(db)).toEqual({ flights: {}, users: {}, reservations: {} });
const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AirlineToolError);
    return (e as AirlineToolError).message;
  }
  throw new Error("expected the tool to refuse");
};

const booking = {
  user_id: "mia_li_3668",
  origin: "JFK",
  destination: "SEA",
  flight_type: "one_way",
  cabin: "economy",
  flights: [
    { flight_number: "HAT136", date: "2024-05-20" }, // JFK→ATL economy 152, 14 seats
    { flight_number: "HAT039", date: "2024-05-20" }, // ATL→SEA economy 103, 10 seats
  ],
  passengers: [{ first_name: "Mia", last_name: "Li", dob: "1990-04-05" }],
  payment_methods: [
    { payment_id: "certificate_7504069", amount: 250 },
    { payment_id: "credit_card_4421486", amount: 85 },
  ],
  total_baggages: 4,
  nonfree_baggages: 1,
  insurance: "yes",
} as const;

describe("tool specs", () => {
  it("declares the 14 tools of AIRLINE_TOOLS.md, six of them writes", () => {
    expect([...AIRLINE_TOOL_NAMES].sort()).toEqual(
      [
        "book_reservation",
        "calculate",
        "cancel_reservation",
        "get_flight_status",
        "get_reservation_details",
        "get_user_details",
        "list_all_airports",
        "search_direct_flight",
        "search_onestop_flight",
        "send_certificate",
        "transfer_to_human_agents",
        "update_reservation_baggages",
        "update_reservation_flights",
        "update_reservation_passengers",
      ].sort(),
    );
    expect(AIRLINE_WRITE_TOOLS.every((t) => AIRLINE_TOOL_SPECS[t].effect === "write")).toBe(true);
    expect(AIRLINE_READ_TOOLS.every((t) => AIRLINE_TOOL_SPECS[t].effect === "read")).toBe(true);
    expect(AIRLINE_READ_TOOLS.length + AIRLINE_WRITE_TOOLS.length).toBe(14);
  });
});

describe("book_reservation", () => {
  it("prices flights × passengers + insurance 30/passenger + 50/extra bag, removes the certificate, charges seats, stores HATHAT", () => {
    const { db, tools } = fresh();
    const r = tools.book_reservation(booking);
    expect(r.reservation_id).toBe("HATHAT");
    expect(r.flights).toEqual([
      { origin: "JFK", destination: "ATL", flight_number: "HAT136", date: "2024-05-20", price: 152 },
      { origin: "ATL", destination: "SEA", flight_number: "HAT039", date: "2024-05-20", price: 103 },
    ]);
    expect(r.payment_history).toEqual(booking.payment_methods);
    expect(r.created_at).toBe("2024-05-15T15:00:00");
    expect(r.status).toBeUndefined();
    const user = db.users["mia_li_3668"]!;
    expect(user.payment_methods["certificate_7504069"]).toBeUndefined();
    expect(user.payment_methods["certificate_4856383"]).toBeDefined();
    expect(user.reservations.at(-1)).toBe("HATHAT");
    const seats = (n: string) => (db.flights[n]!.dates["2024-05-20"] as { available_seats: { economy: number } }).available_seats.economy;
    expect([seats("HAT136"), seats("HAT039")]).toEqual([13, 9]);
    expect(tools.book_reservation({ ...booking, payment_methods: [{ payment_id: "credit_card_4421486", amount: 335 }] }).reservation_id).toBe("HATHAU");
  });

  it("deducts gift card balances", () => {
    const { db, tools } = fresh();
    tools.book_reservation({
      ...booking,
      user_id: "mia_kim_4397",
      cabin: "basic_economy",
      passengers: [{ first_name: "Mia", last_name: "Kim", dob: "1965-06-09" }],
      insurance: "no",
      total_baggages: 0,
      nonfree_baggages: 0,
      payment_methods: [
        { payment_id: "gift_card_7359776", amount: 39 },
        { payment_id: "gift_card_7773485", amount: 65 },
      ],
    });
    expect((db.users["mia_kim_4397"]!.payment_methods["gift_card_7359776"] as { amount: number }).amount).toBe(0);
    expect((db.users["mia_kim_4397"]!.payment_methods["gift_card_7773485"] as { amount: number }).amount).toBe(138);
  });

  it.each([
    ["an unknown user", { user_id: "nobody_1" }, "User nobody_1 not found"],
    ["an unknown flight", { flights: [{ flight_number: "HAT999", date: "2024-05-20" }] }, "Flight HAT999 not found"],
    ["an unknown date", { flights: [{ flight_number: "HAT136", date: "2024-06-20" }] }, "Flight HAT136 not found on date 2024-06-20"],
    ["a flight that is not available", { flights: [{ flight_number: "HAT002", date: "2024-05-15" }] }, "Flight HAT002 not available on date 2024-05-15"],
    [
      "too few seats",
      { cabin: "business", passengers: [1, 2, 3].map((i) => ({ first_name: `P${i}`, last_name: "X", dob: "1990-01-01" })) },
      "Not enough seats on flight HAT136",
    ],
    [
      "a payment method not in the profile",
      { payment_methods: [{ payment_id: "gift_card_0000000", amount: 335 }] },
      "Payment method gift_card_0000000 not found",
    ],
    [
      "a certificate smaller than its share",
      {
        payment_methods: [
          { payment_id: "certificate_4856383", amount: 150 },
          { payment_id: "credit_card_4421486", amount: 185 },
        ],
      },
      "Not enough balance in payment method certificate_4856383",
    ],
    [
      "payments that do not add up",
      { payment_methods: [{ payment_id: "credit_card_4421486", amount: 300 }] },
      "Payment amount does not add up, total price is 335, but paid 300",
    ],
  ])("refuses %s with tau2's message and changes nothing", (_what, patch, message) => {
    const { db, tools } = fresh();
    expect(refusal(() => tools.book_reservation({ ...booking, ...patch }))).toBe(message);
    unchanged(db);
  });
});

describe("cancel_reservation", () => {
  it("appends a negative refund per payment and sets status; seats and balances stay", () => {
    const { db, tools } = fresh();
    const r = tools.cancel_reservation({ reservation_id: "Z7GOZK" });
    expect(r.status).toBe("cancelled");
    expect(r.payment_history).toEqual([
      { payment_id: "gift_card_2200803", amount: 169 },
      { payment_id: "gift_card_2200803", amount: -169 },
    ]);
    const changed = changedEntries(db);
    expect(Object.keys(changed.reservations)).toEqual(["Z7GOZK"]);
    expect(changed.flights).toEqual({});
    expect(changed.users).toEqual({});
    expect(refusal(() => tools.cancel_reservation({ reservation_id: "ZZZZZZ" }))).toBe("Reservation ZZZZZZ not found");
  });
});

describe("update_reservation_baggages", () => {
  it("charges 50 per added non-free bag and records the payment only when there is one", () => {
    const { db, tools } = fresh();
    const r1 = tools.update_reservation_baggages({ reservation_id: "YAX4DR", total_baggages: 3, nonfree_baggages: 2, payment_id: "credit_card_4938634" });
    expect(r1.payment_history.at(-1)).toEqual({ payment_id: "credit_card_4938634", amount: 100 });
    const r2 = tools.update_reservation_baggages({ reservation_id: "YAX4DR", total_baggages: 3, nonfree_baggages: 1, payment_id: "credit_card_4938634" });
    expect(r2.payment_history).toHaveLength(2); // no entry for a price of 0
    expect([r2.total_baggages, r2.nonfree_baggages]).toEqual([3, 1]);
    expect(db.reservations["YAX4DR"]!.nonfree_baggages).toBe(1);
  });

  it("applies the update payment rules: profile, no certificate, gift card balance", () => {
    const { db, tools } = fresh();
    const args = { reservation_id: "YAX4DR", total_baggages: 1, nonfree_baggages: 1 };
    expect(refusal(() => tools.update_reservation_baggages({ ...args, payment_id: "credit_card_0000000" }))).toBe("Payment method not found");
    expect(refusal(() => tools.update_reservation_baggages({ ...args, payment_id: "certificate_6730850" }))).toBe(
      "Certificate cannot be used to update reservation",
    );
    expect(
      refusal(() => tools.update_reservation_baggages({ reservation_id: "M05KNL", total_baggages: 1, nonfree_baggages: 1, payment_id: "gift_card_8887175" })),
    ).toBe("Gift card balance is not enough"); // 35 < 50
    unchanged(db);
  });
});

describe("update_reservation_flights", () => {
  it("reprices changed segments; a negative difference goes back to the gift card", () => {
    const { db, tools } = fresh();
    // M05KNL: business 1936 + 851 = 2787 → economy HAT110 105 + HAT172 102 = 207; refund 2580 to a gift card holding 35
    const r = tools.update_reservation_flights({
      reservation_id: "M05KNL",
      cabin: "economy",
      flights: [
        { flight_number: "HAT110", date: "2024-05-24" },
        { flight_number: "HAT172", date: "2024-05-24" },
      ],
      payment_id: "gift_card_8887175",
    });
    expect(r.cabin).toBe("economy");
    expect(r.flights.map((f) => [f.flight_number, f.price, f.origin, f.destination])).toEqual([
      ["HAT110", 105, db.flights["HAT110"]!.origin, db.flights["HAT110"]!.destination],
      ["HAT172", 102, db.flights["HAT172"]!.origin, db.flights["HAT172"]!.destination],
    ]);
    expect(r.payment_history.at(-1)).toEqual({ payment_id: "gift_card_8887175", amount: -2580 });
    expect((db.users["aarav_garcia_1177"]!.payment_methods["gift_card_8887175"] as { amount: number }).amount).toBe(2615);
  });

  it("keeps a segment with the same number, date and cabin at its old price; no payment when nothing changes", () => {
    const { db, tools } = fresh();
    const old = db.reservations["YAX4DR"]!;
    const flights = old.flights.map((f) => ({ flight_number: f.flight_number, date: f.date }));
    const same = tools.update_reservation_flights({ reservation_id: "YAX4DR", cabin: "economy", flights, payment_id: "credit_card_4938634" });
    expect(same.flights.map((f) => f.price)).toEqual([122, 127]);
    expect(same.payment_history).toHaveLength(1);
    // a cabin change reprices every segment at today's price for that cabin
    const up = tools.update_reservation_flights({ reservation_id: "YAX4DR", cabin: "business", flights, payment_id: "credit_card_4938634" });
    const price = (n: string, d: string) => (db.flights[n]!.dates[d] as { prices: { business: number } }).prices.business;
    const expected = [price("HAT235", "2024-05-18"), price("HAT298", "2024-05-19")];
    expect(up.flights.map((f) => f.price)).toEqual(expected);
    expect(up.payment_history.at(-1)).toEqual({ payment_id: "credit_card_4938634", amount: (expected[0]! + expected[1]! - 122 - 127) * 2 });
  });

  it("refuses unavailable flights without changing anything", () => {
    const { db, tools } = fresh();
    expect(
      refusal(() =>
        tools.update_reservation_flights({
          reservation_id: "YAX4DR",
          cabin: "economy",
          flights: [{ flight_number: "HAT002", date: "2024-05-15" }],
          payment_id: "credit_card_4938634",
        }),
      ),
    ).toBe("Flight HAT002 not available on date 2024-05-15");
    unchanged(db);
  });
});

describe("update_reservation_passengers and send_certificate", () => {
  it("replaces passengers only with the same count", () => {
    const { tools } = fresh();
    expect(
      refusal(() => tools.update_reservation_passengers({ reservation_id: "YAX4DR", passengers: [{ first_name: "A", last_name: "B", dob: "2000-01-01" }] })),
    ).toBe("Number of passengers does not match");
    const p = [
      { first_name: "A", last_name: "B", dob: "2000-01-01" },
      { first_name: "C", last_name: "D", dob: "2001-01-01" },
    ];
    expect(tools.update_reservation_passengers({ reservation_id: "YAX4DR", passengers: p }).passengers).toEqual(p);
  });

  it("adds certificates 3221322, 3221323, 3221324, then refuses", () => {
    const { db, tools } = fresh();
    expect(tools.send_certificate({ user_id: "chen_lee_6825", amount: 100 })).toBe(
      "Certificate certificate_3221322 added to user chen_lee_6825 with amount 100.",
    );
    expect(db.users["chen_lee_6825"]!.payment_methods["certificate_3221322"]).toEqual({ source: "certificate", id: "certificate_3221322", amount: 100 });
    tools.send_certificate({ user_id: "chen_lee_6825", amount: 50 });
    expect(tools.send_certificate({ user_id: "chen_lee_6825", amount: 50 })).toContain("certificate_3221324");
    expect(refusal(() => tools.send_certificate({ user_id: "chen_lee_6825", amount: 50 }))).toBe("Too many certificates");
  });
});

describe("read and generic tools", () => {
  it("get_flight_status returns the date's status; unknown flights and dates are errors", () => {
    const { tools } = fresh();
    expect(tools.get_flight_status({ flight_number: "HAT002", date: "2024-05-15" })).toBe("delayed");
    expect(tools.get_flight_status({ flight_number: "HAT001", date: "2024-05-03" })).toBe("cancelled");
    expect(tools.get_flight_status({ flight_number: "HAT136", date: "2024-05-20" })).toBe("available");
    expect(refusal(() => tools.get_flight_status({ flight_number: "HAT999", date: "2024-05-20" }))).toBe("Flight HAT999 not found");
    expect(refusal(() => tools.get_flight_status({ flight_number: "HAT136", date: "2024-07-01" }))).toBe("Flight HAT136 not found on date 2024-07-01");
  });

  it("search_direct_flight lists available flights with that day's seats and prices", () => {
    const { tools } = fresh();
    const found = tools.search_direct_flight({ origin: "JFK", destination: "ATL", date: "2024-05-20" });
    const hat136 = found.find((f) => f.flight_number === "HAT136");
    expect(hat136).toEqual({
      flight_number: "HAT136",
      origin: "JFK",
      destination: "ATL",
      status: "available",
      scheduled_departure_time_est: expect.any(String),
      scheduled_arrival_time_est: expect.any(String),
      available_seats: { basic_economy: 15, economy: 14, business: 2 },
      prices: { basic_economy: 52, economy: 152, business: 277 },
    });
    expect(found.every((f) => f.origin === "JFK" && f.destination === "ATL")).toBe(true);
    expect(tools.search_direct_flight({ origin: "JFK", destination: "ATL", date: "2024-05-10" })).toEqual([]); // landed days
  });

  it("search_onestop_flight pairs connecting legs, next day after a +1 arrival, departure not before arrival", () => {
    const { tools } = fresh();
    const pairs = tools.search_onestop_flight({ origin: "LGA", destination: "SEA", date: "2024-05-16" });
    expect(pairs.length).toBeGreaterThan(0);
    for (const [a, b] of pairs) {
      expect(a.origin).toBe("LGA");
      expect(b.destination).toBe("SEA");
      expect(b.origin).toBe(a.destination);
      expect(a.date).toBe("2024-05-16");
      expect(b.date).toBe(a.scheduled_arrival_time_est.includes("+1") ? "2024-05-17" : "2024-05-16");
      expect(b.scheduled_departure_time_est >= a.scheduled_arrival_time_est).toBe(true);
    }
    expect(pairs.some(([a]) => a.flight_number === "HAT002")).toBe(true); // arrives 01:30:00+1 in PHX
  });

  it("keeps tau2's unpadded next-day quirk: a +1 first leg on day 8 finds no second leg on day 9", () => {
    const avail = {
      status: "available" as const,
      available_seats: { basic_economy: 5, economy: 5, business: 5 },
      prices: { basic_economy: 1, economy: 2, business: 3 },
    };
    const flight = (n: string, o: string, d: string, dep: string, arr: string, dates: string[]): Flight => ({
      flight_number: n,
      origin: o,
      destination: d,
      scheduled_departure_time_est: dep,
      scheduled_arrival_time_est: arr,
      dates: Object.fromEntries(dates.map((x) => [x, avail])),
    });
    const db: AirlineDb = {
      users: {},
      reservations: {},
      flights: {
        A1: flight("A1", "AAA", "BBB", "22:00:00", "01:00:00+1", ["2024-05-08", "2024-05-09"]),
        B1: flight("B1", "BBB", "CCC", "08:00:00", "10:00:00", ["2024-05-09", "2024-05-10"]),
      },
    };
    const tools = createAirlineTools(db);
    expect(tools.search_onestop_flight({ origin: "AAA", destination: "CCC", date: "2024-05-08" })).toEqual([]); // looks for "2024-05-9"
    const next = tools.search_onestop_flight({ origin: "AAA", destination: "CCC", date: "2024-05-09" });
    expect(next.map(([a, b]) => [a.flight_number, a.date, b.flight_number, b.date])).toEqual([["A1", "2024-05-09", "B1", "2024-05-10"]]);
  });

  it("calculate evaluates like Python and returns str(round(x, 2))", () => {
    expect(calculate("2 + 2")).toBe("4.0");
    expect(calculate("10 / 3")).toBe("3.33");
    expect(calculate("2 * ((350 - 122) + (499 - 127))")).toBe("1200.0");
    expect(calculate("-(1.5 + 2) * 2")).toBe("-7.0");
    expect(calculate("2 ** 3 ** 2")).toBe("512.0");
    expect(calculate("7 // 2")).toBe("3.0");
    expect(calculate("0.125")).toBe("0.12"); // round half to even
    expect(calculate("2.675")).toBe("2.67"); // the binary value is below the half
    expect(calculate("10000000000000000 * 3")).toBe("3e+16");
    expect(calculate("0 - 0.001")).toBe("-0.0");
    const { tools } = fresh();
    expect(refusal(() => tools.calculate({ expression: "2 + x" }))).toBe("Invalid characters in expression");
    expect(refusal(() => tools.calculate({ expression: "1 / 0" }))).toBe("division by zero");
    expect(refusal(() => tools.calculate({ expression: "(1 + 2" }))).toBe("'(' was never closed");
  });

  it("list_all_airports, transfer_to_human_agents, unknown ids, invalid arguments, copies", () => {
    const { db, tools } = fresh();
    expect(tools.list_all_airports({})).toHaveLength(20);
    expect(tools.list_all_airports({})[0]).toEqual({ iata: "SFO", city: "San Francisco" });
    expect(tools.transfer_to_human_agents({ summary: "wants a refund" })).toBe("Transfer successful");
    expect(refusal(() => tools.get_user_details({ user_id: "nobody_1" }))).toBe("User nobody_1 not found");
    expect(refusal(() => tools.get_reservation_details({ reservation_id: "constructor" }))).toBe("Reservation constructor not found");
    expect(refusal(() => tools.cancel_reservation({ reservation: "Z7GOZK" }))).toMatch(/^Invalid arguments for cancel_reservation: reservation_id: /);
    expect(refusal(() => callAirlineTool(tools, "delete_everything", {}))).toBe("Tool delete_everything not found");
    const user = tools.get_user_details({ user_id: "chen_lee_6825" });
    user.membership = "regular";
    expect(db.users["chen_lee_6825"]!.membership).toBe("gold");
  });
});
