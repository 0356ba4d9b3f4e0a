/** The outcome of one backend on one game: the rows of CONFORMANCE.md. */
export type CellStatus = 'pass' | 'fail' | 'skip';

export interface Cell {
  readonly game: string;
  readonly backend: string;
  status: CellStatus;
  /** Why the cell was skipped or failed (the first reason; the others are in `problems`). */
  reason?: string;
  readonly problems: string[];
  /** Matches this backend played or replayed and compared. */
  matches: number;
  /** States compared. */
  steps: number;
  /** Fixed-depth node counts this backend produced: "step s depth d = n". */
  readonly perft: string[];
}

export function newCell(game: string, backend: string): Cell {
  return { game, backend, status: 'pass', problems: [], matches: 0, steps: 0, perft: [] };
}

export function skipCell(cell: Cell, reason: string): void {
  cell.status = 'skip';
  cell.reason = reason;
}

export function failCell(cell: Cell, problem: string): void {
  if (cell.status !== 'fail') cell.reason = problem;
  cell.status = 'fail';
  cell.problems.push(problem);
}
