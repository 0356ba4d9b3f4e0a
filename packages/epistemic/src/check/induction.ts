// Invariants AG φ, with φ a state formula without knowledge and `does`, proved by induction over the game rules
// with answer set programming (@gdlkit/analyse: Schiffel & Thielscher 2009; giga13-06 section 5 cites the same
// approach by Haufe et al.): a proof covers every reachable state without enumerating them, which is what a
// game too large for the explicit model needs for a property such as (2). Only a proof is used: a refuted
// induction step says nothing (the state it shows need not be reachable).
import { GameAnalyser, type Property } from '@gdlkit/analyse';
import type { Ctl } from '../formula/ctl.js';
import { printAtom } from '../formula/print.js';

/** At most this many clauses when a disjunction of conjunctions is distributed (CNF). */
const MAX_CLAUSES = 256;

/**
 * The GDL bodies whose conjunction is φ when `ctl` is AG φ (A[false R φ]) with φ a formula over true/legal/goal/
 * terminal literals: the clauses of its conjunctive normal form, each `(or literals...)`. Undefined for any
 * other formula, for a φ with a false clause, and past MAX_CLAUSES.
 */
export function invariantBodies(ctl: Ctl): string[] | undefined {
  if (ctl.op !== 'AR' || ctl.left.op !== 'const' || ctl.left.value) return undefined;
  const clauses = cnf(ctl.right);
  if (!clauses || clauses.some((c) => c.length === 0)) return undefined;
  return clauses.map((c) => (c.length === 1 ? c[0]! : `(or ${c.join(' ')})`));
}

/** Clauses (disjunctions of GDL literals) of f; [] is true, [[]] false. */
function cnf(f: Ctl): string[][] | undefined {
  switch (f.op) {
    case 'const':
      return f.value ? [] : [[]];
    case 'lit': {
      if (f.atom.kind === 'does') return undefined;
      // The formula syntax writes atoms as GDL body literals: terminal, (true f), (legal r m), (goal r n).
      const text = printAtom(f.atom);
      return [[f.positive ? text : `(not ${text})`]];
    }
    case 'and': {
      const all: string[][] = [];
      for (const a of f.args) {
        const c = cnf(a);
        if (!c) return undefined;
        all.push(...c);
      }
      return all.length > MAX_CLAUSES ? undefined : all;
    }
    case 'or': {
      let product: string[][] = [[]];
      for (const a of f.args) {
        const c = cnf(a);
        if (!c || product.length * c.length > MAX_CLAUSES) return undefined;
        product = product.flatMap((left) => c.map((right) => [...new Set([...left, ...right])]));
      }
      return product;
    }
    default:
      return undefined;
  }
}

/** Proves every body an invariant within the budget; false when some proof is not found. */
export async function proveInvariants(
  source: string,
  file: string,
  bodies: readonly string[],
  budget: { seconds: number; memoryBytes: number },
): Promise<boolean> {
  if (budget.seconds <= 0) return false;
  const properties: Property[] = bodies.map((formula) => ({ kind: 'state', formula }));
  const analyser = GameAnalyser.load(source, file, { properties });
  const deadline = performance.now() + budget.seconds * 1000;
  try {
    for (const p of properties) {
      const seconds = (deadline - performance.now()) / 1000;
      if (seconds <= 0) return false;
      const r = await analyser.prove(p, [], { seconds, memoryBytes: budget.memoryBytes });
      if (r.status !== 'proved') return false;
    }
    return true;
  } finally {
    await analyser.close();
  }
}
