import { createFilter, type FilterMatch, playFilteredMatch, writeFilterTrace } from '@gdlkit/filter';
import { EXIT } from '../exit-codes.js';
import { writeTextFile } from '../files.js';
import { readGame } from '../load.js';
import {
  COUNT_RANGE,
  integerOption,
  parseOptions,
  requireOption,
  SECONDS_RANGE,
  SEED_RANGE,
} from '../options.js';

const USAGE =
  'gdlkit filter FILE --role R --seed N [--matches K] [--trace OUT.jsonl] [--max-steps S] [--budget-ms B] [--observations-only]';

/**
 * K seeded random matches simulated by the prover, with role R's knowledge (B+, B0) tracked by the filter; match
 * i uses seed N+i. Writes the filter trace (DESIGN.md section 4) and one summary line per match to stdout. A
 * query out of its budget (--budget-ms per update phase) falls back to a sound approximation, counted in the
 * summary (fellBack, threeValued).
 */
export async function filter(args: string[]): Promise<number> {
  const { values, positionals } = parseOptions(
    args,
    {
      role: { type: 'string' },
      seed: { type: 'string' },
      matches: { type: 'string' },
      trace: { type: 'string' },
      'max-steps': { type: 'string' },
      'budget-ms': { type: 'string' },
      'observations-only': { type: 'boolean' },
    },
    USAGE,
  );
  const file = requireOption(positionals[0], 'FILE', USAGE);
  const role = requireOption(values.role, 'role', USAGE);
  const seed = integerOption(requireOption(values.seed, 'seed', USAGE), 'seed', 0, USAGE, SEED_RANGE);
  const matches = integerOption(values.matches, 'matches', 1, USAGE, COUNT_RANGE);
  const maxSteps = integerOption(values['max-steps'], 'max-steps', 1000, USAGE, COUNT_RANGE);
  // 1 s per update phase keeps a match of blind breakthrough, whose exact supports explode, near 10 s.
  const budget = integerOption(values['budget-ms'], 'budget-ms', 1000, USAGE, {
    min: 1,
    max: SECONDS_RANGE.max * 1000,
  });
  const game = readGame(file);
  const tracker = createFilter(game, {
    role,
    updateBudgetMs: budget,
    observationsOnly: values['observations-only'] === true,
  });
  const played: FilterMatch[] = [];
  for (let i = 0; i < matches; i++) {
    const match = playFilteredMatch(tracker, undefined, { seed: seed + i, maxSteps });
    played.push(match);
    process.stdout.write(`${JSON.stringify(match.summary)}\n`);
  }
  if (values.trace) writeTextFile(values.trace, writeFilterTrace(played));
  return EXIT.ok;
}
