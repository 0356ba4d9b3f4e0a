// Evidence search on games whose knowledge model does not fit the budget: seeded random runs of the game, each
// with a "twin" run per knowing role that the role cannot tell apart from it (same own move and percepts at
// every step, giga13-06 Definition 2). It looks for a point where an existential target E[l U r] is shown, with
// l and r point-local (atoms, and K/MK of K-free formulas), or for a lasso showing E G r. MK_i φ is taken as true only when φ holds in the
// run itself or in i's twin (both are points i considers possible), K_i φ as false: the target is
// under-approximated, so a point found is a real witness (or a real counterexample of the negated property).
// Nothing is concluded when no point is found.
import { jointMoves, Rng, type TermId } from '@gdlkit/core';
import type { Ctl } from '../formula/ctl.js';
import type { BudgetClock } from '../model/budget.js';
import type { GameTransitions } from '../model/game-transitions.js';
import { type AtomTest, compileAtom, resolveRole } from './atoms.js';

/** A sampled run: its joint moves; twins[k] is the knower k's twin, present when the target used it. */
export interface SampledEvidence {
  readonly moves: TermId[][];
  /** A lasso: the run's last state is the state of this step again (its own step: a STOP loop). */
  readonly loopsTo?: number;
  readonly twins: { readonly role: string; readonly moves: TermId[][] }[];
}

interface Track {
  state: Uint32Array;
  readonly moves: TermId[][];
  /** A twin whose history equals the main run's so far. */
  readonly synced: boolean;
}

/** Tries to match a percept by random other-role moves before enumerating them all. */
const RANDOM_TRIES = 32;
/** Joint moves enumerated at most when looking for a twin's step. */
const ENUMERATION_CAP = 4096;
const MAX_STEPS = 1000;

/** What sampled runs can show: E[l U r] over points, or E G r over knowledge-free points. */
export function isSampleTarget(f: Ctl): boolean {
  if (f.op === 'EU') return isPointLocal(f.left) && isPointLocal(f.right);
  return f.op === 'ER' && f.left.op === 'const' && !f.left.value && isPointLocal(f.right, true);
}

/** Whether f can be decided at one point from the state and the knowers' twins. */
export function isPointLocal(f: Ctl, inKnowledge = false): boolean {
  switch (f.op) {
    case 'const':
    case 'lit':
      return true;
    case 'and':
    case 'or':
      return f.args.every((a) => isPointLocal(a, inKnowledge));
    case 'K':
    case 'MK':
      return !inKnowledge && isPointLocal(f.arg, true);
    default:
      return false;
  }
}

export class RunSampler {
  /** Compiled atom tests, by the literal's node in the target formula. */
  private readonly tests = new Map<Ctl, AtomTest>();
  private readonly rng: Rng;

  constructor(
    private readonly reasoner: GameTransitions,
    private readonly clock: BudgetClock,
    seed = 1,
  ) {
    this.rng = new Rng(seed);
  }

  /**
   * Samples runs until the budget ends or a point satisfying E[left U right] is found. Returns undefined when
   * the target is not of that shape or nothing was found (the caller then knows nothing more).
   */
  search(target: Ctl): SampledEvidence | undefined {
    if (!isSampleTarget(target)) return undefined;
    const knowers = [...roles(target)].map((name) => resolveRole(this.reasoner.game, name));
    for (;;) {
      const found =
        target.op === 'EU'
          ? this.sampleRun(target.left, target.right, knowers)
          : this.sampleLasso((target as { right: Ctl }).right);
      if (found) return found;
    }
  }

  /**
   * E G r (= E[false R r]) for a knowledge-free r: a run on which r holds at every point until a state repeats
   * (a lasso) or the run stops in a terminal or dead-end state, whose STOP loop repeats it forever.
   */
  private sampleLasso(always: Ctl): SampledEvidence | undefined {
    const { reasoner } = this;
    const main: Track = { state: reasoner.initialState(), moves: [], synced: true };
    const seen = new Map<string, number>();
    for (let step = 0; step <= MAX_STEPS; step++) {
      this.clock.tick('sampling runs');
      if (!this.holds(always, main, [], [], new Set())) return undefined;
      const key = main.state.join(',');
      const earlier = seen.get(key);
      if (earlier !== undefined) return { moves: main.moves, twins: [], loopsTo: earlier };
      seen.set(key, step);
      const legal = reasoner.roles.map((_, r) => reasoner.legalMoves(main.state, r));
      if (reasoner.isTerminal(main.state) || legal.some((m) => m.length === 0)) {
        return { moves: main.moves, twins: [], loopsTo: step };
      }
      const joint = legal.map((m) => m[this.rng.nextInt(m.length)]!);
      main.moves.push(joint);
      main.state = reasoner.nextState(main.state, joint);
    }
    return undefined;
  }

