import { z } from "zod";

/**
 * The airline tools of tau2-bench as `../shared/tau2/AIRLINE_TOOLS.md` describes them: name,
 * description (tau2's docstrings, shown to the model), zod input schema and effect. The
 * implementations are in `tools.ts`; the protocol in `protocol.ts` adds outcomes and guards.
 */

const cabin = z.enum(["basic_economy", "economy", "business"]).describe("The cabin class: 'basic_economy', 'economy' or 'business'.");
const reservationId = z.string().describe("The reservation ID, such as 'ZFA04Y'.");
const userId = z.string().describe("The user ID, such as 'sara_doe_496'.");
const airport = (example: string, what: string) => z.string().describe(`The ${what} city airport in three letters, such as '${example}'.`);
const date = z.string().describe("The date of the flight in the format 'YYYY-MM-DD', such as '2024-01-01'.");
const count = (what: string) => z.number().int().describe(what);

export const flightInfoSchema = z.object({
  flight_number: z.string().describe("Flight number, such as 'HAT001'."),
  date: z.string().describe("The date for the flight in the format 'YYYY-MM-DD', such as '2024-05-01'."),
});
export const passengerSchema = z.object({
  first_name: z.string().describe("The first name of the passenger, such as 'Noah'."),
  last_name: z.string().describe("The last name of the passenger, such as 'Brown'."),
  dob: z.string().describe("The date of birth of the passenger in the format 'YYYY-MM-DD', such as '1990-01-01'."),
});
export const paymentSchema = z.object({
  payment_id: z.string().describe("The payment id stored in user profile, such as 'credit_card_7815826', 'gift_card_7815826', 'certificate_7815826'."),
  amount: z.number().describe("The amount to be paid."),
});
const updatePaymentId = z
  .string()
  .describe("The payment id stored in user profile, such as 'credit_card_7815826', 'gift_card_7815826', 'certificate_7815826'.");

export interface AirlineToolSpec<TInput extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly description: string;
  readonly input: TInput;
  readonly effect: "read" | "write";
  /** Argument fields naming the entity a write changes (for confirmation grants and audits). */
  readonly subjects?: readonly string[];
}

function spec<const N extends string, T extends z.ZodType>(
  name: N,
  effect: "read" | "write",
  description: string,
  input: T,
  subjects?: readonly string[],
): AirlineToolSpec<T> & { readonly name: N } {
  return { name, description, input, effect, ...(subjects ? { subjects } : {}) };
}

