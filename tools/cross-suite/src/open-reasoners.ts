import {
  BackendUnavailableError,
  BudgetExceededError,
  type Game,
  type Reasoner,
  UnsupportedError,
} from '@gdlkit/core';
import type { SuiteBackend } from './backend-set.js';
import { type Cell, failCell, newCell, skipCell } from './cell.js';
import { ignorePhase, type PhaseListener } from './phase.js';

export interface Opened {
  readonly name: string;
  readonly reasoner: Reasoner;
  readonly cell: Cell;
}

/**
 * Builds one reasoner per backend. A backend that is unavailable, lacks GDL-II support for a GDL-II game, or
 * throws a typed budget/unsupported error is skipped with its reason; any other build error is a failure.
 */
export async function openReasoners(
  gamePath: string,
  game: Game,
  backends: readonly SuiteBackend[],
  buildTimeMs: number,
  onPhase: PhaseListener = ignorePhase,
): Promise<{ opened: Opened[]; cells: Cell[] }> {
  const opened: Opened[] = [];
  const cells: Cell[] = [];
  for (const b of backends) {
    const cell = newCell(gamePath, b.name);
    cells.push(cell);
    if (b.unavailable !== undefined) {
      skipCell(cell, `unavailable: ${b.unavailable}`);
      continue;
    }
    if (game.isGdl2 && !b.backend.capabilities.gdl2) {
      skipCell(cell, 'no GDL-II support');
      continue;
    }
    // Builds are synchronous work; yielding between them keeps the test worker answering its runner.
    await yieldToEventLoop();
    onPhase({ game: gamePath, backend: b.name, activity: 'building' });
    try {
      opened.push({ name: b.name, reasoner: await b.backend.create(game, { buildTimeMs }), cell });
    } catch (e) {
      if (
        e instanceof BudgetExceededError ||
        e instanceof UnsupportedError ||
        e instanceof BackendUnavailableError
      ) {
        skipCell(cell, `${e.name}: ${oneLine(e.message)}`);
      } else {
        failCell(cell, `build failed: ${oneLine(errorMessage(e))}`);
      }
    }
  }
  return { opened, cells };
}

export function errorMessage(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

export function oneLine(text: string): string {
  const line = text.replace(/\s*\n\s*/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
