// The players of one match slot: a `gdlkit serve` process per seat a gdlkit SPEC takes (kept from match to
// match, restarted when it died), the URL of an external player, or the manager's random choice.
import type { Endpoint, MatchPlan } from './game-manager.js';
import { type GdlkitCommand, PlayerProcess } from './player-process.js';
import type { PlayerSpec } from './player-spec.js';
import { processConfig } from './run-plan.js';

export class PlayerPool {
  private readonly processes = new Map<number, PlayerProcess[]>();
  private restarts = 0;

  constructor(
    private readonly command: GdlkitCommand,
    private readonly specs: readonly PlayerSpec[],
    private readonly iterations: number | undefined,
  ) {}

  /** Processes restarted after they died (a dead player is restarted for the next match). */
  get restarted(): number {
    return this.restarts;
  }

  /** One endpoint per role of the plan, every process running. */
  async endpoints(plan: MatchPlan): Promise<Endpoint[]> {
    const taken = new Map<number, number>();
    const endpoints: Endpoint[] = [];
    for (const s of plan.seating) {
      const spec = s < 0 ? null : this.specs[s]!;
      if (spec === null || spec.kind === 'random') {
        endpoints.push({ kind: 'random' });
      } else if (spec.kind === 'http') {
        endpoints.push({ kind: 'remote', url: spec.url });
      } else {
        const k = taken.get(s) ?? 0;
        taken.set(s, k + 1);
        const process = await this.process(s, spec, k);
        endpoints.push({ kind: 'remote', url: process.url, process });
      }
    }
    return endpoints;
  }

  async close(): Promise<void> {
    await Promise.all([...this.processes.values()].flat().map((p) => p.stop()));
    this.processes.clear();
  }

  /** Every process of the pool (tests kill one to check that it is restarted). */
  get running(): readonly PlayerProcess[] {
    return [...this.processes.values()].flat();
  }

  private async process(s: number, spec: PlayerSpec, k: number): Promise<PlayerProcess> {
    let list = this.processes.get(s);
    if (!list) this.processes.set(s, (list = []));
    let process = list[k];
    if (!process) {
      process = new PlayerProcess(this.command, processConfig(spec, this.iterations));
      list.push(process);
    } else if (!process.alive) {
      this.restarts++;
    }
    await process.ensureRunning();
    return process;
  }
}