export const AIRLINE_TOOL_SPECS = {
  book_reservation: spec(
    "book_reservation",
    "write",
    "Book a reservation.",
    z.object({
      user_id: userId,
      origin: airport("SFO", "origin"),
      destination: airport("JFK", "destination"),
      flight_type: z.enum(["one_way", "round_trip"]).describe("The type of flight: 'one_way' or 'round_trip'."),
      cabin,
      flights: z.array(flightInfoSchema).describe("An array of objects containing details about each piece of flight."),
      passengers: z.array(passengerSchema).describe("An array of objects containing details about each passenger."),
      payment_methods: z.array(paymentSchema).describe("An array of objects containing details about each payment method."),
      total_baggages: count("The total number of baggage items to book the reservation."),
      nonfree_baggages: count("The number of non-free baggage items to book the reservation."),
      insurance: z.enum(["yes", "no"]).describe("Whether the reservation has insurance: 'yes' or 'no'."),
    }),
    ["user_id"],
  ),
  calculate: spec(
    "calculate",
    "read",
    "Calculate the result of a mathematical expression.",
    z.object({
      expression: z
        .string()
        .describe(
          "The mathematical expression to calculate, such as '2 + 2'. The expression can contain numbers, operators (+, -, *, /), parentheses, and spaces.",
        ),
    }),
  ),
  cancel_reservation: spec("cancel_reservation", "write", "Cancel the whole reservation.", z.object({ reservation_id: reservationId }), ["reservation_id"]),
  get_flight_status: spec(
    "get_flight_status",
    "read",
    "Get the status of a flight.",
    z.object({ flight_number: z.string().describe("The flight number, such as 'HAT001'."), date: date }),
  ),
  get_reservation_details: spec("get_reservation_details", "read", "Get the details of a reservation.", z.object({ reservation_id: reservationId })),
  get_user_details: spec("get_user_details", "read", "Get the details of a user, including their reservations.", z.object({ user_id: userId })),
  list_all_airports: spec("list_all_airports", "read", "Returns a list of all available airports.", z.object({})),
  search_direct_flight: spec(
    "search_direct_flight",
    "read",
    "Search for direct flights between two cities on a specific date.",
    z.object({ origin: airport("JFK", "origin"), destination: airport("LAX", "destination"), date }),
  ),
  search_onestop_flight: spec(
    "search_onestop_flight",
    "read",
    "Search for one-stop flights between two cities on a specific date.",
    z.object({ origin: airport("JFK", "origin"), destination: airport("LAX", "destination"), date }),
  ),
  send_certificate: spec(
    "send_certificate",
    "write",
    "Send a certificate to a user. Be careful!",
    z.object({ user_id: userId, amount: z.number().describe("The amount of the certificate to send.") }),
    ["user_id"],
  ),
  transfer_to_human_agents: spec(
    "transfer_to_human_agents",
    "read",
    "Transfer the user to a human agent, with a summary of the user's issue. Only transfer if the user explicitly asks for a human agent, or given the policy and the available tools, you cannot solve the user's issue.",
    z.object({ summary: z.string().describe("A summary of the user's issue.") }),
  ),
  update_reservation_baggages: spec(
    "update_reservation_baggages",
    "write",
    "Update the baggage information of a reservation.",
    z.object({
      reservation_id: reservationId,
      total_baggages: count("The updated total number of baggage items included in the reservation."),
      nonfree_baggages: count("The updated number of non-free baggage items included in the reservation."),
      payment_id: updatePaymentId,
    }),
    ["reservation_id"],
  ),
  update_reservation_flights: spec(
    "update_reservation_flights",
    "write",
    "Update the flight information of a reservation.",
    z.object({
      reservation_id: reservationId,
      cabin,
      flights: z
        .array(flightInfoSchema)
        .describe(
          "An array of objects containing details about each piece of flight in the ENTIRE new reservation. Even if the a flight segment is not changed, it should still be included in the array.",
        ),
      payment_id: updatePaymentId,
    }),
    ["reservation_id"],
  ),
  update_reservation_passengers: spec(
    "update_reservation_passengers",
    "write",
    "Update the passenger information of a reservation.",
    z.object({ reservation_id: reservationId, passengers: z.array(passengerSchema).describe("An array of objects containing details about each passenger.") }),
    ["reservation_id"],
  ),
} as const;

export type AirlineToolSpecs = typeof AIRLINE_TOOL_SPECS;
export type AirlineToolName = keyof AirlineToolSpecs;
/** Parsed arguments of an airline tool. */
export type AirlineToolArgs<N extends AirlineToolName> = z.output<AirlineToolSpecs[N]["input"]>;

export const AIRLINE_TOOL_NAMES = Object.keys(AIRLINE_TOOL_SPECS) as AirlineToolName[];

/** The tools that change the database (tau2's WRITE tools). */
export const AIRLINE_WRITE_TOOLS = [
  "book_reservation",
  "cancel_reservation",
  "send_certificate",
  "update_reservation_baggages",
  "update_reservation_flights",
  "update_reservation_passengers",
] as const satisfies readonly AirlineToolName[];
export type AirlineWriteTool = (typeof AIRLINE_WRITE_TOOLS)[number];

/** The tools that never change the database (reads and tau2's generic tools). */
export const AIRLINE_READ_TOOLS = AIRLINE_TOOL_NAMES.filter((n) => !(AIRLINE_WRITE_TOOLS as readonly string[]).includes(n)) as Exclude<
  AirlineToolName,
  AirlineWriteTool
>[];

export function isAirlineWriteTool(name: string): name is AirlineWriteTool {
  return (AIRLINE_WRITE_TOOLS as readonly string[]).includes(name);
}
