// Unification of compiled clause patterns with ground terms. Answers and facts are ground (GDL rules are safe),
// so the most general unifier of a pattern and a term binds each variable of the pattern to a ground subterm:
// bindings are term ids in a frame of a binding stack, one fresh frame per clause use (the renaming apart of
// SLD resolution), and every binding is recorded on a trail so backtracking undoes it.
import type { TermId, TermStore } from '@gdlkit/core';
import { P_FN, P_GROUND, P_VAR, type Program } from './program.js';

export const UNBOUND = -1;

export class Unifier {
  code: Int32Array;
  bindings = new Int32Array(1024);
  frameTop = 0;
  private trail = new Int32Array(1024);
  trailTop = 0;
  /** Scratch stack for call keys and for the arguments of terms being built. */
  scratch = new Int32Array(1024);
  scratchTop = 0;

  constructor(
    private readonly program: Program,
    private readonly store: TermStore,
  ) {
    this.code = program.code;
  }

  /** Re-reads the program's pattern code, which grows when queries are compiled. */
  refresh(): void {
    this.code = this.program.code;
  }

  reset(): void {
    this.frameTop = 0;
    this.trailTop = 0;
    this.scratchTop = 0;
  }

  /** A fresh frame of `size` unbound variables; returns its base. */
  pushFrame(size: number): number {
    const frame = this.frameTop;
    const top = frame + size;
    if (top > this.bindings.length) {
      const next = new Int32Array(Math.max(top, this.bindings.length * 2));
      next.set(this.bindings);
      this.bindings = next;
    }
    this.bindings.fill(UNBOUND, frame, top);
    this.frameTop = top;
    return frame;
  }

  reserveScratch(size: number): number {
    const start = this.scratchTop;
    if (start + size > this.scratch.length) {
      const next = new Int32Array(Math.max(start + size, this.scratch.length * 2));
      next.set(this.scratch);
      this.scratch = next;
    }
    this.scratchTop = start + size;
    return start;
  }

  /** Matches the argument patterns of an atom against a ground atom's arguments. */
  matchArgs(args: Int32Array, atom: TermId, frame: number): boolean {
    const store = this.store;
    for (let i = 0; i < args.length; i++) {
      if (!this.match(args[i]!, store.arg(atom, i), frame)) return false;
    }
    return true;
  }

  /** Unifies the pattern at `p` with a ground term, binding variables on the trail. */
  match(p: number, term: TermId, frame: number): boolean {
    const code = this.code;
    const tag = code[p]!;
    if (tag === P_GROUND) return code[p + 1] === term;
    if (tag === P_VAR) {
      const slot = frame + code[p + 1]!;
      const bound = this.bindings[slot]!;
      if (bound >= 0) return bound === term;
      this.bindings[slot] = term;
      if (this.trailTop === this.trail.length) {
        const next = new Int32Array(this.trail.length * 2);
        next.set(this.trail);
        this.trail = next;
      }
      this.trail[this.trailTop++] = slot;
      return true;
    }
    const store = this.store;
    const arity = code[p + 2]!;
    if (store.functor(term) !== code[p + 1] || store.arity(term) !== arity) return false;
    let q = p + 4;
    for (let i = 0; i < arity; i++) {
      if (!this.match(q, store.arg(term, i), frame)) return false;
      q += code[q] === P_FN ? code[q + 3]! : 2;
    }
    return true;
  }

  /** The ground term of the pattern at `p` under the frame's bindings, or UNBOUND if a variable is free. */
  build(p: number, frame: number): TermId {
    const code = this.code;
    const tag = code[p]!;
    if (tag === P_GROUND) return code[p + 1]!;
    if (tag === P_VAR) return this.bindings[frame + code[p + 1]!]!;
    const arity = code[p + 2]!;
    const start = this.reserveScratch(arity);
    let q = p + 4;
    for (let i = 0; i < arity; i++) {
      const t = this.build(q, frame);
      if (t < 0) {
        this.scratchTop = start;
        return UNBOUND;
      }
      this.scratch[start + i] = t;
      q += code[q] === P_FN ? code[q + 3]! : 2;
    }
    const term = this.store.compound(code[p + 1]!, this.scratch, start, arity);
    this.scratchTop = start;
    return term;
  }

  /** Builds `symbol(args)` for a whole atom pattern; UNBOUND if a variable is free. */
  buildAtom(symbol: number, args: Int32Array, frame: number): TermId {
    const arity = args.length;
    const start = this.reserveScratch(arity);
    for (let i = 0; i < arity; i++) {
      const t = this.build(args[i]!, frame);
      if (t < 0) {
        this.scratchTop = start;
        return UNBOUND;
      }
      this.scratch[start + i] = t;
    }
    const atom = this.store.compound(symbol, this.scratch, start, arity);
    this.scratchTop = start;
    return atom;
  }

  undo(mark: number): void {
    while (this.trailTop > mark) this.bindings[this.trail[--this.trailTop]!] = UNBOUND;
  }
}
