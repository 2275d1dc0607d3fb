import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    setupFiles: ["./src/polyfill/symbol-metadata.ts"],
    globalSetup: ["./test/support/postgres-global-setup.ts"],
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
    testTimeout: 30000,
    pool: "forks",
  },
});
