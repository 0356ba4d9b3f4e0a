import { proverBackend } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import {
  type BenchEngine,
  type BenchReport,
  machineInfo,
  reasonerEngine,
  renderMarkdown,
  renderSvg,
  runBench,
  swiplEngine,
} from '../src/index.js';

const engines: BenchEngine[] = [reasonerEngine(proverBackend), swiplEngine()];
const hasSwipl = swiplEngine().unavailable() === undefined;

describe('a small run on tictactoe and a game with a recursive view', async () => {
  const results = await runBench({
    games: ['tictactoe.kif', 'tests/failure-classes/recursive-view.kif'],
    engines,
    experiments: ['sim', 'depth'],
    seconds: 0.3,
    depth: 2,
  });
  const report: BenchReport = {
    machine: machineInfo(),
    command: 'gdlkit bench (test)',
    date: new Date().toISOString(),
    results,
  };

  it('has one result per game x engine x experiment with the JSON fields of DESIGN.md section 4', () => {
    expect(results).toHaveLength(2 * 2 * 2);
    for (const r of results) {
      for (const key of [
        'game',
        'backend',
        'experiment',
        'seconds',
        'states_per_sec',
        'playouts_per_sec',
        'nodes_per_sec',
        'build_ms',
      ])
        expect(r).toHaveProperty(key);
    }
    const sim = results.find(
      (r) => r.game === 'tictactoe.kif' && r.backend === 'prover' && r.experiment === 'sim',
    )!;
    expect(sim.states_per_sec).toBeGreaterThan(0);
    expect(Math.abs(sim.playouts_30s! - (sim.playouts! / sim.seconds) * 30)).toBeLessThan(
      0.01 * sim.playouts_30s! + 1,
    );
    expect(sim.skipped).toBeNull();
    expect(JSON.parse(JSON.stringify(report)).machine.cores).toBeGreaterThan(0);
  });

  it('counts the same fixed-depth nodes on every engine (tictactoe depth 2: 1 + 9 + 72)', () => {
    const depth = results.filter((r) => r.game === 'tictactoe.kif' && r.experiment === 'depth' && !r.skipped);
    expect(depth.length).toBe(hasSwipl ? 2 : 1);
    for (const r of depth) expect(r.nodes).toBe(82);
  });

  it('skips the Prolog baseline on a game with recursive views, saying why', () => {
    const recursive = results.find(
      (r) => r.game === 'tests/failure-classes/recursive-view.kif' && r.backend === 'swipl',
    )!;
    expect(recursive.skipped).toMatch(hasSwipl ? /recursive relations/ : /not installed/);
  });

  it('renders a Markdown table with a row per result', () => {
    const md = renderMarkdown(report);
    expect(md).toContain('| game | backend | states/s |');
    expect(md).toContain('Command: `gdlkit bench (test)`');
    expect(
      md.split('\n').filter((l) => /^\| (tictactoe|tests\/failure-classes\/recursive-view) \|/.test(l)),
    ).toHaveLength(8);
  });

  it('renders an SVG chart where the fastest engine of each game has the full-length bar', () => {
    const svg = renderSvg(report);
    expect(svg.startsWith('<svg')).toBe(true);
    const widths = [...svg.matchAll(/<rect x="170" y="[\d.]+" width="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(widths.length).toBe(results.filter((r) => r.nodes_per_sec).length);
    expect(widths.filter((w) => w === 460).length).toBe(
      new Set(results.filter((r) => r.nodes_per_sec).map((r) => `${r.game} ${r.experiment}`)).size,
    );
  });
});
