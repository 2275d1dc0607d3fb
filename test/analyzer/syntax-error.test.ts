import { base } from "./fixtures.js";
import { errorAt, ruleTable, type Files } from "./harness.js";

const brokenAgent: Files = {
  ...base,
  "refund-agent.ts": base["refund-agent.ts"].replace(
    "async issueRefund(args: { id: string; amount: number }) {",
    "async issueRefund(args: { id: string; amount: number } {",
  ),
};
const brokenHelper: Files = { ...base, "helper.ts": `export function half(n: number) {\n  return n / ;\n}\n` };

ruleTable("syntax-error", {
  valid: [{ name: "files that parse", files: base }],
  invalid: [
    {
      name: "a tool method whose parameter list is not closed (the check passed with no problems before)",
      files: brokenAgent,
      errors: [
        errorAt(brokenAgent, "refund-agent.ts", "{\n    const booking", {
          message: /^Syntax error: '[,)]' expected\. \(\d+ more after it\) The analyzer cannot read this file completely/,
        }),
      ],
    },
    {
      name: "a helper with an expression missing",
      files: brokenHelper,
      errors: [errorAt(brokenHelper, "helper.ts", ";\n}", { message: /Syntax error: Expression expected/ })],
    },
  ],
});
