import { readFileSync } from 'node:fs';
import { loadGame, readTrace } from '@gdlkit/core';
import { propnetBackend } from '@gdlkit/propnet';
import { proverBackend } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { findBoard } from '../src/board-view.js';
import { Session } from '../src/session.js';

// The typecheck sees core's browser entry (no corpus helpers), so the game is read here.
const games = new URL('../../../games/', import.meta.url);

async function session(file: string, backend = propnetBackend): Promise<Session> {
  const game = loadGame(readFileSync(new URL(file, games), 'utf8'), file);
  return new Session(game, (await backend.create(game)) as never);
}

describe('Session on tictactoe', () => {
  it('steps, undoes, redoes and writes a record that replays to the same states', async () => {
    const s = await session('tictactoe.kif');
    s.step(['(mark 2 2)', 'noop']);
    s.step([null, null]);
    const afterTwo = s.view();
    expect(afterTwo.step).toBe(2);
    expect(afterTwo.fluents).toContain('(cell 2 2 x)');
    s.undo();
    expect(s.view().step).toBe(1);
    expect(s.view().recordedAhead).toBe(1);
    s.redo();
    expect(s.view()).toEqual(afterTwo);
    const record = s.record();
    const [block] = readTrace(record);
    expect(block!.steps).toHaveLength(3);
    expect(block!.steps[0]!.moves).toEqual({ xplayer: '(mark 2 2)', oplayer: 'noop' });
    const other = await session('tictactoe.kif', proverBackend);
    other.replay(record, 'match.jsonl');
    expect(other.view().recordedAhead).toBe(2);
    other.redo();
    other.redo();
    expect(other.view().fluents).toEqual(afterTwo.fluents);
  });

  it('rejects an illegal move with a message naming it, and leaves the state as it was', async () => {
    const s = await session('tictactoe.kif');
    expect(() => s.step(['noop', 'noop'])).toThrow('noop is not legal for xplayer now');
    expect(() => s.step(['(mark 1', 'noop'])).toThrow();
    expect(s.view().step).toBe(0);
  });

  it("the player's search finds the winning move and reports the values it considered", async () => {
    const s = await session('tictactoe.kif');
    // x at 1 1 and 1 2, o at 2 1 and 2 2: x to move wins with (mark 1 3).
    for (const [x, o] of [
      ['(mark 1 1)', '(mark 2 1)'],
      ['(mark 1 2)', '(mark 2 2)'],
    ] as const) {
      s.step([x, 'noop']);
      s.step(['noop', o]);
    }
    const result = s.think([0], 300, 1);
    expect(result.moves).toEqual(['(mark 1 3)']);
    expect(result.simulations).toBeGreaterThan(0);
    expect(result.values[0]![0]!.move).toBe('(mark 1 3)');
    expect(result.values[0]!).toHaveLength(5);
  });
});

describe('Session on a GDL-II game', () => {
  it('shows the human only their percepts and knowledge until the end, then the state', async () => {
    const s = await session('montyhall.kif', proverBackend);
    const roles = s.view().roles;
    const candidate = roles.indexOf('candidate');
    s.setHumans([candidate]);
    let view = s.view();
    expect(view.fluents).toBeNull();
    expect(view.goals).toBeNull();
    expect(view.legal[roles.indexOf('random')]).toBeNull();
    expect(view.knowledge!.role).toBe('candidate');
    while (!view.terminal) {
      s.step(roles.map(() => null));
      view = s.view();
      if (!view.terminal) expect(view.fluents).toBeNull();
    }
    expect(view.knowledge!.percepts).toHaveLength(view.step);
    expect(view.fluents).not.toBeNull();
    expect(view.goals).not.toBeNull();
  });
});

describe('the computer in a GDL-II game', () => {
  it('plays HyperPlay from its own percepts until the end, with the value of each move', async () => {
    const s = await session('montyhall.kif', proverBackend);
    const roles = s.view().roles;
    const candidate = roles.indexOf('candidate');
    while (!s.view().terminal) {
      const result = s.think([candidate], 50, 1);
      const legal = s.view().legal[candidate]!;
      // One value per move legal in every hypergame (here: every legal move), best first, on the goal scale.
      expect(result.values[0]!.map((v) => v.move).sort()).toEqual([...legal].sort());
      for (const v of result.values[0]!) expect(v.mean).toBeGreaterThanOrEqual(0);
      expect(result.values[0]!.map((v) => v.mean)).toEqual(
        result.values[0]!.map((v) => v.mean).sort((a, b) => b - a),
      );
      // Its move is one of the best (ties are broken at random).
      expect(result.values[0]!.find((v) => v.move === result.moves[0])!.mean).toBe(
        result.values[0]![0]!.mean,
      );
      s.step(roles.map((_, r) => (r === candidate ? result.moves[0]! : null)));
    }
    expect(s.view().step).toBeGreaterThan(2);
    s.undo();
    const again = s.think([candidate], 50, 1);
    expect(s.view().legal[candidate]).toContain(again.moves[0]);
  });
});

describe('findBoard', () => {
  it('draws cell-like fluents of two coordinates as a grid and ignores other states', () => {
    const board = findBoard(['(cell 1 1 x)', '(cell 1 2 b)', '(cell 2 1 o)', '(cell 2 2 b)', '(control x)']);
    expect(board?.relation).toBe('cell');
    expect(board?.rows).toEqual(['1', '2']);
    expect(board?.cells.get('2 1')).toBe('o');
    expect(findBoard(['(step 1)', '(control x)'])).toBeNull();
  });
});
