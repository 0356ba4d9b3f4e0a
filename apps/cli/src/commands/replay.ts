import { readFileSync } from 'node:fs';
import { readTrace, replayMatch, writeTrace } from '@gdlkit/core';
import { EXIT } from '../exit-codes.js';
import { openReasoner } from '../load.js';
import { parseOptions, requireOption } from '../options.js';

const USAGE = 'gdlkit replay FILE RECORD.jsonl --backend NAME';

/** Replays the moves of a match record and prints the trace as this backend computes it. */
export async function replay(args: string[]): Promise<number> {
  const { values, positionals } = parseOptions(args, { backend: { type: 'string' } }, USAGE);
  const file = requireOption(positionals[0], 'FILE', USAGE);
  const recordFile = requireOption(positionals[1], 'RECORD', USAGE);
  const backend = requireOption(values.backend, 'backend', USAGE);
  const blocks = readTrace(readFileSync(recordFile, 'utf8'), recordFile);
  const reasoner = await openReasoner(file, backend);
  process.stdout.write(writeTrace(blocks.map((b) => replayMatch(reasoner, b))));
  reasoner.dispose();
  return EXIT.ok;
}
