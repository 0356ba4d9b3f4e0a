import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Diagnostic, parseInfix, parseKif, printInfix, printKif, validate } from '../src/index.js';

// Mutated corpus files must never make the parsers or the validator throw, and every diagnostic must point
// inside the text. The mutations are applied to the canonical printed form (no comments), where some of them
// are known to break the syntax: those must produce at least one error.

const gamesDir = join(import.meta.dirname, '../../../games');
const MUTANTS_PER_SYNTAX = 2500;

/** mulberry32: small, fast, deterministic. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Syntax = 'kif' | 'infix';
interface Mutant {
  readonly text: string;
  /** The mutation certainly made the text unreadable. */
  readonly broken: boolean;
}
type Mutation = (text: string, rnd: () => number, syntax: Syntax) => Mutant;

const pick = <T>(items: readonly T[], rnd: () => number): T => items[Math.floor(rnd() * items.length)]!;
function positionsOf(text: string, chars: string): number[] {
  const found: number[] = [];
  for (let i = 0; i < text.length; i++) if (chars.includes(text[i]!)) found.push(i);
  return found;
}
const tokenSpans = (text: string): [number, number][] =>
  [...text.matchAll(/[^\s()]+|[()]/g)].map((m) => [m.index, m.index + m[0].length]);

const mutations: Record<string, Mutation> = {
  // Every parenthesis of the canonical text is structural, so changing their count breaks the text.
  deleteParen: (text, rnd) => {
    const at = pick(positionsOf(text, '()'), rnd);
    return { text: text.slice(0, at) + text.slice(at + 1), broken: true };
  },
  duplicateParen: (text, rnd) => {
    const at = pick(positionsOf(text, '()'), rnd);
    return { text: text.slice(0, at) + text[at] + text.slice(at), broken: true };
  },
  flipParen: (text, rnd) => {
    const at = pick(positionsOf(text, '()'), rnd);
    return { text: text.slice(0, at) + (text[at] === '(' ? ')' : '(') + text.slice(at + 1), broken: true };
  },
  // A lone '?' is a nameless variable in KIF and an unknown character in infix; after a space it is outside
  // any quoted name.
  insertQuestionMark: (text, rnd) => {
    const at = pick(positionsOf(text, ' '), rnd) + 1;
    return { text: `${text.slice(0, at)}? ${text.slice(at)}`, broken: true };
  },
  truncate: (text, rnd, syntax) => {
    const cut = text.slice(0, Math.floor(rnd() * text.length));
    const depth = positionsOf(cut, '(').length - positionsOf(cut, ')').length;
    const rest = cut.trimEnd();
    return { text: cut, broken: syntax === 'kif' ? depth > 0 : rest !== '' && !rest.endsWith('.') };
  },
  deleteToken: (text, rnd) => {
    const [a, b] = pick(tokenSpans(text), rnd);
    return { text: text.slice(0, a) + text.slice(b), broken: false };
  },
  duplicateToken: (text, rnd) => {
    const [a, b] = pick(tokenSpans(text), rnd);
    return { text: `${text.slice(0, b)} ${text.slice(a)}`, broken: false };
  },
  swapTokens: (text, rnd) => {
    const spans = tokenSpans(text);
    const i = Math.floor(rnd() * (spans.length - 1));
    const [a, b] = spans[i]!;
    const [c, d] = spans[i + 1]!;
    return {
      text: text.slice(0, a) + text.slice(c, d) + text.slice(b, c) + text.slice(a, b) + text.slice(d),
      broken: false,
    };
  },
  deleteChar: (text, rnd) => {
    const at = Math.floor(rnd() * text.length);
    return { text: text.slice(0, at) + text.slice(at + 1), broken: false };
  },
  insertChar: (text, rnd) => {
    const at = Math.floor(rnd() * text.length);
    return {
      text: text.slice(0, at) + pick([...'()?;%.,:-~&|\'"xX1 \n\u00e9'], rnd) + text.slice(at),
      broken: false,
    };
  },
};

/** Line and column of every offset, to check that diagnostics point where they say. */
function expectLocatedInside(d: Diagnostic, text: string, context: string): void {
  const { line, column, offset, length } = d.span;
  expect(offset >= 0 && length >= 0 && offset + length <= text.length, context).toBe(true);
  const before = text.slice(0, offset);
  expect(line, context).toBe(before.split('\n').length);
  expect(column, context).toBe(offset - before.lastIndexOf('\n'));
}

const corpus = readdirSync(gamesDir)
  .filter((f) => f.endsWith('.kif'))
  .map((f) => {
    const game = parseKif(readFileSync(join(gamesDir, f), 'utf8'), f).description;
    return { file: f, kif: printKif(game), infix: printInfix(game) };
  });

describe.each<Syntax>(['kif', 'infix'])('fuzzing the %s parser and the validator', (syntax) => {
  it(`survives ${MUTANTS_PER_SYNTAX} mutants and reports every certain syntax error`, async () => {
    const rnd = prng(syntax === 'kif' ? 1 : 2);
    const names = Object.keys(mutations);
    const parse = syntax === 'kif' ? parseKif : parseInfix;
    let broken = 0;
    for (let n = 0; n < MUTANTS_PER_SYNTAX; n++) {
      // Yield now and then so the test worker keeps answering the runner on a loaded machine.
      if (n % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
      const game = pick(corpus, rnd);
      const name = pick(names, rnd);
      let mutant = mutations[name]!(game[syntax], rnd, syntax);
      // Sometimes pile further random mutations on top; the result is then of unknown validity.
      for (let extra = rnd() < 0.3 ? 1 + Math.floor(rnd() * 3) : 0; extra > 0; extra--) {
        mutant = { text: mutations[pick(names, rnd)]!(mutant.text, rnd, syntax).text, broken: false };
      }
      const context = `${syntax} mutant ${n} of ${game.file} (${name})`;
      const parsed = parse(mutant.text, 'mutant');
      const diagnostics = [
        ...parsed.diagnostics,
        ...validate(parsed.description),
        ...validate(parsed.description, { strict: true }),
      ];
      for (const d of diagnostics) expectLocatedInside(d, mutant.text, context);
      if (mutant.broken) {
        broken++;
        expect(
          parsed.diagnostics.some((d) => d.severity === 'error'),
          context,
        ).toBe(true);
      }
    }
    expect(broken).toBeGreaterThan(MUTANTS_PER_SYNTAX / 3);
  });
});
