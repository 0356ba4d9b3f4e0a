import { type Diagnostic, type GameDescription, hasErrors, parseKif, validate } from '@gdlkit/gdl';
import { InvalidGameError } from '../errors.js';
import { type TermId, TermStore } from '../terms/term-store.js';
import { parseGroundTerm } from '../terms/term-text.js';
import { analyseDependencies, type DependencyAnalysis } from './dependency-graph.js';
import { Normaliser } from './normalise.js';
import { internKeywords, type KeywordRelations, RelationTable } from './relations.js';
import type { GameRule, Relation, RelationId } from './rules.js';

export interface GameOptions {
  /** Apply the GDL specification strictly: the lenient deviations of DESIGN.md section 4a become errors. */
  readonly strict?: boolean;
  /** Share a term store with other games (e.g. to compare answers of two descriptions by id). */
  readonly store?: TermStore;
}

/**
 * A parsed, validated and analysed game: the single input of every backend. Rules are normalised (see
 * normalise.ts); relations are numbered; the dependency analysis says which relations are static.
 */
export class Game {
  readonly rulesByHead: readonly (readonly GameRule[])[];
  readonly roles: readonly TermId[];
  /** Index of the `random` role in `roles`, or -1. */
  readonly randomRole: number;
  /** Uses `sees` or the `random` role. */
  readonly isGdl2: boolean;
  /**
   * Per relation, whether a keyword relation depends on it. Backends ignore the others, so a relation nothing
   * uses cannot make a game unplayable (e.g. a cycle through negation among helper relations no rule reads).
   */
  readonly used: readonly boolean[];
  private readonly relationBySymbolArity = new Map<number, RelationId>();

  constructor(
    readonly file: string,
    readonly store: TermStore,
    readonly relations: readonly Relation[],
    readonly keywords: KeywordRelations,
    readonly rules: readonly GameRule[],
    readonly analysis: DependencyAnalysis,
    readonly diagnostics: readonly Diagnostic[],
  ) {
    const byHead: GameRule[][] = relations.map(() => []);
    for (const rule of rules) byHead[rule.head.relation]!.push(rule);
    this.rulesByHead = byHead;
    for (const r of relations) this.relationBySymbolArity.set(r.symbol * 1024 + r.arity, r.id);
    const roles: TermId[] = [];
    for (const rule of byHead[keywords.role]!) {
      const arg = rule.head.args[0];
      if (rule.body.length === 0 && arg?.kind === 'ground' && !roles.includes(arg.term)) roles.push(arg.term);
    }
    this.roles = roles;
    const random = store.findSymbol('random');
    this.randomRole =
      random === undefined ? -1 : roles.findIndex((r) => store.functor(r) === random && store.arity(r) === 0);
    this.isGdl2 = this.randomRole >= 0 || byHead[keywords.sees]!.length > 0;
    this.used = usedRelations(relations.length, rules, keywords);
  }

  /** The relation a ground atom term belongs to, if any rule or fact mentions it. */
  relationOf(atom: TermId): RelationId | undefined {
    return this.relationBySymbolArity.get(this.store.functor(atom) * 1024 + this.store.arity(atom));
  }

  /** The ground atom term `relation(args)`; a zero-arity relation is a constant. */
  atomTerm(relation: RelationId, args: ArrayLike<TermId>): TermId {
    return this.store.compound(this.relations[relation]!.symbol, args);
  }

  roleName(index: number): string {
    return this.store.toKif(this.roles[index]!);
  }

  roleIndex(role: TermId | string): number {
    const term = typeof role === 'string' ? parseGroundTerm(this.store, role) : role;
    return this.roles.indexOf(term);
  }

  /** Parses a ground term (move, fluent) in this game's store. */
  parseTerm(text: string): TermId {
    return parseGroundTerm(this.store, text);
  }

