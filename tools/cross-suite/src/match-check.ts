import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstDifference, playRandomMatch, replayMatch, type TraceBlock, writeTrace } from '@gdlkit/core';
import { failCell } from './cell.js';
import { errorMessage, type Opened, oneLine } from './open-reasoners.js';
import { ignorePhase, type PhaseListener } from './phase.js';

/** A disagreement between two backends on one seeded match, with the files that reproduce it. */
export interface Disagreement {
  readonly game: string;
  readonly seed: number;
  readonly step: number;
  readonly playedBy: string;
  readonly replayedBy: string;
  readonly summary: string;
  readonly traceDir: string;
}

export interface MatchCheckResult {
  readonly disagreements: Disagreement[];
  /** The traces played, one per seed (used to pick states for the node-count comparison). */
  readonly traces: TraceBlock[];
  readonly seedsRun: number;
}

/**
 * Seed i is played by backend i mod n (so every backend leads some matches) and replayed on every other one;
 * the canonical traces are compared step by step. With a single backend the match is replayed on the same
 * reasoner, which still checks that replaying a record reproduces the trace.
 */
export function checkMatches(
  gamePath: string,
  opened: readonly Opened[],
  options: { seeds: number; maxSteps: number; timeMs: number; onPhase?: PhaseListener },
): MatchCheckResult {
  const disagreements: Disagreement[] = [];
  const traces: TraceBlock[] = [];
  const t0 = performance.now();
  let seedsRun = 0;
  for (let i = 0; i < options.seeds && opened.length > 0; i++) {
    if (i > 0 && performance.now() - t0 > options.timeMs) break;
    seedsRun++;
    const seed = i + 1;
    const player = opened[i % opened.length]!;
    let trace: TraceBlock;
    const onPhase = options.onPhase ?? ignorePhase;
    onPhase({ game: gamePath, backend: player.name, activity: `playing seed ${seed}` });
    try {
      trace = playRandomMatch(player.reasoner, { seed, maxSteps: options.maxSteps });
    } catch (e) {
      failCell(player.cell, `seed ${seed}: playing failed: ${oneLine(errorMessage(e))}`);
      continue;
    }
    traces.push(trace);
    player.cell.matches++;
    player.cell.steps += trace.steps.length;
    const others = opened.length === 1 ? opened : opened.filter((o) => o !== player);
    for (const other of others) {
      let replay: TraceBlock;
      onPhase({ game: gamePath, backend: other.name, activity: `replaying seed ${seed}` });
      try {
        replay = replayMatch(other.reasoner, trace);
      } catch (e) {
        const problem = `seed ${seed}: replaying ${player.name}'s match failed: ${oneLine(errorMessage(e))}`;
        failCell(other.cell, `${problem} (traces: ${writeTraces(gamePath, seed, [[player.name, trace]])})`);
        continue;
      }
      other.cell.matches++;
      other.cell.steps += replay.steps.length;
      const diff = firstDifference(trace.steps, replay.steps);
      if (!diff) continue;
      const traceDir = writeTraces(gamePath, seed, [
        [player.name, trace],
        [`${other.name}-replay`, replay],
      ]);
      const d: Disagreement = {
        game: gamePath,
        seed,
        step: diff.step,
        playedBy: player.name,
        replayedBy: other.name,
        summary: diff.summary,
        traceDir,
      };
      disagreements.push(d);
      const text = describeDisagreement(d);
      failCell(other.cell, text);
      if (other !== player) failCell(player.cell, text);
    }
  }
  return { disagreements, traces, seedsRun };
}

export function describeDisagreement(d: Disagreement): string {
  return (
    `${d.game} seed ${d.seed}: ${d.playedBy} (played) vs ${d.replayedBy} (replayed): ${d.summary}; ` +
    `traces in ${d.traceDir}; reproduce: gdlkit replay games/${d.game} ${join(d.traceDir, `${d.playedBy}.jsonl`)} --backend ${d.replayedBy}`
  );
}

/** Writes each trace to <tmp>/gdlkit-cross-<game>-seed<N>-XXXX/<name>.jsonl and returns the folder. */
function writeTraces(gamePath: string, seed: number, traces: [string, TraceBlock][]): string {
  const slug = gamePath.replace(/\.kif$/, '').replace(/[^a-zA-Z0-9_-]+/g, '_');
  const dir = mkdtempSync(join(tmpdir(), `gdlkit-cross-${slug}-seed${seed}-`));
  for (const [name, trace] of traces) writeFileSync(join(dir, `${name}.jsonl`), writeTrace([trace]));
  return dir;
}
