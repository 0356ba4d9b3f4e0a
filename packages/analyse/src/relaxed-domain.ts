// A more precise domain than section 5's components: the least model of the game's positive relaxation. Every
// rule keeps its positive literals and distinct and drops its negative ones, the current state is everything
// init or next can produce (`true(F) :- init(F). true(F) :- next(F).`) and every legal move can be done
// (`does(R,M) :- legal(R,M).`). By induction over the game's transitions every reachable state's features and
// every legal move lie in that model (a derivation in the game is one in the relaxation), so its true and
// legal atoms are a sound feature and move domain D. The components of section 5 join every argument a
// variable passes through, also in bodies that only read: checkers' goal rules compare the piece counts with
// `greater`, which recurses over the step counter's `succ`, so the components give piece counts up to 201 and
// the consequence check of zero-sum finds states whose counts no goal rule covers; the relaxation keeps 0..12.
import type { Game, GameRule } from '@gdlkit/core';
import type { AspSolver, SolverBudget } from './clingo-solver.js';
import { aspTermToKif } from './counterexample.js';
import type { DomainProgram, FunctionSymbol } from './domain-program.js';
import { ruleText } from './rule-translation.js';

/** The relaxed program: its answer set shows `fEat(F)` for every feature and `mOve(M)` for every move. */
export function relaxationProgram(game: Game): string {
  const { keywords } = game;
  const skip = new Set([keywords.base, keywords.input]);
  const lines: string[] = [];
  for (const rule of game.rules as GameRule[]) {
    if (skip.has(rule.head.relation)) continue;
    const positive: GameRule = { ...rule, body: rule.body.filter((l) => l.kind !== 'neg') };
    lines.push(ruleText(game, positive, 'true'));
  }
  lines.push(
    'true(F) :- init(F).',
    'true(F) :- next(F).',
    'does(R,M) :- legal(R,M).',
    'fEat(F) :- true(F).',
    'mOve(M) :- legal(_,M).',
    '#show fEat/1.',
    '#show mOve/1.',
  );
  return lines.join('\n');
}

/**
 * The domain as facts from the relaxation's model. Features are the coarse domain's function symbols that
 * occur in the model; argumentComponent stays the coarse domain's.
 */
function domainFromModel(coarse: DomainProgram, atoms: readonly string[]): DomainProgram {
  const features: string[] = [];
  const moves: string[] = [];
  const groundFeatures = new Map<string, string[]>();
  for (const atom of atoms) {
    const inner = atom.slice(5, -1);
    if (atom.startsWith('mOve(')) moves.push(`mDom(${inner}).`);
    if (!atom.startsWith('fEat(')) continue;
    features.push(`fDom(${inner}).`);
    const { kif, functor } = aspTermToKif(inner);
    const list = groundFeatures.get(functor);
    if (list) list.push(kif);
    else groundFeatures.set(functor, [kif]);
  }
  return {
    clauses: (need) => [...(need.features ? features : []), ...(need.moves ? moves : [])],
    features: coarse.features.filter((f: FunctionSymbol) => groundFeatures.has(f.key)),
    groundFeatures,
    argumentComponent: coarse.argumentComponent,
  };
}

/**
 * The relaxation's domain, or the coarse one when the relaxation cannot be computed within the budget (it is
 * grounded like a game without negation) or the coarse domain is infinite.
 */
export async function relaxedDomain(
  game: Game,
  coarse: DomainProgram,
  solver: AspSolver,
  budget: SolverBudget,
): Promise<{ readonly domain: DomainProgram; readonly relaxed: boolean }> {
  if (coarse.infinite) return { domain: coarse, relaxed: false };
  const outcome = await solver.solve(relaxationProgram(game), budget);
  if (outcome.status !== 'satisfiable') return { domain: coarse, relaxed: false };
  return { domain: domainFromModel(coarse, outcome.atoms), relaxed: true };
}
