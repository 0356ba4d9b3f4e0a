// Issue 25: replay errors name the record line, so the reader keeps the line of every header and step.
import { describe, expect, it } from 'vitest';
import { readLocatedTrace } from '../src/index.js';

describe('readLocatedTrace', () => {
  it('gives the 1-based line of each header and step, blank lines counted', () => {
    const text = [
      '{"header": true, "game": "g", "backend": "b", "seed": 1, "roles": ["a"]}',
      '{"step": 0, "state": [], "moves": {"a": "m"}}',
      '',
      '{"step": 1, "state": [], "terminal": true, "goals": {"a": 0}}',
      '{"step": 0, "state": [], "terminal": true, "goals": {"a": 0}}',
    ].join('\n');
    const blocks = readLocatedTrace(text, 'r.jsonl');
    expect(blocks.map((b) => b.location)).toEqual([
      { file: 'r.jsonl', headerLine: 1, stepLines: [2, 4] },
      { file: 'r.jsonl', stepLines: [5] },
    ]);
    expect(blocks[1]!.block).toEqual({ steps: [{ step: 0, state: [], terminal: true, goals: { a: 0 } }] });
  });

  it('names the line of a header without steps', () => {
    expect(() => readLocatedTrace('{"step": 0, "state": []}\n{"header": true}\n', 'r.jsonl')).toThrow(
      /^r\.jsonl:2: a header with no steps$/,
    );
  });
});
