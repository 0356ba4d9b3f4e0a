// gdlkit filter: the filter trace of DESIGN.md section 4 and the budget fallback of issue #6, run as a user
// would against the built CLI.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

interface TraceLine {
  header?: boolean;
  summary?: boolean;
  state?: string[];
  known?: string[];
  possible?: string[];
  percepts?: string[];
  threeValued?: number;
  fellBack?: number;
  truncated?: boolean;
}

async function filterTrace(args: string[]): Promise<{ summaries: TraceLine[]; trace: TraceLine[] }> {
  const out = join(mkdtempSync(join(tmpdir(), 'gdlkit-filter-')), 'trace.jsonl');
  const r = await runCli(['filter', ...args, '--trace', out]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const parse = (text: string) =>
    text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as TraceLine);
  return { summaries: parse(r.stdout), trace: parse(readFileSync(out, 'utf8')) };
}

/** known ⊆ state ⊆ known ∪ possible on every state line (Proposition 2), fluents written like `state`. */
function expectSound(trace: readonly TraceLine[]): number {
  let lines = 0;
  for (const line of trace) {
    if (line.header || line.summary) continue;
    const state = new Set(line.state);
    const known = new Set(line.known);
    const possible = new Set(line.possible);
    expect(line.known!.filter((f) => !state.has(f))).toEqual([]);
    expect(line.state!.filter((f) => !known.has(f) && !possible.has(f))).toEqual([]);
    expect(
      [...line.known!, ...line.possible!].filter((f) => f.startsWith('(true ') || f.startsWith('(does ')),
    ).toEqual([]);
    lines++;
  }
  return lines;
}

describe('gdlkit filter', () => {
  it('writes per match a header, the state lines with known/possible/percepts and a summary', async () => {
    const { summaries, trace } = await filterTrace([
      'games/montyhall.kif',
      '--role',
      'candidate',
      '--seed',
      '1',
      '--matches',
      '2',
    ]);
    expect(summaries).toHaveLength(2);
    expect(summaries[0]).toMatchObject({ summary: true, role: 'candidate', fellBack: 0, threeValued: 0 });
    expect(trace.filter((l) => l.header)).toHaveLength(2);
    expect(trace.filter((l) => l.summary)).toEqual(summaries);
    expect(trace.some((l) => l.percepts !== undefined)).toBe(true);
    expect(expectSound(trace)).toBeGreaterThan(4);
  });

  it('blind breakthrough: queries out of budget fall back (still sound) and the summary says so', async () => {
    const { summaries, trace } = await filterTrace([
      'games/blindbreakthrough.kif',
      '--role',
      'white',
      '--seed',
      '1',
      '--max-steps',
      '20',
      '--budget-ms',
      '100',
    ]);
    expect(summaries[0]!.threeValued).toBeGreaterThan(0);
    expect(summaries[0]!.fellBack).toBeGreaterThanOrEqual(summaries[0]!.threeValued!);
    expect(expectSound(trace)).toBe(21);
  });
});
