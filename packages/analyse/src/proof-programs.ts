// The two answer set programs of section 4 — neither has an answer set exactly when the property's base case
// (1) and induction step (2) hold; an answer set is a counterexample — and program (2) without the
// transition, which shows ϕ to be a consequence of Φ alone.
import { aspName } from './asp-names.js';
import { countStepParts } from './counter-invariant.js';
import type { DomainProgram } from './domain-program.js';
import { type MoveCase, moveCases } from './move-cases.js';
import type { Property } from './properties.js';
import {
  type EncodingContext,
  encodeProperty,
  type Need,
  splitFunctor,
  violation,
} from './property-encoding.js';
import { relevantRules } from './relevant-rules.js';

export interface ProofProgram {
  readonly text: string;
  /** Number of translated game rules (section 6 keeps only the relevant ones). */
  readonly gameRules: number;
  /** For one program of a split induction step: its part and case of the joint move, e.g. `delta:red red:move/5`. */
  readonly name?: string;
  readonly moveCase?: MoveCase;
}

const SHOW = ['#show init/1.', '#show true/1.', '#show does/2.', '#show next/1.'];

/** Program (1): G ∪ D ∪ { t0 :- ϕ_init. :- t0. } */
export function baseCaseProgram(
  ctx: EncodingContext,
  domain: DomainProgram,
  property: Property,
): ProofProgram {
  const phi = encodeProperty(ctx, property, 0, 'init');
  const relevant = relevantRules(ctx.game, phi.needs);
  const text = [
    ...domain.clauses({ features: phi.clauses.some((c) => c.includes('fDom(')), moves: false }),
    ...relevant.rules,
    ...phi.clauses,
    `:- not ${violation(0, 'init')}.`,
    ...SHOW,
  ].join('\n');
  return { text, gameRules: relevant.rules.length };
}

/**
 * Program (2): any current state over the feature domain satisfying Φ and ϕ, one legal move per role, and
 * ϕ failing in the successor. Property 0 is ϕ; assumptions are numbered from 1.
 *
 * Beyond the paper, when the property reads `terminal` or the step chooses a joint move, the current state is
 * also required to be non-terminal: Theorem 1's predecessor state is reachable and has a successor, so it is
 * not terminal. For zero-sum, which constrains terminal states only, ϕ then holds in the current state and
 * is not encoded.
 */
export function inductionStepProgram(
  ctx: EncodingContext,
  domain: DomainProgram,
  property: Property,
  assumptions: readonly Property[],
  part?: string,
  moveCase?: MoveCase,
): ProofProgram {
  const { game } = ctx;
  const encodings = [
    encodeProperty(ctx, property, 0, 'next', part),
    // ϕ_true of a property of terminal states holds in the non-terminal current state: no rules needed.
    ...(constrainsTerminalOnly(property) ? [] : [encodeProperty(ctx, property, 0, 'true')]),
    ...assumptions.map((a, i) => encodeProperty(ctx, a, i + 1, 'true')),
  ];
  const needs: Need[] = encodings.flatMap((e) => e.needs);
  const first = relevantRules(game, needs);
  // The current state is non-terminal whenever the step chooses a joint move: the legal rules are then
  // grounded anyway, and terminal states (which have no successor) only add spurious counterexamples.
  const readsTerminal =
    constrainsTerminalOnly(property) ||
    first.readsDoes ||
    first.relations.has('true|terminal/0') ||
    first.relations.has('next|terminal/0');
  const extra: Need[] = [];
  if (readsTerminal) extra.push({ view: 'true', relation: game.keywords.terminal, functor: '*' });
  if (first.readsDoes) extra.push({ view: 'true', relation: game.keywords.role, functor: '*' });
  const withRoles = extra.length > 0 ? relevantRules(game, [...needs, ...extra]) : first;

  const lines: string[] = [
    ...domain.clauses({ features: true, moves: withRoles.readsDoes }),
    ...withRoles.rules,
  ];
  lines.push(...stateChoice(withRoles.chosenFeatures));
  // Lines 10-11 of (2) as one choice over the moves that can be legal: the same answer sets (legal never
  // reads does), but the grounder instantiates does, and every next rule reading it, only for moves some
  // legal rule can derive instead of the whole move domain (endgame's 2·12,288 king/rook moves).
  if (withRoles.readsDoes && moveCase) {
    lines.push(...moveCase.clauses, '1 { does(R,M) : mDom(M), legal(R,M), aLlowed(R,M) } 1 :- role(R).');
  } else if (withRoles.readsDoes) lines.push('1 { does(R,M) : mDom(M), legal(R,M) } 1 :- role(R).');
  for (const e of encodings) lines.push(...e.clauses);
  for (let i = 1; i <= assumptions.length; i++) lines.push(`:- ${violation(i, 'true')}.`);
  if (!constrainsTerminalOnly(property)) lines.push(`:- ${violation(0, 'true')}.`);
  lines.push(`:- not ${violation(0, 'next')}.`);
  if (readsTerminal) lines.push(':- terminal.');
  lines.push(...SHOW);
  return { text: lines.join('\n'), gameRules: withRoles.rules.length };
}

/**
 * ϕ as a consequence of Φ: any state over the feature domain satisfying Φ and violating ϕ. No answer set
 * means ϕ holds in every state satisfying Φ, hence in every reachable state (Φ holds there), without
 * induction. This is program (2) without the transition, so the next and legal rules are not needed: for
 * zero-sum, which speaks about terminal states only, the relevant rules (section 6) shrink to the goal and
 * terminal rules in one view. Undefined when an included rule reads does (not a state property).
 */
