/**
 * How many simulations the search plays from each new leaf (leaf parallelisation), chosen from the costs it
 * measures: the tree's time per descent against the engine's time per simulation. Where a descent costs
 * about as much as a simulation (small games on a fast engine), several simulations per leaf give the engine
 * more of the time; where simulations dominate (large games) one per leaf keeps every simulation's leaf new.
 * docs/decisions.md has the fixed-time strength comparison behind the default.
 */
export class LeafPlayouts {
  /** Simulations per new leaf for the next iteration. */
  current = 1;
  private treeMs = 0;
  private engineMs = 0;
  private descents = 0;
  private simulations = 0;

  /**
   * @param most the largest number chosen (1 turns the choice off)
   * @param share the tree's time per simulation is kept under about 1/share of the engine's
   */
  constructor(
    readonly most: number,
    private readonly share = 4,
  ) {}

  /** A number that does not adapt (an explicit `leafPlayouts` setting). */
  static fixed(n: number): LeafPlayouts {
    const fixed = new LeafPlayouts(1);
    fixed.current = n;
    return fixed;
  }

  /** Learns one iteration's costs (wall milliseconds) and updates `current`. */
  observe(treeMs: number, engineMs: number, descents: number, simulations: number): void {
    if (this.most === 1) return;
    this.treeMs += treeMs;
    this.engineMs += engineMs;
    this.descents += descents;
    this.simulations += simulations;
    // Recent iterations weigh most: costs change as the tree deepens and the game goes on.
    if (this.descents > 4096) {
      this.treeMs /= 2;
      this.engineMs /= 2;
      this.descents /= 2;
      this.simulations /= 2;
    }
    if (this.descents < 64 || this.engineMs <= 0) return;
    const tree = this.treeMs / this.descents;
    const engine = this.engineMs / this.simulations;
    this.current = Math.min(this.most, Math.max(1, Math.ceil((this.share * tree) / engine)));
  }
}
