// Smoke test of the BUILT decorators with plain node: no TypeScript, no test transform.
// Decorators are applied by hand, following the TC39 call protocol (method decorators get
// (value, context), class decorators (class, context), one metadata object per class) and the
// legacy protocol ((prototype, key, descriptor) and (class)). Exits non-zero on failure.
//   node test/smoke/decorators-dist.mjs        (after npm run build)
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const distDir = process.env.CONCORDAT_DIST_DIR ?? join(root, "dist");
const deco = await import(pathToFileURL(join(distDir, "decorators", "index.js")).href);
const core = await import(pathToFileURL(join(distDir, "src", "index.js")).href);
const testing = await import(pathToFileURL(join(distDir, "src", "testing", "index.js")).href);
const { z } = await import("zod");
const { enforce, tool, Agent, sessionOf } = deco;
const { ScriptedModelClient, toolCalls, call, say } = testing;
const { defineProtocol, ProtocolViolation } = core;

assert.equal(typeof Symbol.metadata, "symbol", "the decorators install the Symbol.metadata polyfill");

/** Applies decorators the way TC39 standard decorators do. */
function tc39(Class, { classDecorators = [], methods = {} }) {
  const parentMeta = Object.getPrototypeOf(Class)?.[Symbol.metadata] ?? null;
  const metadata = Object.create(parentMeta);
  for (const [key, decorators] of Object.entries(methods)) {
    let fn = Class.prototype[key];
    for (const d of [...decorators].reverse()) {
      const r = d(fn, {
        kind: "method",
        name: key,
        static: false,
        private: false,
        metadata,
        addInitializer() {},
        access: { has: (o) => key in o, get: (o) => o[key] },
      });
      if (r !== undefined) fn = r;
    }
    Object.defineProperty(Class.prototype, key, { value: fn, writable: true, configurable: true, enumerable: false });
  }
  let C = Class;
  for (const d of [...classDecorators].reverse()) {
    const r = d(C, { kind: "class", name: Class.name, metadata, addInitializer() {} });
    if (r !== undefined) C = r;
  }
  Object.defineProperty(C, Symbol.metadata, { value: metadata, writable: true, configurable: true, enumerable: false });
  return C;
}

/** Applies decorators the way TypeScript's experimentalDecorators emit does. */
function legacy(Class, { classDecorators = [], methods = {} }) {
  for (const [key, decorators] of Object.entries(methods)) {
    let desc = Object.getOwnPropertyDescriptor(Class.prototype, key);
    for (const d of [...decorators].reverse()) desc = d(Class.prototype, key, desc) ?? desc;
    Object.defineProperty(Class.prototype, key, desc);
  }
  let C = Class;
  for (const d of [...classDecorators].reverse()) C = d(C) ?? C;
  return C;
}

const door = defineProtocol({
  name: "door",
  initial: "closed",
  terminal: ["gone"],
  tools: {
    knock: {
      input: z.object({ times: z.number().int().positive() }),
      effect: "read",
      outcomes: ["answered", "silence"],
      outcome: (r) => (r.ok && r.value === "hello" ? "answered" : "silence"),
    },
    open_door: { input: z.object({}), effect: "write" },
    leave: { input: z.object({}), effect: "read" },
  },
  states: {
    closed: { on: { knock: { answered: "invited", silence: "closed" }, leave: { ok: "gone" } } },
    invited: { on: { open_door: { ok: "inside" }, leave: { ok: "gone" } } },
    inside: { on: { leave: { ok: "gone" } } },
    gone: {},
  },
});

async function refused(promise) {
  try {
    await promise;
  } catch (e) {
    assert.ok(e instanceof ProtocolViolation, `expected a ProtocolViolation, got ${e}`);
    return e;
  }
  assert.fail("expected the call to be refused");
}

for (const [mode, apply] of [
  ["tc39", tc39],
  ["legacy", legacy],
]) {
  const log = [];
  let Visitor = class Visitor extends Agent {
    async knock({ times }) {
      log.push(`knock ${times}`);
      return "hello";
    }
    async open() {
      log.push("open");
      return "opened";
    }
    async leave() {
      return "bye";
    }
    async barge() {
      return this.open();
    }
  };
  Visitor = apply(Visitor, {
    classDecorators: [mode === "tc39" ? door.enforce : enforce(door)],
    methods: { knock: [tool()], open: [tool("open_door")], leave: [tool({ name: "leave" })] },
  });

  const v = new Visitor();
  assert.deepEqual(
    v.availableTools().map((t) => t.name),
    ["knock", "leave"],
    `${mode}: availableTools`,
  );
  const barge = await refused(v.barge());
  assert.equal(barge.code, "tool_not_allowed", `${mode}: barge() is refused`);
  assert.deepEqual(log, [], `${mode}: the refused body did not run`);
  assert.equal((await refused(v.knock({ times: 0 }))).code, "invalid_arguments", `${mode}: schema checked`);
  assert.equal(await v.knock({ times: 2 }), "hello");
  assert.equal(await v.barge(), "opened", `${mode}: allowed after the knock was answered`);
  assert.deepEqual(log, ["knock 2", "open"]);
  assert.equal(sessionOf(v).state, "inside");

  // an override in a plain subclass stays guarded
  class Pushy extends Visitor {
    async open() {
      log.push("pushy open");
      return "pushed";
    }
  }
  const p = new Pushy();
  assert.equal((await refused(p.open())).code, "tool_not_allowed", `${mode}: override guarded`);
  assert.ok(!log.includes("pushy open"), `${mode}: override body did not run`);

  // a weaker subclass fails at definition
  const pushyDoor = defineProtocol({
    name: "pushy-door",
    initial: "closed",
    terminal: ["gone"],
    tools: { ...door.tools },
    states: { closed: { on: { open_door: { ok: "inside" }, leave: { ok: "gone" } } }, inside: { on: { leave: { ok: "gone" } } }, gone: {} },
  });
  let weakened;
  try {
    apply(class Burglar extends Visitor {}, { classDecorators: [enforce(pushyDoor)] });
  } catch (e) {
    weakened = e;
  }
  assert.ok(weakened instanceof ProtocolViolation, `${mode}: weakened subclass refused`);
  assert.equal(weakened.code, "protocol_weakened");
  assert.equal(weakened.message, "Burglar allows open_door first, but Visitor requires knock[answered] before open_door");

  // the agent loop with a scripted model
  const model = new ScriptedModelClient([toolCalls(call("open_door")), toolCalls(call("knock", { times: 1 })), toolCalls(call("open_door")), say("in")]);
  const agent = new Visitor({ model });
  const step = await agent.step("go in");
  assert.equal(step.text, "in");
  assert.deepEqual(
    step.rejections.map((r) => r.code),
    ["tool_not_allowed"],
  );
  assert.deepEqual(
    step.executed.map((e) => `${e.call.name}:${e.from}->${e.to}`),
    ["knock:closed->invited", "open_door:invited->inside"],
  );
  assert.deepEqual(model.offeredTools()[0], ["knock", "leave"], `${mode}: the model saw only the allowed tools`);
  console.log(`decorators (${mode}) from dist: ok`);
}