  /** Ground facts of a relation (rules with an empty body). */
  facts(relation: RelationId): TermId[] {
    const out: TermId[] = [];
    for (const rule of this.rulesByHead[relation]!) {
      if (rule.body.length > 0) continue;
      const args = rule.head.args.map((a) => (a.kind === 'ground' ? a.term : -1));
      if (args.every((a) => a >= 0)) out.push(this.atomTerm(relation, args));
    }
    return out;
  }
}

/** Builds the analysed game from a syntax tree; throws InvalidGameError when there are errors. */
export function analyseGame(
  description: GameDescription,
  diagnostics: readonly Diagnostic[],
  options: GameOptions = {},
): Game {
  const store = options.store ?? new TermStore();
  const table = new RelationTable(store);
  const keywords = internKeywords(table);
  const normaliser = new Normaliser(store, table, keywords, description.rules);
  for (const rule of description.rules) normaliser.addRule(rule);
  // Strict mode applies the specification: normalisation's lenient readings become errors.
  const readings = options.strict
    ? normaliser.diagnostics.map((d): Diagnostic => ({ ...d, severity: 'error' }))
    : normaliser.diagnostics;
  const all = [...diagnostics, ...readings];
  const used = usedRelations(table.relations.length, normaliser.rules, keywords);
  for (const { relation, diagnostic } of normaliser.unsafeRules) {
    // An unsafe rule nothing depends on cannot change an answer (ggp-base's test_case_3b has one).
    all.push(
      used[relation] || options.strict
        ? diagnostic
        : {
            ...diagnostic,
            severity: 'warning',
            code: 'unused-unsafe-rule',
            message: `${diagnostic.message}; the rule is ignored because no game relation uses it`,
          },
    );
  }
  if (description.rules.length === 0) {
    all.push({
      severity: 'error',
      code: 'empty-game',
      message: 'the game description has no rules',
      span: { file: description.file, line: 1, column: 1, offset: 0, length: 0 },
    });
  }
  if (hasErrors(all)) throw new InvalidGameError(all);
  const analysis = analyseDependencies(table.relations.length, normaliser.rules, keywords);
  const game = new Game(description.file, store, table.relations, keywords, normaliser.rules, analysis, all);
  if (game.roles.length === 0) {
    throw new InvalidGameError([
      ...all,
      {
        severity: 'error',
        code: 'no-roles',
        message: 'the game declares no roles: add facts such as (role white)',
        span: { file: description.file, line: 1, column: 1, offset: 0, length: 0 },
      },
    ]);
  }
  return game;
}

/**
 * The validator's diagnostics, less the head-safety ones: normalisation decides those, because it gives some
 * unsafe rules a meaning (see normalise.ts) and reports the rest itself.
 */
export function validateForAnalysis(description: GameDescription, strict: boolean): Diagnostic[] {
  return validate(description, { strict }).filter((d) => d.code !== 'unsafe-head-variable');
}

/** Parses, validates and analyses KIF text. Throws InvalidGameError with located diagnostics. */
export function loadGame(text: string, file = '<input>', options: GameOptions = {}): Game {
  const { description, diagnostics } = parseKif(text, file);
  if (hasErrors(diagnostics)) throw new InvalidGameError(diagnostics);
  return analyseGame(
    description,
    [...diagnostics, ...validateForAnalysis(description, options.strict === true)],
    options,
  );
}

/** Relations reachable from the keyword relations through rule bodies. */
function usedRelations(count: number, rules: readonly GameRule[], keywords: KeywordRelations): boolean[] {
  const used = new Array<boolean>(count).fill(false);
  const bodies: RelationId[][] = Array.from({ length: count }, () => []);
  for (const rule of rules) {
    for (const l of rule.body) if (l.kind !== 'distinct') bodies[rule.head.relation]!.push(l.atom.relation);
  }
  const stack: RelationId[] = Object.values(keywords);
  while (stack.length > 0) {
    const r = stack.pop()!;
    if (used[r]) continue;
    used[r] = true;
    stack.push(...bodies[r]!);
  }
  return used;
}
