import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ProtocolViolation } from "../../src/index.js";
import { RefundAgent } from "../../examples/readme/readme-agent.js";

const root = join(import.meta.dirname, "..", "..");

/** The README's TypeScript block under "A protocol and an agent", with the package imports as a user writes them. */
function readmeSnippet(): string {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const match = /## A protocol and an agent\n\n```ts\n([\s\S]*?)```/.exec(readme);
  if (!match?.[1]) throw new Error('README.md has no ```ts block under "## A protocol and an agent"');
  return match[1];
}

describe("the README's protocol and agent", () => {
  it("is the code of examples/readme/readme-agent.ts (which the typecheck covers)", () => {
    const example = readFileSync(join(root, "examples", "readme", "readme-agent.ts"), "utf8")
      .split("\n")
      .filter((line) => !line.startsWith("//"))
      .join("\n")
      .replaceAll('"../../src/index.js"', '"concordat"')
      .replaceAll('"../../decorators/index.js"', '"concordat/decorators"')
      .replace("export const refund", "const refund")
      .replace("export class RefundAgent", "class RefundAgent");
    expect(example).toBe(readmeSnippet());
  });

  it("refuses the refund without the user's confirmation", async () => {
    const agent = new RefundAgent();
    await agent.lookup_booking({ bookingId: "B-1" });
    const refused = await agent.issue_refund({ bookingId: "B-1", amount: 120 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProtocolViolation);
    expect((refused as ProtocolViolation).code).toBe("confirmation_missing");
  });
});
