/**
 * Import-cycle check for `npm run check:cycles` (part of `npm test`).
 *
 * Any cycle among the modules of src/, decorators/ and analyzer/ fails the check. Type-only imports
 * (`import type`, `import { type X }`) are left out: they are erased at compile time, so they
 * cannot create a load-order cycle, and a type shared both ways is not a design problem.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import cycle makes load order matter and hides which module owns a concept: extract the shared part into its own module.",
      from: { path: "^(src|decorators|analyzer)/" },
      to: {
        circular: true,
        viaOnly: { dependencyTypesNot: ["type-only"] },
      },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|test)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
