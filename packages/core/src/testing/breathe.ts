/**
 * Lets the test worker's event loop run. Vitest's worker times out an RPC to the runner whose reply it has not
 * read within 60 s, and a synchronous stretch that long happens on a loaded 2-core machine (issue 25): long
 * tests await this between their units of work so that no stretch approaches it.
 */
export function breathe(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
