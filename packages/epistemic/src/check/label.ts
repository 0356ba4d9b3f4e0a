// Labelling (Clarke–Emerson) of the CTL normal form over the explored knowledge model: each subformula gets
// its satisfaction set, a byte per node, on the level of its knowledge depth; a set on a lower level is lifted
// to a higher one through the base-node links. Fixpoints are worklist passes over edge counts: EU and AU least,
// ER and AR greatest. K_i φ at a level-(k+1) node holds iff φ holds at every level-k node of i's belief set.
// E φ for a path formula φ beyond CTL (EP) is decided on the product with φ's automaton (path-product.ts), A φ
// as ¬E¬φ.
import type { Atom } from '../formula/ast.js';
import { type Ctl, ctlKey, knowledgeDepth, negatePath, type PathFormula } from '../formula/ctl.js';
import type { BeliefProduct } from '../model/belief-product.js';
import type { BudgetClock } from '../model/budget.js';
import type { Model } from '../model/model.js';
import type { WorldGraph } from '../model/world-graph.js';
import { compileAtom, resolveRole } from './atoms.js';
import { buildPathAutomaton } from './path-automaton.js';
import { existsPath, type Lasso, lassoFrom, type PathProduct } from './path-product.js';

interface Predecessors {
  readonly start: Int32Array;
  /** Source node of each incoming edge, grouped by target. */
  readonly source: Int32Array;
}

export class Labeller {
  private readonly memo = new Map<string, Uint8Array>();
  private readonly predecessors = new Map<number, Predecessors>();
  private readonly products = new Map<string, PathProduct>();

  constructor(
    /** models[0] is the world graph, models[k] the belief product over models[k - 1]; all explored. */
    readonly models: readonly Model[],
    private clock: BudgetClock,
  ) {}

  /** The budget for further labelling (evidence is labelled after the answer, on its own budget). */
  useClock(clock: BudgetClock): void {
    this.clock = clock;
  }

  private get worlds(): WorldGraph {
    return this.models[0] as WorldGraph;
  }

  sat(f: Ctl, level: number): Uint8Array {
    const key = `${level}:${ctlKey(f)}`;
    let set = this.memo.get(key);
    if (!set) {
      const own = knowledgeDepth(f);
      set = own < level ? this.lift(this.sat(f, own), own, level) : this.compute(f, level);
      this.memo.set(key, set);
    }
    return set;
  }

  private lift(set: Uint8Array, from: number, to: number): Uint8Array {
    const model = this.models[to]!;
    const out = new Uint8Array(model.size);
    for (let n = 0; n < model.size; n++) {
      let m = n;
      for (let l = to; l > from; l--) m = this.models[l]!.baseNode(m);
      out[n] = set[m]!;
    }
    return out;
  }

  private compute(f: Ctl, level: number): Uint8Array {
    this.clock.tick('labelling the knowledge model');
    const model = this.models[level]!;
    const n = model.size;
    switch (f.op) {
      case 'const':
        return new Uint8Array(n).fill(f.value ? 1 : 0);
      case 'lit': {
        const out = this.atomSet(f.atom);
        if (!f.positive) for (let i = 0; i < n; i++) out[i] = out[i]! ^ 1;
        return out;
      }
      case 'and':
      case 'or': {
        const out = new Uint8Array(n).fill(f.op === 'and' ? 1 : 0);
        for (const a of f.args) {
          const s = this.sat(a, level);
          for (let i = 0; i < n; i++) out[i] = f.op === 'and' ? out[i]! & s[i]! : out[i]! | s[i]!;
        }
        return out;
      }
      case 'EX':
      case 'AX':
        return this.next(model, this.sat(f.arg, level), f.op === 'EX');
      case 'EU':
        return this.existsUntil(level, this.sat(f.left, level), this.sat(f.right, level));
      case 'AU':
        return this.allUntil(level, this.sat(f.left, level), this.sat(f.right, level));
      case 'ER':
      case 'AR':
        return this.release(level, this.sat(f.left, level), this.sat(f.right, level), f.op === 'AR');
      case 'K':
      case 'MK':
        return this.knowledge(level, f.role, this.sat(f.arg, level - 1), f.op === 'K');
      case 'EP':
        return this.pathProduct(f.path, level).sat;
      case 'AP': {
        const out = this.pathProduct(negatePath(f.path), level).sat.slice();
        for (let i = 0; i < n; i++) out[i] = out[i]! ^ 1;
        return out;
      }
    }
  }

  /** The product of the level's model with the automaton of `path` (E path holds where its `sat` is 1). */
  private pathProduct(path: PathFormula, level: number): PathProduct {
    const key = `${level}:${JSON.stringify(path)}`;
    let product = this.products.get(key);
    if (!product) {
      const automaton = buildPathAutomaton(path, () => this.clock.tick('building a path automaton'));
      const sets = automaton.literals.map((l) => this.sat(l, level));
      product = existsPath(this.models[level]!, automaton, sets, this.clock);
      this.products.set(key, product);
    }
    return product;
  }

  /** The state formulas the automaton of `path` reads (Lasso.transitions index them). */
  pathLiterals(path: PathFormula, level: number): readonly Ctl[] {
    return this.pathProduct(path, level).automaton.literals;
  }

  /** A lasso from `node` on which `path` holds (E path must hold there). */
  lasso(path: PathFormula, level: number, node: number): Lasso {
    return lassoFrom(this.models[level]!, this.pathProduct(path, level), node, this.clock);
  }

