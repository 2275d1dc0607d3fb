import { describe, expectTypeOf, it } from "vitest";
import type { StateNameOf, ToolArgs, ToolNameOf } from "../../src/protocol/protocol.js";
import type { airlineProtocol } from "../../src/domains/airline/protocol.js";
import type { AirlineToolName, AirlineWriteTool } from "../../src/domains/airline/tool-specs.js";
import type { AirlineTools } from "../../src/domains/airline/tools.js";

type P = typeof airlineProtocol;

describe("airline protocol types", () => {
  it("state and tool names are literal unions", () => {
    expectTypeOf<StateNameOf<P>>().toEqualTypeOf<"start" | "reservation_seen" | "identified" | "reservation_open" | "transferred">();
    expectTypeOf<ToolNameOf<P>>().toEqualTypeOf<AirlineToolName>();
    expectTypeOf<AirlineWriteTool>().toExtend<AirlineToolName>();
  });

  it("tool arguments and results are typed", () => {
    expectTypeOf<ToolArgs<P, "cancel_reservation">>().toEqualTypeOf<{ reservation_id: string }>();
    expectTypeOf<ToolArgs<P, "update_reservation_baggages">["total_baggages"]>().toEqualTypeOf<number>();
    expectTypeOf<ReturnType<AirlineTools["calculate"]>>().toEqualTypeOf<string>();
    expectTypeOf<ReturnType<AirlineTools["get_reservation_details"]>["cabin"]>().toEqualTypeOf<"basic_economy" | "economy" | "business">();
  });
});
