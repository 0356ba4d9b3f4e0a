// Evidence for an answer: runs of the game that show an existential formula true at the initial point — a
// witness when a property holds through E, a counterexample (a witness of the negation) when it fails. A path
// operator extends the current run (EX one step, EU the shortest path to the goal, ER a path inside the release
// set up to its release point, a lasso, or a terminal state's STOP loop); MK_i φ adds a second run that role i
// cannot tell apart from the current one (same own moves and percepts at every step, Definition 2) and on which
// φ holds. E φ for a path formula beyond CTL ends the run with a lasso read off the automaton product
// (path-product.ts); of the state formulas the automaton read along it, those that consider something possible
// (MK) add their indistinguishable runs, other existential ones (a nested E) no run of their own. Universal
// subformulas need a whole tree and add nothing.
import type { Ctl } from '../formula/ctl.js';
import type { BeliefProduct } from '../model/belief-product.js';
import { type Model, STOP_MOVE } from '../model/model.js';
import type { WorldGraph } from '../model/world-graph.js';
import { resolveRole } from './atoms.js';
import type { Labeller } from './label.js';

/** A run of the model on one level: nodes[j] --edges[j]--> nodes[j + 1]. */
export interface Run {
  readonly level: number;
  readonly nodes: number[];
  readonly edges: number[];
  /** A lasso: the run's last node is the node at this position again (or a STOP loop's node itself). */
  loopsTo?: number;
  /** What the run shows. */
  note: string;
}

export class WitnessBuilder {
  readonly runs: Run[] = [];

  constructor(private readonly labeller: Labeller) {}

  /** Builds the evidence for `f`, which must hold at the initial node of `level`. */
  build(f: Ctl, level: number, note: string): Run[] {
    const run: Run = { level, nodes: [0], edges: [], note };
    this.runs.push(run);
    this.extend(f, run);
    return this.runs;
  }

  private model(level: number): Model {
    return this.labeller.models[level]!;
  }

  private holds(f: Ctl, level: number, node: number): boolean {
    return this.labeller.sat(f, level)[node] === 1;
  }

  private append(run: Run, edge: number): void {
    const model = this.model(run.level);
    run.edges.push(edge);
    run.nodes.push(model.edgeTarget(edge));
  }

  private extend(f: Ctl, run: Run): void {
    const level = run.level;
    const node = run.nodes[run.nodes.length - 1]!;
    const model = this.model(level);
    switch (f.op) {
      case 'and': {
        // Knowledge conjuncts add their own runs; the first path conjunct extends this one.
        for (const a of f.args) if (a.op === 'MK' || a.op === 'and' || a.op === 'or') this.extend(a, run);
        const path = f.args.find((a) => a.op === 'EX' || a.op === 'EU' || a.op === 'ER' || a.op === 'EP');
        if (path) this.extend(path, run);
        return;
      }
      case 'or': {
        const chosen = f.args.find((a) => this.holds(a, level, node));
        if (chosen) this.extend(chosen, run);
        return;
      }
      case 'EX': {
        for (let e = model.expand(node); e < model.edgeEnd(node); e++) {
          if (this.holds(f.arg, level, model.edgeTarget(e))) {
            this.append(run, e);
            this.extend(f.arg, run);
            return;
          }
        }
        return;
      }
      case 'EU':
        this.extendUntil(f.left, f.right, run);
        return;
      case 'ER':
        this.extendRelease(f, f.left, run);
        return;
      case 'MK':
        this.addIndistinguishable(f.role, f.arg, run);
        return;
      case 'EP': {
        const lasso = this.labeller.lasso(f.path, level, node);
        const offset = run.nodes.length - 1;
        for (const e of lasso.edges) this.append(run, e);
        run.loopsTo = offset + lasso.loopsTo;
        this.showPossibilities(run, offset, lasso.transitions, this.labeller.pathLiterals(f.path, level));
        return;
      }
      default:
        return;
    }
  }

  /**
   * The runs of the MK literals the automaton read along a lasso (transitions[j] at run position offset + j),
   * each once: a literal at position p is shown on run 1's prefix up to p.
   */
  private showPossibilities(
    run: Run,
    offset: number,
    transitions: readonly { readonly literals: readonly number[] }[],
    literals: readonly Ctl[],
  ): void {
    const shown = new Set<number>();
    transitions.forEach((t, j) => {
      for (const l of t.literals) {
        const literal = literals[l]!;
        if (shown.has(l) || !considersPossible(literal)) continue;
        shown.add(l);
        // On a terminal state's STOP loop the same node repeats: show it where the game stopped.
        const stop = this.firstStop(run);
        const p = offset + j > stop && run.nodes[offset + j] === run.nodes[stop] ? stop : offset + j;
        const prefix: Run = {
          level: run.level,
          nodes: run.nodes.slice(0, p + 1),
          edges: run.edges.slice(0, p),
          note: run.note,
        };
        this.extend(literal, prefix);
      }
    });
  }

