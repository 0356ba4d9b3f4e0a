import { readLocatedTrace, replayMatch, writeTrace } from '@gdlkit/core';
import { EXIT } from '../exit-codes.js';
import { readTextFile } from '../files.js';
import { openReasoner } from '../load.js';
import { parseOptions, requireOption } from '../options.js';

const USAGE = 'gdlkit replay FILE RECORD.jsonl --backend NAME';

/**
 * Replays the moves of a match record and prints the trace as this backend computes it; a record whose roles
 * are not the game's, or with an illegal move, is an error naming the record line and step.
 */
export async function replay(args: string[]): Promise<number> {
  const { values, positionals } = parseOptions(args, { backend: { type: 'string' } }, USAGE);
  const file = requireOption(positionals[0], 'FILE', USAGE);
  const recordFile = requireOption(positionals[1], 'RECORD', USAGE);
  const backend = requireOption(values.backend, 'backend', USAGE);
  const blocks = readLocatedTrace(readTextFile(recordFile), recordFile);
  const reasoner = await openReasoner(file, backend);
  const replayed = blocks.map(({ block, location }) => replayMatch(reasoner, block, {}, location));
  process.stdout.write(writeTrace(replayed));
  reasoner.dispose();
  return EXIT.ok;
}
