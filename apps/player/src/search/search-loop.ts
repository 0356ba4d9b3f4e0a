import type { Search } from './search.js';

/**
 * Runs a search in slices on the event loop (setImmediate between slices), so the server keeps answering
 * while it searches; a reply timer fires between slices at the latest one slice after its time.
 */
export class SearchLoop {
  private generation = 0;
  private finish: (() => void) | null = null;

  constructor(
    private readonly sliceMs = 20,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  get active(): boolean {
    return this.finish !== null;
  }

  /**
   * Searches until `stopAt` (performance.now() ms), or until the search has completed `maxIterations`
   * simulations since its last real move, replacing whatever ran before. The promise resolves when this run
   * ends: time or iterations are up, the search has nothing left to do, it failed, or another run replaced it.
   */
  start(search: Search, stopAt: number, maxIterations = Number.POSITIVE_INFINITY): Promise<void> {
    this.stop();
    const generation = ++this.generation;
    const done = new Promise<void>((resolve) => {
      this.finish = resolve;
    });
    const end = () => {
      if (generation !== this.generation) return;
      this.generation++;
      const finish = this.finish;
      this.finish = null;
      finish?.();
    };
    const slice = () => {
      if (generation !== this.generation) return;
      const now = performance.now();
      if (now >= stopAt) return end();
      const sliceEnd = Math.min(now + this.sliceMs, stopAt);
      try {
        while (performance.now() < sliceEnd) {
          if (
            search.iterations >= maxIterations ||
            !search.iterate(stopAt, maxIterations - search.iterations)
          ) {
            return end();
          }
        }
      } catch (e) {
        end();
        this.onError(e);
        return;
      }
      setImmediate(slice);
    };
    setImmediate(slice);
    return done;
  }

  stop(): void {
    this.generation++;
    const finish = this.finish;
    this.finish = null;
    finish?.();
  }
}
