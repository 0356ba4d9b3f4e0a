import { GdlkitError } from '../errors.js';
import type { GoalJson, TraceBlock, TraceHeader, TraceStep } from './format.js';

/** Where a block of a record file comes from, so that later errors (replay) can name the line. */
export interface RecordLocation {
  readonly file: string;
  /** 1-based line of the header, when the block has one. */
  readonly headerLine?: number;
  /** 1-based line of each step. */
  readonly stepLines: readonly number[];
}

export interface LocatedTraceBlock {
  readonly block: TraceBlock;
  readonly location: RecordLocation;
}

/** Reads a trace or match record; throws BAD_RECORD naming the file, line and problem. */
export function readTrace(text: string, file = '<record>'): TraceBlock[] {
  return readLocatedTrace(text, file).map((b) => b.block);
}

/** readTrace, with the line of every header and step. */
export function readLocatedTrace(text: string, file = '<record>'): LocatedTraceBlock[] {
  type Block = { header?: TraceHeader; steps: TraceStep[]; headerLine?: number; stepLines: number[] };
  const blocks: Block[] = [];
  let current: Block | undefined;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const where = `${file}:${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      throw new GdlkitError('BAD_RECORD', `${where}: not valid JSON (${(e as Error).message})`);
    }
    if (!isObject(value)) throw new GdlkitError('BAD_RECORD', `${where}: expected a JSON object`);
    if (value.header === true) {
      current = { header: readHeader(value, where), steps: [], headerLine: i + 1, stepLines: [] };
      blocks.push(current);
      continue;
    }
    const step = readStep(value, where);
    if (step.step === 0 || !current) {
      if (step.step !== 0) throw new GdlkitError('BAD_RECORD', `${where}: a match must start with step 0`);
      if (!current || current.steps.length > 0) {
        current = { steps: [], stepLines: [] };
        blocks.push(current);
      }
    } else if (step.step !== current.steps.length) {
      throw new GdlkitError(
        'BAD_RECORD',
        `${where}: expected step ${current.steps.length}, found step ${step.step}`,
      );
    }
    current.steps.push(step);
    current.stepLines.push(i + 1);
  }
  return blocks.map(({ header, steps, headerLine, stepLines }) => {
    if (steps.length === 0) {
      throw new GdlkitError('BAD_RECORD', `${file}:${headerLine}: a header with no steps`);
    }
    return {
      block: header ? { header, steps } : { steps },
      location: headerLine === undefined ? { file, stepLines } : { file, headerLine, stepLines },
    };
  });
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function stringList(v: unknown, where: string, field: string): string[] {
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) {
    throw new GdlkitError('BAD_RECORD', `${where}: '${field}' must be a list of strings`);
  }
  return v;
}

function stringMap<T>(
  v: unknown,
  where: string,
  field: string,
  read: (x: unknown, key: string) => T,
): Record<string, T> {
  if (!isObject(v))
    throw new GdlkitError('BAD_RECORD', `${where}: '${field}' must be an object keyed by role`);
  const out: Record<string, T> = {};
  for (const [k, x] of Object.entries(v)) out[k] = read(x, k);
  return out;
}

function readHeader(v: Record<string, unknown>, where: string): TraceHeader {
  return {
    header: true,
    game: typeof v.game === 'string' ? v.game : '',
    backend: typeof v.backend === 'string' ? v.backend : '',
    seed: typeof v.seed === 'number' ? v.seed : 0,
    roles: v.roles === undefined ? [] : stringList(v.roles, where, 'roles'),
  };
}

function readGoal(x: unknown, where: string): GoalJson {
  if (x === null || (typeof x === 'number' && Number.isInteger(x))) return x;
  if (Array.isArray(x) && x.every((g) => typeof g === 'number')) return x;
  throw new GdlkitError(
    'BAD_RECORD',
    `${where}: a goal value must be an integer, null or a list of integers`,
  );
}

function readStep(v: Record<string, unknown>, where: string): TraceStep {
  if (typeof v.step !== 'number' || !Number.isInteger(v.step) || v.step < 0) {
    throw new GdlkitError('BAD_RECORD', `${where}: 'step' must be a non-negative integer`);
  }
  const step: {
    -readonly [K in keyof TraceStep]: TraceStep[K];
  } = {
    step: v.step,
    state: v.state === undefined ? [] : stringList(v.state, where, 'state'),
    terminal: v.terminal === true,
  };
  if (v.legal !== undefined)
    step.legal = stringMap(v.legal, where, 'legal', (x, k) => stringList(x, where, `legal.${k}`));
  if (v.goals !== undefined) step.goals = stringMap(v.goals, where, 'goals', (x) => readGoal(x, where));
  if (v.moves !== undefined) {
    step.moves = stringMap(v.moves, where, 'moves', (x, k) => {
      if (typeof x !== 'string')
        throw new GdlkitError('BAD_RECORD', `${where}: 'moves.${k}' must be a string`);
      return x;
    });
  }
  if (v.sees !== undefined)
    step.sees = stringMap(v.sees, where, 'sees', (x, k) => stringList(x, where, `sees.${k}`));
  return step;
}
