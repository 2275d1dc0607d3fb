/**
 * `npm run check:examples`: runs `concordat check` on the good examples (expects exit 0) and
 * on examples/broken (expects exit 1, and prints its diagnostics).
 */
import { run } from "../src/cli/run.js";
import { processIo, type CliIo } from "../src/cli/io.js";

const io: CliIo = processIo();
const cases: { title: string; argv: string[]; expect: number }[] = [
  { title: "good examples (examples/refund)", argv: ["check", "examples/refund"], expect: 0 },
  { title: "broken examples (examples/broken)", argv: ["check", "--project", "examples/broken/tsconfig.json"], expect: 1 },
];

let failed = 0;
for (const c of cases) {
  io.stdout(`\n$ concordat ${c.argv.join(" ")}    # ${c.title}, expecting exit ${c.expect}\n`);
  const code = await run(c.argv, io);
  const ok = code === c.expect;
  if (!ok) failed++;
  io.stdout(`${ok ? "ok" : "FAILED"}: exit ${code} (expected ${c.expect})\n`);
}
process.exitCode = failed ? 1 : 0;
