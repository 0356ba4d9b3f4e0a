import type { Game } from '@gdlkit/core';
import { loadCorpusGame } from '@gdlkit/core/corpus';
import type { SuiteBackend } from './backend-set.js';
import { type Cell, newCell, skipCell } from './cell.js';
import { checkMatches, type Disagreement } from './match-check.js';
import { errorMessage, oneLine, openReasoners, yieldToEventLoop } from './open-reasoners.js';
import { checkPerft, recordOf, statesAlong } from './perft-check.js';
import { ignorePhase, type PhaseListener } from './phase.js';
import type { CrossSettings } from './settings.js';

export interface GameReport {
  readonly game: string;
  readonly cells: Cell[];
  readonly disagreements: Disagreement[];
  /** Remarks that are not failures, e.g. seeds dropped past the time budget. */
  readonly notes: string[];
}

/** Runs every check of the suite on one game (paths relative to games/). */
export async function checkGame(
  gamePath: string,
  backends: readonly SuiteBackend[],
  settings: CrossSettings,
  onPhase: PhaseListener = ignorePhase,
): Promise<GameReport> {
  let game: Game;
  try {
    game = loadCorpusGame(gamePath);
  } catch (e) {
    const cells = backends.map((b) => newCell(gamePath, b.name));
    for (const c of cells) skipCell(c, `game does not load: ${oneLine(errorMessage(e))}`);
    return { game: gamePath, cells, disagreements: [], notes: [] };
  }
  const { opened, cells } = await openReasoners(gamePath, game, backends, settings.buildTimeMs, onPhase);
  const notes: string[] = [];
  try {
    await yieldToEventLoop();
    const matches = checkMatches(gamePath, opened, {
      seeds: settings.seeds,
      maxSteps: settings.maxSteps,
      timeMs: settings.gameTimeMs,
      onPhase,
    });
    if (matches.seedsRun < settings.seeds) {
      notes.push(`${matches.seedsRun} of ${settings.seeds} seeds within ${settings.gameTimeMs} ms`);
    }
    await yieldToEventLoop();
    const record = recordOf(gamePath) ?? matches.traces[0];
    if (record) {
      checkPerft(game, opened, statesAlong(record, settings.perftStates), {
        nodes: settings.perftNodes,
        maxDepth: settings.perftMaxDepth,
        states: settings.perftStates,
        onPhase,
      });
    }
    return { game: gamePath, cells, disagreements: matches.disagreements, notes };
  } finally {
    for (const o of opened) o.reasoner.dispose();
  }
}
