import { TermStore } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import {
  backendForGame,
  parseMessage,
  parsePlayerConfig,
  peekEnvelope,
  printSExpr,
  readSExpr,
} from '../src/index.js';
import { internTerm } from '../src/protocol/terms.js';

describe('protocol messages', () => {
  it('reads upper-cased messages and both GDL-II PLAY forms', () => {
    expect(parseMessage('(INFO)')).toEqual({ kind: 'info' });
    const start = parseMessage('(START M1 WHITE ((ROLE WHITE) (<= (LEGAL WHITE ?X) (F ?X))) 30 10)');
    expect(start).toMatchObject({
      kind: 'start',
      matchId: 'm1',
      role: 'white',
      startClock: 30,
      playClock: 10,
    });
    expect(start.kind === 'start' && start.rules).toBe('(role white)\n(<= (legal white ?x) (f ?x))');
    expect(parseMessage('(play m1 nil)')).toEqual({ kind: 'play', matchId: 'm1', payload: 'nil' });
    expect(parseMessage('(play m1 0 nil nil)')).toEqual({
      kind: 'play',
      matchId: 'm1',
      report: { turn: 0, lastMove: null, percepts: [] },
    });
    expect(parseMessage('(stop m1 2 (choose 1) ((open_door 2)))')).toMatchObject({
      report: { turn: 2, lastMove: ['choose', '1'], percepts: [['open_door', '2']] },
    });
  });

  it("reads ggp-base's legacy (ping)", () => {
    expect(parseMessage('(PING)')).toEqual({ kind: 'ping' });
    expect(parseMessage('ping')).toEqual({ kind: 'ping' });
  });

  it('reads the envelope of a large START or PREVIEW from its first and last tokens only', () => {
    const rules = `((role white) ${'(zzf 1) '.repeat(10)})`;
    expect(peekEnvelope(`  (START Big.1 WHITE ${rules} 30 10.5)\n`)).toEqual({
      kind: 'start',
      matchId: 'big.1',
      startClock: 30,
      playClock: 10.5,
    });
    expect(peekEnvelope(`(preview ${rules} 7)`)).toEqual({ kind: 'preview', clock: 7 });
    expect(() => peekEnvelope(`(play m1 ${rules})`)).toThrow(/only START and PREVIEW/);
    expect(() => peekEnvelope(`(start m1 white ${rules} 30 ten)`)).toThrow(/play clock/);
    expect(() => peekEnvelope(`(start m1 white ${rules} 30 10`)).toThrow(/does not end with/);
    expect(() => peekEnvelope(`start m1 white ${rules} 30 10)`)).toThrow(/START or PREVIEW list/);
  });

  it('prints terms nested deeper than the call stack allows (the reader has no depth limit; recursion failed at 10 k)', () => {
    const depth = 20_000;
    const text = `${'(f '.repeat(depth)}a${')'.repeat(depth)}`;
    expect(printSExpr(readSExpr(text))).toBe(text);
    const start = parseMessage(`(start m1 white ((role white) (zzp ${text})) 30 10)`);
    expect(start.kind === 'start' && start.rules).toBe(`(role white)\n(zzp ${text})`);
    expect(printSExpr(readSExpr('(a () (b c) d)'))).toBe('(a () (b c) d)');
  });

  it('interns moves nested deeper than the call stack allows (recursion failed at about 10 k)', () => {
    const store = new TermStore();
    const depth = 20_000;
    const text = `${'(f '.repeat(depth)}a${')'.repeat(depth)}`;
    const id = internTerm(store, readSExpr(text));
    let inner = store.constant('a');
    for (let i = 0; i < depth; i++) inner = store.compound(store.symbol('f'), [inner]);
    expect(id).toBe(inner);
    expect(store.toKif(internTerm(store, readSExpr('(mark 1 (g x y) z)')))).toBe('(mark 1 (g x y) z)');
    expect(() => internTerm(store, readSExpr('(mark ?x 1)'))).toThrow(/found variable \?x/);
    expect(() => internTerm(store, readSExpr('((f) 1)'))).toThrow(/function symbol/);
  });

  it('rejects malformed messages with a reason', () => {
    expect(() => readSExpr('(a (b)')).toThrow(/closing/);
    expect(() => readSExpr('(a ? b)')).toThrow(/a variable needs a name after '\?', e\.g\. \?x at column 4/);
    expect(() => readSExpr('(a "b')).toThrow(/unterminated string/);
    expect(() => readSExpr(' ; only a comment')).toThrow(/empty message/);
    expect(() => readSExpr('(a) b')).toThrow(/unexpected text after the message at column 5/);
    expect(() => readSExpr('a)')).toThrow(/unexpected text|unbalanced/);
    expect(() => parseMessage('(start m1 r () -3 10)')).toThrow(/start clock/);
    expect(() => parseMessage('(play m1 x y percept)')).toThrow(/turn/);
  });
});

describe('config', () => {
  it('chooses by rules hash, then game name, then flag, then default', () => {
    const config = parsePlayerConfig(
      '{"default": "forward", "games": {"abcdef12": "propnet", "chess": "prover"}}',
    );
    expect(backendForGame(config, 'abcdef1234', 'x', 'auto').backend).toBe('propnet');
    expect(backendForGame(config, '00', 'chess.17', undefined).backend).toBe('prover');
    expect(backendForGame(config, '00', 'chessboard.1', undefined).backend).toBe('forward');
    expect(backendForGame(config, '00', 'x', 'auto').backend).toBe('auto');
    expect(backendForGame({}, '00', 'x', undefined).backend).toBe('auto');
    expect(() => parsePlayerConfig('{"games": {"a": 3}}')).toThrow(/backend name/);
    expect(() => parsePlayerConfig('{"defaults": "auto"}')).toThrow(/unknown key/);
  });
});
