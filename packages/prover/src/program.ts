// The compiled clause representation: every pattern of every rule lives in one flat Int32Array, so matching and
// building terms walk integers and never touch the rule objects of core or allocate.
import type { Atom, Game, GameRule, Pattern, RelationId, TermId } from '@gdlkit/core';

/** Pattern opcodes in `Program.code`. */
export const P_GROUND = 0; // [P_GROUND, term]
export const P_VAR = 1; // [P_VAR, variable]
export const P_FN = 2; // [P_FN, functor, arity, size, args...]; size counts the whole pattern

/** Body literal kinds. */
export const L_POS = 0;
export const L_NEG = 1;
export const L_DISTINCT = 2;

export interface CompiledLiteral {
  readonly kind: number;
  /** The called relation (L_POS, L_NEG). */
  readonly relation: RelationId;
  /** Offsets into `code` of the argument patterns (L_DISTINCT: left, right). */
  readonly args: Int32Array;
}

export interface CompiledRule {
  readonly index: number;
  readonly relation: RelationId;
  readonly head: Int32Array;
  readonly body: readonly CompiledLiteral[];
  readonly variableCount: number;
  readonly source: GameRule;
}

/** Rules of one relation, with first-argument indexing: rules whose head's first argument is ground are filed
 * under that term; the others match any first argument. */
export interface RelationRules {
  readonly all: readonly CompiledRule[];
  /** For a call whose first argument is the ground term `t`: the rules that can match it, in source order. */
  readonly byFirstArg: ReadonlyMap<TermId, readonly CompiledRule[]>;
  /** Rules for a ground first argument that no rule head names: the ones with a non-ground first argument. */
  readonly openFirstArg: readonly CompiledRule[];
}

export class Program {
  code = new Int32Array(4096);
  private used = 0;
  readonly rules: CompiledRule[] = [];
  readonly byRelation: RelationRules[];
  readonly maxVariables: number;
  readonly relationArity: Int32Array;
  readonly relationSymbol: Int32Array;

  constructor(readonly game: Game) {
    const n = game.relations.length;
    this.relationArity = Int32Array.from(game.relations, (r) => r.arity);
    this.relationSymbol = Int32Array.from(game.relations, (r) => r.symbol);
    let maxVariables = 0;
    for (const rule of game.rules) {
      const compiled = this.compileRule(rule);
      this.rules.push(compiled);
      maxVariables = Math.max(maxVariables, rule.variableCount);
    }
    this.maxVariables = maxVariables;
    const ofRelation: CompiledRule[][] = Array.from({ length: n }, () => []);
    for (const rule of this.rules) ofRelation[rule.relation]!.push(rule);
    this.byRelation = ofRelation.map((all) => this.indexRules(all));
  }

  /** Compiles a free-standing atom (a query), returning argument offsets into `code`. */
  compileAtom(atom: Atom): Int32Array {
    return Int32Array.from(atom.args, (a) => this.pattern(a));
  }

  /** The end of the pattern code, to `release` patterns compiled for one query afterwards. */
  mark(): number {
    return this.used;
  }

  release(mark: number): void {
    this.used = mark;
  }

  /** Rules to try for a call to `relation` whose first argument is `first` (-1: unbound). */
  rulesFor(relation: RelationId, first: TermId): readonly CompiledRule[] {
    const rules = this.byRelation[relation]!;
    if (first < 0) return rules.all;
    return rules.byFirstArg.get(first) ?? rules.openFirstArg;
  }

  private compileRule(rule: GameRule): CompiledRule {
    const head = this.compileAtom(rule.head);
    const body: CompiledLiteral[] = rule.body.map((l) => {
      if (l.kind === 'distinct') {
        return {
          kind: L_DISTINCT,
          relation: -1,
          args: Int32Array.of(this.pattern(l.left), this.pattern(l.right)),
        };
      }
      return {
        kind: l.kind === 'pos' ? L_POS : L_NEG,
        relation: l.atom.relation,
        args: this.compileAtom(l.atom),
      };
    });
    return {
      index: this.rules.length,
      relation: rule.head.relation,
      head,
      body,
      variableCount: rule.variableCount,
      source: rule,
    };
  }

  /**
   * One pass in source order: a rule with a ground first argument joins its term's list (started with the open
   * rules before it), an open rule joins every list. Linear in the rules plus the lists' size: the filter per
   * distinct first argument this replaces was quadratic, minutes for 750 k facts of one relation (issue 25).
   */
  private indexRules(all: readonly CompiledRule[]): RelationRules {
    const open: CompiledRule[] = [];
    const byFirstArg = new Map<TermId, CompiledRule[]>();
    for (const rule of all) {
      if (rule.head.length === 0 || this.code[rule.head[0]!] !== P_GROUND) {
        open.push(rule);
        for (const list of byFirstArg.values()) list.push(rule);
        continue;
      }
      const first = this.code[rule.head[0]! + 1]!;
      let list = byFirstArg.get(first);
      if (list === undefined) byFirstArg.set(first, (list = [...open]));
      list.push(rule);
    }
    return { all, byFirstArg, openFirstArg: open };
  }

  private pattern(p: Pattern): number {
    const at = this.used;
    switch (p.kind) {
      case 'ground':
        this.emit(P_GROUND, p.term);
        break;
      case 'var':
        this.emit(P_VAR, p.index);
        break;
      case 'fn': {
        this.emit(P_FN, p.functor);
        this.emit(p.args.length, 0);
        for (const a of p.args) this.pattern(a);
        this.code[at + 3] = this.used - at;
        break;
      }
    }
    return at;
  }

  private emit(a: number, b: number): void {
    if (this.used + 2 > this.code.length) {
      const next = new Int32Array(this.code.length * 2);
      next.set(this.code);
      this.code = next;
    }
    this.code[this.used++] = a;
    this.code[this.used++] = b;
  }
}