  private sampleRun(left: Ctl, right: Ctl, knowers: readonly number[]): SampledEvidence | undefined {
    const { reasoner } = this;
    const main: Track = { state: reasoner.initialState(), moves: [], synced: true };
    const twins: Track[] = knowers.map(() => ({ state: main.state, moves: [], synced: true }));
    for (let step = 0; step <= MAX_STEPS; step++) {
      this.clock.tick('sampling runs');
      const used = new Set<number>();
      if (this.holds(right, main, twins, knowers, used)) {
        return {
          moves: main.moves,
          twins: [...used].map((k) => ({
            role: reasoner.game.roleName(knowers[k]!),
            moves: twins[k]!.moves,
          })),
        };
      }
      if (!this.holds(left, main, twins, knowers, new Set()) || reasoner.isTerminal(main.state))
        return undefined;
      const legal = reasoner.roles.map((_, r) => reasoner.legalMoves(main.state, r));
      if (legal.some((m) => m.length === 0)) return undefined;
      const joint = legal.map((m) => m[this.rng.nextInt(m.length)]!);
      knowers.forEach((role, k) => {
        twins[k] = this.twinStep(twins[k]!, main, joint, role);
      });
      main.moves.push(joint);
      main.state = reasoner.nextState(main.state, joint);
    }
    return undefined;
  }

  /**
   * The twin's next step: a joint move legal in the twin's state with the role's move of `joint` and the same
   * percepts for the role. When none is found the twin restarts as a copy of the main run (trivially
   * indistinguishable) after this step.
   */
  private twinStep(twin: Track, main: Track, joint: readonly TermId[], role: number): Track {
    const { reasoner } = this;
    const next = (move: TermId[]): Track => ({
      state: reasoner.nextState(twin.state, move),
      moves: [...twin.moves, move],
      synced: twin.synced && move.every((m, r) => m === joint[r]),
    });
    const copy = (): Track => ({
      state: reasoner.nextState(main.state, joint as TermId[]),
      moves: [...main.moves, [...joint]],
      synced: true,
    });
    if (reasoner.isTerminal(twin.state)) return copy();
    const legal = reasoner.roles.map((_, r) => reasoner.legalMoves(twin.state, r));
    if (!legal[role]!.includes(joint[role]!) || legal.some((m) => m.length === 0)) return copy();
    legal[role] = [joint[role]!];
    const wanted = percepts(reasoner, main.state, joint, role);
    const fits = (move: TermId[]) => percepts(reasoner, twin.state, move, role) === wanted;
    for (let i = 0; i < RANDOM_TRIES; i++) {
      const move = legal.map((m) => m[this.rng.nextInt(m.length)]!);
      if (fits(move)) return next(move);
    }
    let tried = 0;
    for (const move of jointMoves(legal)) {
      if (++tried > ENUMERATION_CAP) break;
      if (fits(move)) return next(move);
    }
    return copy();
  }

  private holds(f: Ctl, main: Track, twins: Track[], knowers: readonly number[], used: Set<number>): boolean {
    switch (f.op) {
      case 'const':
        return f.value;
      case 'lit':
        return this.atom(f, main);
      case 'and':
        return f.args.every((a) => this.holds(a, main, twins, knowers, used));
      case 'or':
        return f.args.some((a) => this.holds(a, main, twins, knowers, used));
      case 'MK': {
        if (this.holds(f.arg, main, twins, knowers, used)) return true;
        const k = knowers.indexOf(resolveRole(this.reasoner.game, f.role));
        const twin = twins[k]!;
        if (twin.synced || !this.holds(f.arg, twin, twins, knowers, used)) return false;
        used.add(k);
        return true;
      }
      default:
        // K_i φ cannot be confirmed from two runs; false keeps the target under-approximated.
        return false;
    }
  }

  private atom(f: Extract<Ctl, { op: 'lit' }>, track: Track): boolean {
    let test = this.tests.get(f);
    if (!test) {
      test = compileAtom(this.reasoner, f.atom);
      this.tests.set(f, test);
    }
    return test(track.state, track.moves[track.moves.length - 1]) === f.positive;
  }
}

function percepts(
  reasoner: GameTransitions,
  state: Uint32Array,
  joint: readonly TermId[],
  role: number,
): string {
  if (!reasoner.game.isGdl2) return joint.join(',');
  return [...reasoner.sees(state, joint, role)].sort((a, b) => a - b).join(',');
}

function roles(f: Ctl, into = new Set<string>()): Set<string> {
  if (f.op === 'K' || f.op === 'MK') into.add(f.role);
  if ('args' in f) for (const a of f.args) roles(a, into);
  if ('arg' in f) roles(f.arg, into);
  if ('left' in f) {
    roles(f.left, into);
    roles(f.right, into);
  }
  return into;
}
