// The trace / match-record JSON Lines format of DESIGN.md section 4.

/** A goal value as written in a trace: an integer, null, or several sorted integers. */
export type GoalJson = number | null | number[];

export interface TraceHeader {
  readonly header: true;
  readonly game: string;
  readonly backend: string;
  readonly seed: number;
  readonly roles: readonly string[];
}

export interface TraceStep {
  readonly step: number;
  /** Sorted fluents without the true(...) wrapper. */
  readonly state: readonly string[];
  readonly legal?: Readonly<Record<string, readonly string[]>>;
  readonly terminal: boolean;
  readonly goals?: Readonly<Record<string, GoalJson>>;
  /** The joint move chosen in this state; absent in the terminal state. */
  readonly moves?: Readonly<Record<string, string>>;
  /** Percepts the joint move produces (GDL-II only). */
  readonly sees?: Readonly<Record<string, readonly string[]>>;
}

export interface TraceBlock {
  readonly header?: TraceHeader;
  readonly steps: readonly TraceStep[];
}

/** Serialises blocks as JSON Lines, one object per line, with a trailing newline. */
export function writeTrace(blocks: readonly TraceBlock[]): string {
  const lines: string[] = [];
  for (const block of blocks) {
    if (block.header) lines.push(JSON.stringify(block.header));
    for (const step of block.steps) lines.push(JSON.stringify(step));
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
