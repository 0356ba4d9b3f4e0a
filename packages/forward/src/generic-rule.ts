// A rule run without reference tables (section 7.3: "rules that are too big to be ground can always be
// processed without reference tables"): a nested-loop join over the knowledge base lists that decodes each
// relation id and matches it against the rule's patterns. Used for permanent facts at compile time and for
// rules whose tables exceed the memory budget.
import type { Atom, BodyLiteral, TermStore } from '@gdlkit/core';
import type { KnowledgeBase } from './knowledge-base.js';
import type { RelationLayout, Shape } from './relation-ids.js';
import type { RulePlan } from './rule-plan.js';
import { atomId, compatibleShapes, instantiate, matchShape, UNBOUND, undo } from './term-match.js';

interface Step {
  readonly literal: BodyLiteral;
  /** Binds variables (enumerates the lists of `shapes`); otherwise an existence or distinct test. */
  readonly input: boolean;
  readonly layout: RelationLayout | undefined;
  readonly shapes: readonly Shape[];
  readonly values: Int32Array;
}

export class GenericRule {
  private readonly steps: Step[] = [];
  private readonly bindings: Int32Array;
  private readonly trail: number[] = [];
  private readonly head: Atom;
  private readonly headLayout: RelationLayout;

  constructor(
    private readonly store: TermStore,
    layouts: readonly RelationLayout[],
    private readonly kb: KnowledgeBase,
    readonly plan: RulePlan,
  ) {
    this.head = plan.rule.head;
    this.headLayout = layouts[this.head.relation]!;
    this.bindings = new Int32Array(plan.rule.variableCount).fill(UNBOUND);
    const byLevel = (level: number) => plan.conditions.filter((c) => c.level === level);
    const push = (literal: BodyLiteral, input: boolean) => {
      const layout = literal.kind === 'distinct' ? undefined : layouts[literal.atom.relation]!;
      const shapes =
        layout && literal.kind !== 'distinct' ? compatibleShapes(store, layout, literal.atom) : [];
      const width = Math.max(0, ...shapes.map((s) => s.slots.length));
      this.steps.push({ literal, input, layout, shapes, values: new Int32Array(width) });
    };
    for (const c of byLevel(0)) push(c.literal, false);
    plan.inputs.forEach((literal, i) => {
      push(literal, true);
      for (const c of byLevel(i + 1)) push(c.literal, false);
    });
  }

  run(): void {
    this.step(0);
  }

  private step(i: number): void {
    if (i === this.steps.length) {
      const id = atomId(this.store, this.headLayout, this.head, this.bindings);
      if (id < 0) throw new Error('internal: a rule head falls outside its argument domains');
      this.kb.add(id, this.headLayout.shapeOf(id - this.headLayout.base).global);
      return;
    }
    const s = this.steps[i]!;
    const literal = s.literal;
    if (literal.kind === 'distinct') {
      const left = instantiate(this.store, literal.left, this.bindings);
      if (left !== instantiate(this.store, literal.right, this.bindings)) this.step(i + 1);
      return;
    }
    if (!s.input) {
      const id = atomId(this.store, s.layout!, literal.atom, this.bindings);
      const holds = id >= 0 && this.kb.has(id);
      if (holds === (literal.kind === 'pos')) this.step(i + 1);
      return;
    }
    const kb = this.kb;
    const layout = s.layout!;
    for (const shape of s.shapes) {
      const start = kb.starts[shape.global]!;
      // The count is read on every iteration: facts produced meanwhile are consumed too (section 3).
      for (let k = start; k < start + kb.counts[shape.global]!; k++) {
        layout.decodeSlots(kb.data[k]! - layout.base, s.values);
        const mark = this.trail.length;
        if (matchShape(this.store, literal.atom, shape, s.values, this.bindings, this.trail))
          this.step(i + 1);
        undo(this.bindings, this.trail, mark);
      }
    }
  }
}