export function consequenceProgram(
  ctx: EncodingContext,
  domain: DomainProgram,
  property: Property,
  assumptions: readonly Property[],
): ProofProgram | undefined {
  const encodings = [
    encodeProperty(ctx, property, 0, 'true'),
    ...assumptions.map((a, i) => encodeProperty(ctx, a, i + 1, 'true')),
  ];
  const relevant = relevantRules(
    ctx.game,
    encodings.flatMap((e) => e.needs),
  );
  if (relevant.readsDoes) return undefined;
  const lines = [
    ...domain.clauses({ features: true, moves: false }),
    ...relevant.rules,
    ...stateChoice(relevant.chosenFeatures),
    ...encodings.flatMap((e) => e.clauses),
  ];
  for (let i = 1; i <= assumptions.length; i++) lines.push(`:- ${violation(i, 'true')}.`);
  lines.push(`:- not ${violation(0, 'true')}.`, ...SHOW);
  return { text: lines.join('\n'), gameRules: relevant.rules.length };
}

/**
 * The parts of the induction step, each proved by its own program (one part: `[undefined]`). A count
 * property's step splits into existence and one delta per key (counter-invariant.ts): the step holds when
 * no part's program has an answer set.
 */
export function stepParts(
  ctx: EncodingContext,
  domain: DomainProgram,
  property: Property,
): readonly (string | undefined)[] {
  return property.kind === 'count' ? countStepParts(ctx.game, domain, property) : [undefined];
}

/**
 * Program (2) as the programs to decide: one per part of the step and, for a count property, per case of
 * the joint move (move-cases.ts). The step holds when none has an answer set.
 */
export function inductionStepPrograms(
  ctx: EncodingContext,
  domain: DomainProgram,
  property: Property,
  assumptions: readonly Property[],
): ProofProgram[] {
  const cases: readonly (MoveCase | undefined)[] = (property.kind === 'count'
    ? moveCases(ctx.game)
    : undefined) ?? [undefined];
  const programs = new Map<string, ProofProgram & { readonly first: boolean }>();
  for (const part of stepParts(ctx, domain, property)) {
    for (const c of cases) {
      const program = inductionStepProgram(ctx, domain, property, assumptions, part, c);
      const name = [part, c?.name].filter((n) => n !== undefined).join(' ');
      // The mover's own delta is the slowest kind (its pieces both leave and arrive: checkers 0.8-1.9 CPU-s
      // against 0.3-1.0 for the others); solved first, it does not end up alone on one core at the end.
      const mover = c?.name.slice(0, c.name.indexOf(':'));
      const first = mover !== undefined && mover !== '' && part === `delta:${mover}`;
      programs.set(
        program.text,
        name === '' ? { ...program, first } : { ...program, name, moveCase: c, first },
      );
    }
  }
  return [...programs.values()]
    .sort((a, b) => Number(b.first) - Number(a.first))
    .map(({ first, ...program }) => program);
}

/**
 * Whether a case of the joint move can occur in the step at all: a non-terminal state over the feature domain
 * satisfying Φ with a legal joint move of the case. No answer set: every step program of the case is
 * unsatisfiable too (they add constraints), so they need not be solved. Only legality is grounded — no next
 * rules — so this is far smaller than the case's programs (checkers' several movers: 236 k ground rules).
 */
export function moveCaseProgram(
  ctx: EncodingContext,
  domain: DomainProgram,
  assumptions: readonly Property[],
  moveCase: MoveCase,
): ProofProgram {
  const { game } = ctx;
  const encodings = assumptions.map((a, i) => encodeProperty(ctx, a, i + 1, 'true'));
  const relevant = relevantRules(game, [
    ...encodings.flatMap((e) => e.needs),
    { view: 'true', relation: game.keywords.legal, functor: '*' },
    { view: 'true', relation: game.keywords.role, functor: '*' },
    { view: 'true', relation: game.keywords.terminal, functor: '*' },
  ]);
  const lines = [
    ...domain.clauses({ features: true, moves: true }),
    ...relevant.rules,
    ...stateChoice(relevant.chosenFeatures),
    ...moveCase.clauses,
    '1 { does(R,M) : mDom(M), legal(R,M), aLlowed(R,M) } 1 :- role(R).',
    ...encodings.flatMap((e) => e.clauses),
    ...assumptions.map((_, i) => `:- ${violation(i + 1, 'true')}.`),
    ':- terminal.',
    ...SHOW,
  ];
  return { text: lines.join('\n'), gameRules: relevant.rules.length, name: `case ${moveCase.name}` };
}

/** Zero-sum constrains terminal states only (its violation needs `terminal`). */
function constrainsTerminalOnly(property: Property): boolean {
  return property.kind === 'zero-sum';
}

function functorPattern(key: string): string {
  const [name, arity] = splitFunctor(key);
  const n = Number(arity);
  if (n === 0) return aspName(name);
  return `${aspName(name)}(${Array.from({ length: n }, (_, i) => `X${i}`).join(',')})`;
}

/** Line 7 of the example: `{true(F) : fDom(F)}`, per feature symbol when only some are relevant. */
function stateChoice(features: ReadonlySet<string>): string[] {
  if (features.has('*')) return ['{ true(F) : fDom(F) }.'];
  return [...features].sort().map((f) => `{ true(${functorPattern(f)}) : fDom(${functorPattern(f)}) }.`);
}