  /** The position of the run's first STOP edge (the game is over there), or its length without one. */
  private firstStop(run: Run): number {
    const model = this.model(run.level);
    const stop = run.edges.findIndex((e) => model.edgeMove(e) === STOP_MOVE);
    return stop < 0 ? run.edges.length : stop;
  }

  /** The shortest path through `left` nodes to a `right` node (breadth-first). */
  private extendUntil(left: Ctl, right: Ctl, run: Run): void {
    const level = run.level;
    const model = this.model(level);
    const start = run.nodes[run.nodes.length - 1]!;
    const via = new Map<number, number>([[start, -1]]);
    const queue = [start];
    for (let head = 0; head < queue.length; head++) {
      const v = queue[head]!;
      if (this.holds(right, level, v)) {
        const path: number[] = [];
        for (let n = v; via.get(n)! >= 0; n = model.edgeSource(via.get(n)!)) path.push(via.get(n)!);
        for (const e of path.reverse()) this.append(run, e);
        this.extend(right, run);
        return;
      }
      if (!this.holds(left, level, v)) continue;
      for (let e = model.expand(v); e < model.edgeEnd(v); e++) {
        const t = model.edgeTarget(e);
        if (!via.has(t)) {
          via.set(t, e);
          queue.push(t);
        }
      }
    }
  }

  /** Stays inside E[l R r] until l holds with r (released) or a node repeats (a lasso). */
  private extendRelease(f: Ctl, left: Ctl, run: Run): void {
    const level = run.level;
    const model = this.model(level);
    const seen = new Map<number, number>();
    for (;;) {
      const v = run.nodes[run.nodes.length - 1]!;
      if (this.holds(left, level, v)) {
        this.extend(left, run);
        return;
      }
      if (seen.has(v)) {
        run.loopsTo = seen.get(v)!;
        return;
      }
      seen.set(v, run.nodes.length - 1);
      let next = -1;
      for (let e = model.expand(v); e < model.edgeEnd(v) && next < 0; e++) {
        if (this.holds(f, level, model.edgeTarget(e))) next = e;
      }
      if (next < 0) return;
      this.append(run, next);
    }
  }

  /** A run one level down that the role cannot tell from `run` up to its last node, ending where f.arg holds. */
  private addIndistinguishable(roleName: string, arg: Ctl, run: Run): void {
    const level = run.level;
    const product = this.model(level) as BeliefProduct;
    const base = product.base;
    const role = resolveRole((this.labeller.models[0] as WorldGraph).game, roleName);
    const k = product.knowers.indexOf(role);
    const last = run.nodes.length - 1;
    const members = product.belief(run.nodes[last]!, k);
    const actual = product.baseNode(run.nodes[last]!);
    // The actual run shows φ itself when it holds there; otherwise another member of the belief set does.
    if (this.holds(arg, level - 1, actual)) return;
    const target = [...members].find((m) => this.holds(arg, level - 1, m));
    if (target === undefined) return;
    const nodes = [target];
    const edges: number[] = [];
    for (let j = last; j > 0; j--) {
      const observed = product.edgeObservation(run.edges[j - 1]!, role);
      const want = nodes[0]!;
      let found = -1;
      for (const m of product.belief(run.nodes[j - 1]!, k)) {
        for (let e = base.expand(m); e < base.edgeEnd(m) && found < 0; e++) {
          if (base.edgeTarget(e) === want && base.edgeObservation(e, role) === observed) found = e;
        }
        if (found >= 0) break;
      }
      if (found < 0) return;
      edges.unshift(found);
      nodes.unshift(base.edgeSource(found));
    }
    const other: Run = {
      level: level - 1,
      nodes,
      edges,
      note: `a run ${roleName} cannot tell apart from run 1 up to step ${last}`,
    };
    this.runs.push(other);
    this.extend(arg, other);
  }
}

/** Whether the formula's evidence includes an MK run: MK under and/or only (those extend a prefix of run 1). */
function considersPossible(f: Ctl): boolean {
  if (f.op === 'MK') return true;
  return (f.op === 'and' || f.op === 'or') && f.args.some(considersPossible);
}

/** The level-0 joint move ids of a run, up to its first STOP (the game is over there). */
export function runMoves(run: Run, model: Model): number[] {
  const moves: number[] = [];
  for (const e of run.edges) {
    const m = model.edgeMove(e);
    if (m === STOP_MOVE) break;
    moves.push(m);
  }
  return moves;
}
