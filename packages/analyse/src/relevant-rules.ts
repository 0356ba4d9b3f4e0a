// Section 6: an answer set program holds only the game rules potentially relevant to the property. Starting
// from the atoms the property encodings read, rules are collected backwards through their bodies; for init,
// next and legal only the rules whose feature or move has the function symbol asked for (or a variable) are
// taken, so uniqueness of control(P) does not drag in the board's next rules or the legal rules. When a rule
// reads does, every move's legality is kept: dropping the legal rules of moves the next rules do not mention
// would stay sound but admits illegal joint moves (both players passing in TicTacToe) that defeat proofs.
import type { Game, GameRule, RelationId } from '@gdlkit/core';
import { patternFunctor } from './asp-names.js';
import type { Need } from './property-encoding.js';
import { decomposedRuleText } from './rule-decomposition.js';
import type { View } from './rule-translation.js';

export interface RelevantProgram {
  /** Translated game rules (each with its auxiliary rules, rule-decomposition.ts). */
  readonly rules: string[];
  /** Feature function symbols the current state must range over (`*`: all), in the true view. */
  readonly chosenFeatures: ReadonlySet<string>;
  /** Some included rule reads does: the program chooses a joint move, constrained by all legal rules. */
  readonly readsDoes: boolean;
  /** Relations (with their view) included. */
  readonly relations: ReadonlySet<string>;
}

/** Argument holding the feature or move a keyword relation is filtered by. */
function filteredArgument(game: Game, relation: RelationId): number | undefined {
  const k = game.keywords;
  if (relation === k.init || relation === k.next || relation === k.true) return 0;
  if (relation === k.legal || relation === k.does) return 1;
  return undefined;
}

export function relevantRules(game: Game, needs: readonly Need[]): RelevantProgram {
  const { keywords, store } = game;
  const rules: string[] = [];
  const chosenFeatures = new Set<string>();
  let readsDoes = false;
  const relations = new Set<string>();
  const seenNeeds = new Set<string>();
  const seenRules = new Set<string>();
  const ruleIndex = new Map<GameRule, number>(game.rules.map((r, i) => [r, i]));
  const stack: Need[] = [...needs];

  while (stack.length > 0) {
    const need = stack.pop()!;
    const view: View = game.analysis.dynamic[need.relation] ? need.view : 'true';
    const key = `${view}|${need.relation}|${need.functor}`;
    if (seenNeeds.has(key)) continue;
    seenNeeds.add(key);
    if (need.relation === keywords.true) {
      if (view === 'true') chosenFeatures.add(need.functor);
      else
        stack.push({
          view: 'true',
          relation: view === 'next' ? keywords.next : keywords.init,
          functor: need.functor,
        });
      continue;
    }
    if (need.relation === keywords.does) {
      readsDoes = true;
      stack.push({ view: 'true', relation: keywords.legal, functor: '*' });
      continue;
    }
    relations.add(`${view}|${game.relations[need.relation]!.key}`);
    const argument = filteredArgument(game, need.relation);
    for (const rule of game.rulesByHead[need.relation]!) {
      if (argument !== undefined && need.functor !== '*') {
        const f = patternFunctor(store, rule.head.args[argument]!);
        if (f !== undefined && f !== need.functor) continue;
      }
      const id = `${view}|${ruleIndex.get(rule)}`;
      if (seenRules.has(id)) continue;
      seenRules.add(id);
      rules.push(decomposedRuleText(game, rule, view, `${ruleIndex.get(rule)}${view}`));
      for (const l of rule.body) {
        if (l.kind === 'distinct') continue;
        const arg = filteredArgument(game, l.atom.relation);
        const functor = arg === undefined ? '*' : (patternFunctor(store, l.atom.args[arg]!) ?? '*');
        stack.push({ view, relation: l.atom.relation, functor });
      }
    }
  }
  return { rules, chosenFeatures, readsDoes, relations };
}
