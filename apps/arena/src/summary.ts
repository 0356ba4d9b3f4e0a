// summary.json and the table printed at the end of a run.
import { meanInterval } from './intervals.js';
import type { MatchRecord } from './match-record.js';
import { specPoints } from './scoring.js';

export interface PlayerSummary {
  readonly spec: string;
  readonly matches: number;
  /** Mean score in percent (paper 03's win rate). */
  readonly meanScore: number;
  readonly ci95: [number, number];
  /** How ci95 was computed: Wilson's interval (wins and losses only) or a percentile bootstrap. */
  readonly interval: string;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly faults: number;
  /**
   * Players that report their simulations (gdlkit): the median per move that had a choice, and simulations per
   * second of search (their sum over the time searched for those moves: PLAY to reply, or, for a player that
   * ponders, its previous reply to this one, since its count includes what it searched meanwhile); null for
   * the others.
   */
  readonly simulationsPerMove: number | null;
  readonly simulationsPerSecond: number | null;
  /**
   * The median over those moves of each move's own rate (its simulations over the same time searched): the
   * typical search speed. The sum over sum above is dominated by the end game's trivially short simulations
   * (a checkers match: about 3,500 a move for 15 moves, then 150,000–570,000), so it overstates it several-fold.
   * Null when no such move took any time.
   */
  readonly medianSimulationsPerSecond: number | null;
}

export interface Summary {
  readonly game: string;
  readonly matches: number;
  readonly players: readonly PlayerSummary[];
}

/** `ponders[s]`: SPEC s keeps searching between its replies (a gdlkit player without a fixed budget). */
export function summarise(
  game: string,
  specs: readonly string[],
  records: readonly MatchRecord[],
  ponders: readonly boolean[] = [],
): Summary {
  const players = specs.map((spec, s): PlayerSummary => {
    const points: number[] = [];
    let wins = 0;
    let draws = 0;
    let losses = 0;
    let faults = 0;
    const perMove: number[] = [];
    const ratePerMove: number[] = [];
    let thinking = 0;
    for (const record of records) {
      const result = specPoints(record.goals, record.seating, s);
      if (!result) continue;
      points.push(result.points);
      if (result.outcome === 'win') wins++;
      else if (result.outcome === 'draw') draws++;
      else losses++;
      const roles = record.roles.filter((_, r) => record.seating[r] === s);
      faults += record.faults.filter((f) => roles.includes(f.role)).length;
      record.simulations.forEach((turn, t) => {
        turn.forEach((n, r) => {
          if (record.seating[r] !== s || n === null || n === 0) return;
          const ms = (ponders[s] ? record.searchMs?.[t]?.[r] : undefined) ?? record.thinkMs[t]![r]!;
          perMove.push(n);
          if (ms > 0) ratePerMove.push((n * 1000) / ms);
          thinking += ms;
        });
      });
    }
    const mean = points.length === 0 ? 0 : points.reduce((a, b) => a + b, 0) / points.length;
    const { interval, method } = meanInterval(points);
    return {
      spec,
      matches: points.length,
      meanScore: round(mean * 100),
      ci95: [round(interval[0] * 100), round(interval[1] * 100)],
      interval: method,
      wins,
      draws,
      losses,
      faults,
      simulationsPerMove: perMove.length === 0 ? null : median(perMove),
      simulationsPerSecond:
        perMove.length === 0 || thinking === 0
          ? null
          : Math.round((perMove.reduce((a, b) => a + b, 0) * 1000) / thinking),
      medianSimulationsPerSecond: ratePerMove.length === 0 ? null : Math.round(median(ratePerMove)),
    };
  });
  return { game, matches: records.length, players };
}

/** The median; of an even count, the mean of the middle two, rounded (the values are counts or rates). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

function round(x: number): number {
  return Math.round(x * 10) / 10;
}

/** The summary as an aligned text table. */
export function summaryTable(summary: Summary): string {
  const header = [
    'player',
    'matches',
    'score %',
    '95 % interval',
    'W',
    'D',
    'L',
    'faults',
    'sims/move',
    'sims/s',
    'median sims/s',
  ];
  const rows = summary.players.map((p) => [
    p.spec,
    String(p.matches),
    p.meanScore.toFixed(1),
    `${p.ci95[0].toFixed(1)}–${p.ci95[1].toFixed(1)}`,
    String(p.wins),
    String(p.draws),
    String(p.losses),
    String(p.faults),
    p.simulationsPerMove === null ? '-' : String(p.simulationsPerMove),
    p.simulationsPerSecond === null ? '-' : String(p.simulationsPerSecond),
    p.medianSimulationsPerSecond === null ? '-' : String(p.medianSimulationsPerSecond),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [`${summary.game}: ${summary.matches} matches`, line(header), ...rows.map(line)].join('\n');
}
