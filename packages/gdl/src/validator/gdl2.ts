import type { GameDescription } from '../ast.js';
import { DiagnosticCodes } from './codes.js';
import type { Reporter } from './reporter.js';
import { bodyAtoms, relationKey } from './rule-walk.js';

/** Relations whose first argument names a role. */
const ROLE_POSITIONS = new Set(['legal/2', 'goal/2', 'sees/2', 'does/2', 'input/2']);

/**
 * GDL-II: percepts (`sees`) are defined like `next`, so only in heads; `random` is the chance role and must be
 * declared with `(role random)` before it moves, gets a goal or sees anything. (Arity of sees: keywords.ts.)
 */
export function checkGdl2(description: GameDescription, reporter: Reporter): void {
  const randomDeclared = description.rules.some(
    (r) =>
      relationKey(r.head) === 'role/1' &&
      r.head.kind === 'compound' &&
      r.head.args[0]!.kind === 'const' &&
      r.head.args[0]!.name === 'random',
  );
  for (const rule of description.rules) {
    const atoms = bodyAtoms(rule.body).map((o) => o.atom);
    for (const atom of atoms) {
      if (relationKey(atom) === 'sees/2') {
        reporter.report(
          DiagnosticCodes.keywordInBody,
          'sees may only appear in rule heads: percepts are outputs of a move; ' +
            'test the state or the moves that cause the percept instead',
          atom.span,
        );
      }
    }
    if (randomDeclared) continue;
    for (const atom of [rule.head, ...atoms]) {
      if (atom.kind !== 'compound' || !ROLE_POSITIONS.has(relationKey(atom))) continue;
      const role = atom.args[0]!;
      if (role.kind === 'const' && role.name === 'random') {
        reporter.report(
          DiagnosticCodes.undeclaredRandom,
          'random is used as a role but not declared: add the fact (role random) for the GDL-II chance player',
          role.span,
        );
      }
    }
  }
}
