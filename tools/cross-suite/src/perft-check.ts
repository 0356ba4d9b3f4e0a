import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUTO_ORDER } from '@gdlkit/backends';
import { type Game, jointMoveCount, readTrace, type TraceBlock, type TraceStep } from '@gdlkit/core';
import { gamesDirectory } from '@gdlkit/core/corpus';
import { failCell } from './cell.js';
import { errorMessage, type Opened, oneLine } from './open-reasoners.js';
import { ignorePhase, type PhaseListener } from './phase.js';

export interface PerftOptions {
  /** Grow the depth until the reference count passes this many nodes. */
  readonly nodes: number;
  readonly maxDepth: number;
  /** States along the record, besides the initial one. */
  readonly states: number;
  readonly onPhase?: PhaseListener;
}

/** The match record of a game kept in games/records/<game>.jsonl, if there is one. */
export function recordOf(gamePath: string): TraceBlock | undefined {
  const file = join(gamesDirectory(), 'records', gamePath.replace(/\.kif$/, '.jsonl'));
  if (!existsSync(file)) return undefined;
  return readTrace(readFileSync(file, 'utf8'), file)[0];
}

/** The initial state (step 0) and `count` evenly spaced non-terminal states after it. */
export function statesAlong(record: TraceBlock, count: number): TraceStep[] {
  const open = record.steps.filter((s) => !s.terminal && s.step > 0);
  const picked: TraceStep[] = [record.steps[0]!];
  for (let k = 1; k <= count && open.length > 0; k++) {
    const s = open[Math.floor((k * open.length) / (count + 1))];
    if (s && !picked.includes(s)) picked.push(s);
  }
  return picked;
}

/**
 * Fixed-depth minimax node counts (paper 07, section 4.4: "their node count statistics should match") from
 * each state, on every backend. The depth is chosen on the fastest backend (auto's order) by growing it until
 * the count passes the budget or the next iteration is predicted to cost four budgets, so it is deterministic
 * and the slowest backend is not asked for much more than the budget.
 */
export function checkPerft(
  game: Game,
  opened: readonly Opened[],
  steps: readonly TraceStep[],
  options: PerftOptions,
): void {
  const rank = (o: Opened) => {
    const i = (AUTO_ORDER as readonly string[]).indexOf(o.name);
    return i < 0 ? AUTO_ORDER.length : i;
  };
  const ordered = [...opened].sort((a, b) => rank(a) - rank(b));
  const reference = ordered[0];
  if (!reference) return;
  const onPhase = options.onPhase ?? ignorePhase;
  for (const step of steps) {
    onPhase({ game: game.file, backend: reference.name, activity: `perft at step ${step.step}` });
    const facts = step.state.map((f) => game.parseTerm(f));
    let depth = 0;
    let expected = 1;
    try {
      const state = reference.reasoner.stateFromFacts(facts);
      let previous = 1;
      // The first iteration's cost is known without running it: a state with more joint moves than four
      // budgets (gt_two_thirds_4p: 101^4) is compared at depth 0 only; the replays still compare its legal sets.
      const branching = reference.reasoner.isTerminal(state)
        ? 0
        : jointMoveCount(reference.reasoner.roles.map((_, r) => reference.reasoner.legalMoves(state, r)));
      for (let d = 1; d <= options.maxDepth && (d > 1 || branching <= 4 * options.nodes); d++) {
        const growth = expected / previous;
        if (d > 1 && (expected >= options.nodes || expected * growth > 4 * options.nodes)) break;
        previous = expected;
        expected = reference.reasoner.perft(state, d);
        depth = d;
      }
    } catch (e) {
      failCell(reference.cell, `step ${step.step}: perft failed: ${oneLine(errorMessage(e))}`);
      continue;
    }
    reference.cell.perft.push(`step ${step.step} depth ${depth} = ${expected}`);
    for (const other of ordered.slice(1)) {
      onPhase({
        game: game.file,
        backend: other.name,
        activity: `perft at step ${step.step}, depth ${depth}`,
      });
      try {
        const actual = other.reasoner.perft(other.reasoner.stateFromFacts(facts), depth);
        other.cell.perft.push(`step ${step.step} depth ${depth} = ${actual}`);
        if (actual !== expected) {
          const where = `step ${step.step}: perft depth ${depth}`;
          failCell(other.cell, `${where}: ${actual} nodes, ${reference.name} counts ${expected}`);
          failCell(reference.cell, `${where}: ${expected} nodes, ${other.name} counts ${actual}`);
        }
      } catch (e) {
        failCell(other.cell, `step ${step.step}: perft depth ${depth} failed: ${oneLine(errorMessage(e))}`);
      }
    }
  }
}
