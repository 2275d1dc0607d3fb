/**
 * Tests that need a service this machine may lack (PostgreSQL, Chromium): under CI the service is
 * required (`.ci/run` installs it), so a missing one is an error, never a skip; elsewhere the
 * suite does not run and says so on stderr, with the fix.
 */
export function optionalService<T>(name: string, found: T | undefined, fix: string): T | undefined {
  if (found !== undefined) return found;
  if (process.env["CI"] && process.env["CI"] !== "false") {
    throw new Error(`${name} is missing but CI is set: this suite must run in CI. Fix: ${fix}`);
  }
  console.warn(`[concordat] ${name} suite NOT RUN: ${name} is missing on this machine. To run it: ${fix}`);
  return undefined;
}
