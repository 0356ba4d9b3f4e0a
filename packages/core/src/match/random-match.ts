import { GdlkitError } from '../errors.js';
import type { Reasoner } from '../reasoner/types.js';
import { Rng } from '../rng.js';
import type { TermId } from '../terms/term-store.js';
import type { TraceBlock } from '../trace/format.js';
import type { RecordLocation } from '../trace/reader.js';
import { describeState, type StepOptions, withMove } from './trace-step.js';

export interface MatchOptions extends StepOptions {
  readonly seed: number;
  /** Stop (without a terminal state) after this many joint moves; default 1000. */
  readonly maxSteps?: number;
}

/**
 * A uniform random match. Moves are drawn from the canonically sorted legal lists, so every correct backend
 * plays the same match for the same seed.
 */
export function playRandomMatch<S>(reasoner: Reasoner<S>, options: MatchOptions): TraceBlock {
  const rng = new Rng(options.seed);
  const maxSteps = options.maxSteps ?? 1000;
  const store = reasoner.game.store;
  const steps = [];
  let state = reasoner.initialState();
  for (let step = 0; ; step++) {
    const { line, legal } = describeState(reasoner, state, step, options);
    if (line.terminal || step >= maxSteps) {
      steps.push(line);
      break;
    }
    const move: TermId[] = legal.map((moves, r) => {
      if (moves.length === 0) {
        throw new GdlkitError(
          'INVALID_GAME',
          `role ${reasoner.game.roleName(r)} has no legal move in a non-terminal state at step ${step}`,
        );
      }
      return moves[rng.nextInt(moves.length)]!;
    });
    steps.push(withMove(reasoner, line, state, move));
    state = reasoner.nextState(state, move);
  }
  return {
    header: {
      header: true,
      game: reasoner.game.file,
      backend: reasoner.backend,
      seed: options.seed,
      roles: reasoner.roles.map((r) => store.toKif(r)),
    },
    steps,
  };
}

/**
 * Replays the moves of a recorded match and describes every state the way the reasoner sees it. The record's
 * roles (its header's and every key of its moves) must be the game's; a record error or illegal move is
 * reported with the record line (when `location` is given, from readLocatedTrace) and the step.
 */
export function replayMatch<S>(
  reasoner: Reasoner<S>,
  record: TraceBlock,
  options: StepOptions = {},
  location?: RecordLocation,
): TraceBlock {
  const game = reasoner.game;
  const names = reasoner.roles.map((r) => game.store.toKif(r));
  const recordedRoles = record.header?.roles ?? [];
  if (recordedRoles.length > 0 && recordedRoles.join(' ') !== names.join(' ')) {
    const where = location ? `${location.file}:${location.headerLine}: ` : '';
    throw new GdlkitError(
      'BAD_RECORD',
      `${where}the record's header names the roles (${recordedRoles.join(' ')}), the game's are (${names.join(' ')})`,
    );
  }
  const steps = [];
  let state = reasoner.initialState();
  for (const [index, recorded] of record.steps.entries()) {
    const { line } = describeState(reasoner, state, index, options);
    if (!recorded.moves) {
      steps.push(line);
      break;
    }
    try {
      const move = recordedMove(names, recorded.moves, (text) => game.parseTerm(text));
      steps.push(withMove(reasoner, line, state, move));
      state = reasoner.nextState(state, move);
    } catch (e) {
      if (!(e instanceof GdlkitError) || e.code === 'BUDGET_EXCEEDED') throw e;
      const where = location ? `${location.file}:${location.stepLines[index]}, ` : '';
      throw new GdlkitError(e.code, `${where}step ${index}: ${e.message}`, { cause: e });
    }
  }
  return {
    header: {
      ...record.header!,
      backend: reasoner.backend,
      roles: names,
      game: game.file,
      seed: record.header?.seed ?? 0,
      header: true,
    },
    steps,
  };
}

/** The joint move of a record's `moves` map, in role order; every key must be a role of the game. */
function recordedMove(
  names: readonly string[],
  moves: Readonly<Record<string, string>>,
  parse: (text: string) => TermId,
): TermId[] {
  for (const role of Object.keys(moves)) {
    if (!names.includes(role)) {
      throw new GdlkitError(
        'BAD_RECORD',
        `the record has a move for role ${role}, which the game does not have (its roles: ${names.join(' ')})`,
      );
    }
  }
  return names.map((name) => {
    const text = moves[name];
    if (text === undefined) throw new GdlkitError('BAD_RECORD', `the record has no move for role ${name}`);
    return parse(text);
  });
}