  private next(model: Model, arg: Uint8Array, exists: boolean): Uint8Array {
    const out = new Uint8Array(model.size);
    for (let v = 0; v < model.size; v++) {
      let any = false;
      let all = true;
      for (let e = model.expand(v); e < model.edgeEnd(v); e++) {
        if (arg[model.edgeTarget(e)]) any = true;
        else all = false;
      }
      out[v] = (exists ? any : all) ? 1 : 0;
    }
    return out;
  }

  private preds(level: number): Predecessors {
    let p = this.predecessors.get(level);
    if (p) return p;
    const model = this.models[level]!;
    const n = model.size;
    const start = new Int32Array(n + 1);
    for (let v = 0; v < n; v++) {
      for (let e = model.expand(v); e < model.edgeEnd(v); e++) start[model.edgeTarget(e) + 1]!++;
    }
    for (let v = 0; v < n; v++) start[v + 1]! += start[v]!;
    const fill = start.slice(0, n);
    const source = new Int32Array(start[n]!);
    for (let v = 0; v < n; v++) {
      for (let e = model.expand(v); e < model.edgeEnd(v); e++) source[fill[model.edgeTarget(e)]!++] = v;
    }
    p = { start, source };
    this.predecessors.set(level, p);
    return p;
  }

  private outDegree(model: Model): Int32Array {
    const out = new Int32Array(model.size);
    for (let v = 0; v < model.size; v++) out[v] = model.edgeEnd(v) - model.expand(v);
    return out;
  }

  private existsUntil(level: number, left: Uint8Array, right: Uint8Array): Uint8Array {
    return this.backward(level, right, (p) => left[p] === 1);
  }

  private allUntil(level: number, left: Uint8Array, right: Uint8Array): Uint8Array {
    const pending = this.outDegree(this.models[level]!);
    return this.backward(level, right, (p) => --pending[p]! === 0 && left[p] === 1);
  }

  /**
   * The least set containing `seed` and closed under adding a predecessor p for which `admit(p)` holds; admit
   * is asked once per edge into the set from a node outside it.
   */
  private backward(level: number, seed: Uint8Array, admit: (p: number) => boolean): Uint8Array {
    const { start, source } = this.preds(level);
    const out = seed.slice();
    const queue: number[] = [];
    for (let v = 0; v < out.length; v++) if (out[v]) queue.push(v);
    while (queue.length > 0) {
      const v = queue.pop()!;
      for (let i = start[v]!; i < start[v + 1]!; i++) {
        const p = source[i]!;
        if (!out[p] && admit(p)) {
          out[p] = 1;
          queue.push(p);
        }
      }
    }
    return out;
  }

  /** E[l R r] (universal: A[l R r]) as the greatest set Z ⊆ r whose nodes satisfy l or have some (all) successors in Z. */
  private release(level: number, left: Uint8Array, right: Uint8Array, universal: boolean): Uint8Array {
    const model = this.models[level]!;
    const { start, source } = this.preds(level);
    const out = right.slice();
    const inside = new Int32Array(model.size);
    const queue: number[] = [];
    for (let v = 0; v < model.size; v++) {
      if (!out[v]) {
        // AR: a node outside Z removes its universal predecessors; ER counts successors inside Z only.
        if (universal) queue.push(v);
        continue;
      }
      for (let e = model.expand(v); e < model.edgeEnd(v); e++) if (out[model.edgeTarget(e)]) inside[v]!++;
    }
    if (!universal) {
      for (let v = 0; v < model.size; v++) {
        if (out[v] && !left[v] && inside[v] === 0) {
          out[v] = 0;
          queue.push(v);
        }
      }
    }
    while (queue.length > 0) {
      const v = queue.pop()!;
      for (let i = start[v]!; i < start[v + 1]!; i++) {
        const p = source[i]!;
        if (!out[p] || left[p]) continue;
        if (universal || --inside[p]! === 0) {
          out[p] = 0;
          queue.push(p);
        }
      }
    }
    return out;
  }

  private knowledge(level: number, role: string, arg: Uint8Array, all: boolean): Uint8Array {
    const model = this.models[level] as BeliefProduct;
    const k = model.knowers.indexOf(resolveRole(this.worlds.game, role));
    const out = new Uint8Array(model.size);
    // Decided once per belief set: 0 not yet, 1 false, 2 true (many nodes share a belief set).
    const byBelief = new Uint8Array(model.beliefCount);
    for (let v = 0; v < model.size; v++) {
      const id = model.beliefId(v, k);
      if (byBelief[id] === 0) {
        this.clock.tick('labelling knowledge');
        let result = all;
        for (const m of model.belief(v, k)) {
          if ((arg[m] === 1) !== all) {
            result = !all;
            break;
          }
        }
        byBelief[id] = result ? 2 : 1;
      }
      out[v] = byBelief[id]! - 1;
    }
    return out;
  }

  /** An atom's set on level 0. */
  private atomSet(a: Atom): Uint8Array {
    const worlds = this.worlds;
    const out = new Uint8Array(worlds.size);
    if (a.kind === 'legal') {
      // (5) reads every legal atom of a role: the world graph's per-state legal lists serve them all.
      const role = resolveRole(worlds.game, a.role);
      const move = worlds.game.parseTerm(a.move);
      for (let w = 0; w < worlds.size; w++) out[w] = worlds.legal(w, role).includes(move) ? 1 : 0;
      return out;
    }
    const test = compileAtom(worlds.reasoner, a);
    for (let w = 0; w < worlds.size; w++) {
      const incoming = worlds.incomingMove(w);
      out[w] = test(worlds.state(w), incoming >= 0 ? worlds.jointMoveList[incoming] : undefined) ? 1 : 0;
    }
    return out;
  }
}
