import { readFileSync } from "node:fs";
import { sharedPath } from "../../util/shared-dir.js";
import { SharedDataError } from "../../util/shared-data-error.js";

/**
 * Types of tau2-bench's airline database (`../shared/tau2/airline/db.json`) and a loader that
 * gives every run its own database cheaply.
 *
 * Copy-on-write: the file is parsed once into a deep-frozen base. `loadAirlineDb()` returns new
 * `flights`/`users`/`reservations` tables whose entries are shared with the base until a tool
 * changes one; the airline tools call `mutableEntry()` first, which replaces that entry in this
 * database (and only this one) by a private deep copy. A structuredClone of the 7 MB file takes
 * ~100–200 ms; a copy-on-write database takes ~1 ms, and the judge can skip every entry that is
 * still the shared base object.
 */

export type CabinClass = "basic_economy" | "economy" | "business";
export type FlightType = "one_way" | "round_trip";
export type Insurance = "yes" | "no";
export type Membership = "regular" | "silver" | "gold";

export interface CabinNumbers {
  basic_economy: number;
  economy: number;
  business: number;
}

export type FlightDateStatus =
  | { status: "available"; available_seats: CabinNumbers; prices: CabinNumbers }
  | { status: "landed"; actual_departure_time_est: string; actual_arrival_time_est: string }
  | { status: "flying"; actual_departure_time_est: string; estimated_arrival_time_est: string }
  | { status: "delayed" | "on time"; estimated_departure_time_est: string; estimated_arrival_time_est: string }
  | { status: "cancelled" };

export type FlightStatus = FlightDateStatus["status"];

export interface Flight {
  flight_number: string;
  origin: string;
  destination: string;
  /** `HH:MM:SS`; an arrival on the next day ends in `+1`. */
  scheduled_departure_time_est: string;
  scheduled_arrival_time_est: string;
  /** `YYYY-MM-DD` → that day's status. */
  dates: Record<string, FlightDateStatus>;
}

export interface Passenger {
  first_name: string;
  last_name: string;
  /** `YYYY-MM-DD` */
  dob: string;
}

export type PaymentMethod =
  | { source: "credit_card"; id: string; brand: string; last_four: string }
  | { source: "gift_card"; id: string; amount: number }
  | { source: "certificate"; id: string; amount: number };

export interface User {
  user_id: string;
  name: { first_name: string; last_name: string };
  address: { address1: string; address2: string; city: string; country: string; state: string; zip: string };
  email: string;
  dob: string;
  payment_methods: Record<string, PaymentMethod>;
  saved_passengers: Passenger[];
  membership: Membership;
  reservations: string[];
}

export interface ReservationFlight {
  origin: string;
  destination: string;
  flight_number: string;
  date: string;
  price: number;
}

export interface Payment {
  payment_id: string;
  /** Negative for a refund. */
  amount: number;
}

export interface Reservation {
  reservation_id: string;
  user_id: string;
  origin: string;
  destination: string;
  flight_type: FlightType;
  cabin: CabinClass;
  flights: ReservationFlight[];
  passengers: Passenger[];
  payment_history: Payment[];
  /** `YYYY-MM-DDTHH:MM:SS` (EST) */
  created_at: string;
  total_baggages: number;
  nonfree_baggages: number;
  insurance: Insurance;
  /** Set by `cancel_reservation`; absent otherwise. */
  status?: "cancelled";
}

export interface AirlineDb {
  flights: Record<string, Flight>;
  users: Record<string, User>;
  reservations: Record<string, Reservation>;
}

export type AirlineTable = keyof AirlineDb;
export const AIRLINE_TABLES: readonly AirlineTable[] = ["flights", "users", "reservations"];

let base: AirlineDb | undefined;
let basePath: string | undefined;

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/**
 * The parsed, deep-frozen `db.json` shared by every database `loadAirlineDb()` returns. Read it,
 * never change it (it is frozen: a write throws a TypeError).
 */
export function airlineBaseDb(): Readonly<AirlineDb> {
  const path = sharedPath("tau2", "airline", "db.json");
  if (base === undefined || basePath !== path) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(path, "utf8"));
    } catch (e) {
      throw new SharedDataError(
        "shared_data_missing",
        `Cannot read the tau2 airline database at ${path}: ${(e as Error).message}. Fix: put tau2's airline data at ../shared/tau2/airline/ or set CONCORDAT_SHARED_DIR.`,
        { cause: e },
      );
    }
    const missing = AIRLINE_TABLES.filter(
      (t) => typeof (parsed as Record<string, unknown> | null)?.[t] !== "object" || (parsed as Record<string, unknown>)[t] === null,
    );
    if (missing.length > 0) {
      throw new SharedDataError(
        "shared_data_malformed",
        `The tau2 airline database at ${path} has no ${missing.map((m) => `"${m}"`).join(", ")} table. Fix: use tau2-bench's airline db.json (tables flights, users, reservations).`,
      );
    }
    base = deepFreeze(parsed as AirlineDb);
    basePath = path;
  }
  return base;
}

/**
 * A fresh airline database for one run, equal to `db.json`. Copy-on-write: entries are shared
 * (frozen) with the base until `mutableEntry()` gives this database its own copy, so a call
 * costs about a millisecond instead of a full deep copy. Treat entries as read-only unless you
 * got them from `mutableEntry()`; `materializeAirlineDb()` gives a fully independent plain copy.
 */
export function loadAirlineDb(): AirlineDb {
  const b = airlineBaseDb();
  return { flights: { ...b.flights }, users: { ...b.users }, reservations: { ...b.reservations } };
}

/**
 * The entry `key` of `table`, writable: when it is still shared with the base (or with another
 * database), this database gets a private deep copy first. Returns undefined when the key is absent.
 */
export function mutableEntry<T extends AirlineTable>(db: AirlineDb, table: T, key: string): AirlineDb[T][string] | undefined {
  const t = db[table] as Record<string, unknown>;
  if (!Object.prototype.hasOwnProperty.call(t, key)) return undefined;
  const entry = t[key];
  if (typeof entry === "object" && entry !== null && Object.isFrozen(entry)) {
    const copy = structuredClone(entry);
    t[key] = copy;
    return copy as AirlineDb[T][string];
  }
  return entry as AirlineDb[T][string];
}

/**
 * A copy of a database that shares nothing writable with it (frozen base entries stay shared;
 * entries a run has changed are deep-copied). Use it to snapshot a database mid-run.
 */
export function forkAirlineDb(db: AirlineDb): AirlineDb {
  const fork = (table: Record<string, unknown>): Record<string, any> => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(table)) out[k] = typeof v === "object" && v !== null && !Object.isFrozen(v) ? structuredClone(v) : v;
    return out;
  };
  return { flights: fork(db.flights), users: fork(db.users), reservations: fork(db.reservations) };
}

/** A fully independent, plain (unfrozen) deep copy: slow (~100 ms), for callers that need it. */
export function materializeAirlineDb(db: AirlineDb): AirlineDb {
  return structuredClone(db);
}
