/**
 * protocol-weakening for tool attributes beyond traces: confirmation, subjects, confirmation
 * lifetime, effect and argument schemas (read from zod source), on protocols derived the
 * documented way (`parent.extend`) and with the spread form. Every invalid case here passed
 * silently before the refinement covered these attributes.
 */
import { base } from "./fixtures.js";
import { errorAt, ruleTable, type Files } from "./harness.js";

const capped = `import { z } from "zod";
import { enforce } from "concordat/decorators";
import { refundProtocol } from "./refund-protocol.js";
import { RefundAgent } from "./refund-agent.js";

export const Amount = z.number().positive().max(500);
export const RefundArgs = z.object({ id: z.string().min(1), amount: Amount });

export const cappedProtocol = refundProtocol.extend({
  name: "capped",
  tools: { issue_refund: { ...refundProtocol.config.tools.issue_refund, input: RefundArgs, subjects: ["id"], confirmationTtlMs: 300000 } },
});

@enforce(cappedProtocol)
export class CappedAgent extends RefundAgent {}
`;

/** A child of CappedAgent whose issue_refund spec is `{ ...parent's, <spec> }`. */
const childWith = (spec: string, header = ""): Files => ({
  ...base,
  "capped.ts": capped,
  "child.ts": `import { z } from "zod";
import { enforce } from "concordat/decorators";
import { CappedAgent, cappedProtocol, Amount, RefundArgs } from "./capped.js";
${header}
void z; void Amount; void RefundArgs;
export const childProtocol = cappedProtocol.extend({
  name: "child",
  tools: { issue_refund: { ...cappedProtocol.config.tools.issue_refund, ${spec} } },
});

@enforce(childProtocol)
export class ChildAgent extends CappedAgent {}
`,
});

const at = (files: Files, message: RegExp) => [errorAt(files, "child.ts", "enforce(childProtocol)", { message })];

const stricter = childWith(
  `input: z.strictObject({ id: z.string().min(1).max(40), amount: Amount.max(100).multipleOf(0.01) }), subjects: ["id", "amount"], confirmationTtlMs: 60000`,
);
const sameSchema = childWith(`description: "the parent's schema, another description"`);
const extendedSchema = childWith(`input: RefundArgs.extend({ note: z.string().max(200).optional() })`);
const shapeSpread = childWith(`input: z.object({ ...RefundArgs.shape, amount: Amount.int() })`);
const spreadForm: Files = {
  ...base,
  "capped.ts": capped,
  "child.ts": `import { defineProtocol } from "concordat";
import { enforce } from "concordat/decorators";
import { CappedAgent, cappedProtocol } from "./capped.js";

export const childProtocol = defineProtocol({ ...cappedProtocol.config, name: "child", budget: { toolCalls: 30 } });

@enforce(childProtocol)
export class ChildAgent extends CappedAgent {}
`,
};
const assumed = childWith(
  `input: z.object({ id: z.string().min(1), amount: Amount.refine((n) => n % 5 === 0) }), assumeRefinement: "the refine only rejects more amounts"`,
);

const unconfirmed = childWith(`requiresConfirmation: false, confirmationTtlMs: undefined`);
const fewerSubjects = childWith(`subjects: []`);
const longerLived = childWith(`confirmationTtlMs: 3600000`);
const noTtl = childWith(`confirmationTtlMs: undefined`);
const uncapped = childWith(`input: z.object({ id: z.string().min(1), amount: z.number().positive() })`);
const optionalId = childWith(`input: RefundArgs.partial()`);
const looseAmount = childWith(`input: z.object({ id: z.string().min(1), amount: z.union([Amount, z.string()]) })`);
const readEffect = childWith(`effect: "read", requiresConfirmation: false, confirmationTtlMs: undefined`);
const parentRefine: Files = {
  ...childWith(`input: z.object({ id: z.string().min(1), amount: z.number().positive().max(100) })`),
  "capped.ts": capped.replace(
    "export const Amount = z.number().positive().max(500);",
    "export const Amount = z.number().positive().max(500).refine((n) => Number.isInteger(n * 100));",
  ),
};
const otherPattern = childWith(`input: z.object({ id: z.string().regex(/^B[0-9]+$/), amount: Amount })`, "").valueOf() as Files;
const patterned: Files = { ...otherPattern, "capped.ts": capped.replace("id: z.string().min(1)", "id: z.string().regex(/^[A-Z][0-9]+$/)") };
const unreadable = childWith(`input: makeArgs(500)`, `import { makeArgs } from "./schemas.js";`);
const unreadableFiles: Files = {
  ...unreadable,
  "schemas.ts": `import { z } from "zod";\nexport function makeArgs(max: number) {\n  const shape = { id: z.string().min(1) };\n  for (const k of ["amount"]) Object.assign(shape, { [k]: z.number().max(max) });\n  return z.object(shape);\n}\n`,
};

ruleTable("protocol-weakening", {
  valid: [
    { name: "a child stricter in schema, subjects and confirmation lifetime", files: stricter },
    { name: "a child keeping the parent's schema object", files: sameSchema },
    { name: "a child extending the parent's zod object with an optional key", files: extendedSchema },
    { name: "a child spreading the parent's shape and narrowing a field", files: shapeSpread },
    { name: "a child written with the spread form", files: spreadForm },
    { name: "a child refine that cannot be compared, with a reason given", files: assumed },
  ],
  invalid: [
    {
      name: "a child dropping requiresConfirmation",
      files: unconfirmed,
      errors: at(unconfirmed, /ChildAgent's issue_refund runs without the user's confirmation, but CappedAgent's issue_refund requires it/),
    },
    { name: "a child shrinking subjects", files: fewerSubjects, errors: at(fewerSubjects, /it drops id/) },
    {
      name: "a child lengthening the confirmation lifetime",
      files: longerLived,
      errors: at(longerLived, /keeps a confirmation valid for 3600000 ms, but CappedAgent's issue_refund lets a confirmation live at most 300000 ms/),
    },
    { name: "a child dropping the confirmation lifetime", files: noTtl, errors: at(noTtl, /sets no confirmationTtlMs/) },
    {
      name: "a child removing max(500)",
      files: uncapped,
      errors: at(uncapped, /amount: the parent allows at most 500, the child has no maximum\. Counterexample: issue_refund\(\{"id":"a","amount":501\}\)/),
    },
    {
      name: "a child making a required argument optional (.partial())",
      files: optionalId,
      errors: at(optionalId, /id: the parent requires "id", the child makes it optional\. Counterexample: issue_refund\(\{\}\)/),
    },
    {
      name: "a child accepting another type in a union",
      files: looseAmount,
      errors: at(looseAmount, /amount: the child accepts strings, the parent does not/),
    },
    {
      name: "a child turning the write into a read",
      files: readEffect,
      errors: at(readEffect, /is declared effect "read", but it stands for CappedAgent's issue_refund, a write/),
    },
    {
      name: "a parent refine the child does not share",
      files: parentRefine,
      errors: at(parentRefine, /Cannot prove refinement: .*\.refine\(\) check that the child's does not share.*assumeRefinement/),
    },
    { name: "a different pattern", files: patterned, errors: at(patterned, /Cannot prove refinement: .*patterns are compared only for equality/) },
    {
      name: "a child schema the analyzer cannot rebuild",
      files: unreadableFiles,
      errors: at(
        unreadableFiles,
        /Cannot prove refinement: .*the input schema of ChildAgent's issue_refund cannot be read: the result of calling `makeArgs\(\)` is not a static value/,
      ),
    },
  ],
});
