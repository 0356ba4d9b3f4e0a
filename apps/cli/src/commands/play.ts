import { playRandomMatch, type TraceBlock, writeTrace } from '@gdlkit/core';
import { EXIT } from '../exit-codes.js';
import { writeTextFile } from '../files.js';
import { openReasoner } from '../load.js';
import { COUNT_RANGE, integerOption, parseOptions, requireOption, SEED_RANGE } from '../options.js';

const USAGE = 'gdlkit play FILE --backend NAME --seed N [--matches K] [--trace OUT.jsonl] [--max-steps S]';

/** K seeded uniform-random matches; match i uses seed N+i. */
export async function play(args: string[]): Promise<number> {
  const { values, positionals } = parseOptions(
    args,
    {
      backend: { type: 'string' },
      seed: { type: 'string' },
      matches: { type: 'string' },
      trace: { type: 'string' },
      'max-steps': { type: 'string' },
    },
    USAGE,
  );
  const file = requireOption(positionals[0], 'FILE', USAGE);
  const backend = requireOption(values.backend, 'backend', USAGE);
  const seed = integerOption(requireOption(values.seed, 'seed', USAGE), 'seed', 0, USAGE, SEED_RANGE);
  const matches = integerOption(values.matches, 'matches', 1, USAGE, COUNT_RANGE);
  const maxSteps = integerOption(values['max-steps'], 'max-steps', 1000, USAGE, COUNT_RANGE);
  const reasoner = await openReasoner(file, backend);
  const blocks: TraceBlock[] = [];
  for (let i = 0; i < matches; i++) {
    const started = performance.now();
    const block = playRandomMatch(reasoner, { seed: seed + i, maxSteps });
    blocks.push(block);
    const last = block.steps[block.steps.length - 1]!;
    const goals = last.goals ? JSON.stringify(last.goals) : 'none';
    const end = last.terminal ? 'terminal' : `stopped at ${maxSteps} steps`;
    const ms = (performance.now() - started).toFixed(0);
    process.stdout.write(
      `match ${i + 1} seed ${seed + i}: ${block.steps.length - 1} moves, ${end}, goals ${goals}, ${ms} ms\n`,
    );
  }
  if (values.trace) writeTextFile(values.trace, writeTrace(blocks));
  reasoner.dispose();
  return EXIT.ok;
}
