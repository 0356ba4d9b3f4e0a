import { describe, expect, it } from 'vitest';
import { checkText, detectSyntax, formatDiagnostic } from '../src/index.js';

const GAME_KIF = '(role r) (init s) (legal r a) (<= (next s) (does r a)) (<= terminal (true s)) (goal r 100)';
const GAME_INFIX =
  '% one move\nrole(r). init(s). legal(r, a). next(s) :- does(r, a). terminal :- true(s). goal(r, 100).';

describe('checkText', () => {
  it('detects the syntax from the first code character after comments', () => {
    expect(detectSyntax(`; kif\n${GAME_KIF}`)).toBe('kif');
    expect(detectSyntax(GAME_INFIX)).toBe('infix');
    expect(detectSyntax('')).toBe('kif');
  });

  it('parses and validates either syntax', () => {
    expect(checkText(GAME_KIF, 'g.kif').diagnostics).toEqual([]);
    expect(checkText(GAME_INFIX, 'g.pl').diagnostics).toEqual([]);
  });

  it('turns lenient warnings into errors in strict mode', () => {
    const text = `${GAME_INFIX}\ngoal(R, 0) :- ~won(R).`;
    const show = (strict: boolean) => checkText(text, 'g.pl', { strict }).diagnostics.map(formatDiagnostic);
    expect(show(false)).toEqual([
      expect.stringMatching(/^g\.pl:3:6: warning\[unsafe-role-variable\]: role variable R /),
    ]);
    expect(show(true)).toEqual([expect.stringMatching(/^g\.pl:3:6: error\[unsafe-role-variable\]/)]);
  });

  it('reports syntax errors together with validation findings, in position order', () => {
    const { diagnostics } = checkText('(role r)\n(legal r', 'broken.kif', { syntax: 'kif' });
    expect(diagnostics.map((d) => `${d.span.line}:${d.severity}[${d.code}]`)).toEqual([
      '1:error[missing-keyword]',
      '1:error[missing-keyword]',
      '1:error[missing-keyword]',
      '1:warning[missing-init]',
      '2:error[syntax]',
    ]);
  });
});
