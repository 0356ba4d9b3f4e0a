// Definition 1: for a chosen order of the positive hypotheses, each literal of a rule body is a
// precondition (ground, checked once), an input (binds a new variable) or a condition (all its variables
// already bound; includes `not` and `distinct`). Conditions are attached to the earliest input after which
// they are ground, so they fail the combination as early as possible (section 2.3).
import { type BodyLiteral, type GameRule, literalVariables } from '@gdlkit/core';

export interface PlannedCondition {
  readonly literal: BodyLiteral;
  /** Checked after this many inputs (0 = precondition). */
  readonly level: number;
}

export interface RulePlan {
  readonly rule: GameRule;
  /** Positive literals that bind new variables, in processing order. */
  readonly inputs: readonly BodyLiteral[];
  readonly conditions: readonly PlannedCondition[];
  /** Variables still needed after each level (index = number of inputs processed). */
  readonly liveAfter: readonly (readonly number[])[];
}

/** Plans a rule whose positive literals are taken in `order` (indices into the positive literals). */
export function planRule(rule: GameRule, order: readonly number[]): RulePlan {
  const positives = rule.body.filter((l) => l.kind === 'pos');
  const guards = rule.body.filter((l) => l.kind !== 'pos');
  const bound = new Set<number>();
  const inputs: BodyLiteral[] = [];
  const conditions: PlannedCondition[] = [];
  const pending = [...guards];
  const flush = () => {
    for (let i = 0; i < pending.length; ) {
      const vars = literalVariables(pending[i]!);
      if ([...vars].every((v) => bound.has(v))) {
        conditions.push({ literal: pending[i]!, level: inputs.length });
        pending.splice(i, 1);
      } else i++;
    }
  };
  flush();
  for (const index of order) {
    const literal = positives[index]!;
    const vars = literalVariables(literal);
    if ([...vars].every((v) => bound.has(v))) {
      conditions.push({ literal, level: inputs.length });
      continue;
    }
    inputs.push(literal);
    for (const v of vars) bound.add(v);
    flush();
  }
  if (pending.length > 0) throw new Error('internal: a negative literal or distinct is never ground');
  const headVars = new Set<number>();
  literalVariables({ kind: 'pos', atom: rule.head }, headVars);
  const liveAfter: number[][] = [];
  for (let level = 0; level <= inputs.length; level++) {
    const later = new Set(headVars);
    for (let i = level; i < inputs.length; i++) literalVariables(inputs[i]!, later);
    for (const c of conditions) if (c.level >= level) literalVariables(c.literal, later);
    const boundNow = new Set<number>();
    for (let i = 0; i < level; i++) literalVariables(inputs[i]!, boundNow);
    liveAfter.push([...boundNow].filter((v) => later.has(v)).sort((a, b) => a - b));
  }
  return { rule, inputs, conditions, liveAfter };
}

/** The source order of a rule's positive literals. */
export function sourceOrder(rule: GameRule): number[] {
  return rule.body.filter((l) => l.kind === 'pos').map((_, i) => i);
}
