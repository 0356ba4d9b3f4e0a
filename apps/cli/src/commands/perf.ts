import { classify, EXIT, UsageError } from '../exit-codes.js';
import { writeTextFile } from '../files.js';
import { openReasoner } from '../load.js';
import { parseOptions, requireOption, SECONDS_RANGE } from '../options.js';
import { timedPlayouts } from '../timed-playouts.js';

const USAGE = 'gdlkit perf GAME_FILE RESULT_FILE SECONDS --backend NAME';
const VERSION = 'gdlkit-0.1.0';

/**
 * The gdl-perf protocol: random playouts from the initial state for SECONDS. numStateChanges counts every
 * visited state, each playout's initial state included (DESIGN.md section 4).
 */
export async function perf(args: string[]): Promise<number> {
  const { values, positionals } = parseOptions(args, { backend: { type: 'string' } }, USAGE);
  if (positionals.length !== 3) throw new UsageError(`expected 3 arguments\nusage: ${USAGE}`);
  const [gameFile, resultFile, secondsText] = positionals as [string, string, string];
  const seconds = Number(secondsText);
  if (!(seconds > 0) || seconds > SECONDS_RANGE.max) {
    throw new UsageError(`SECONDS must be above 0 to ${SECONDS_RANGE.max}, got '${secondsText}'`);
  }
  const backend = requireOption(values.backend, 'backend', USAGE);
  try {
    const reasoner = await openReasoner(gameFile, backend);
    const result = timedPlayouts(reasoner, seconds * 1000, 1);
    reasoner.dispose();
    writeTextFile(
      resultFile,
      `version=${VERSION}\nmillisecondsTaken=${Math.round(result.ms)}\nnumStateChanges=${result.states}\nnumRollouts=${result.playouts}\n`,
    );
    return EXIT.ok;
  } catch (e) {
    const { code, message } = classify(e);
    writeTextFile(resultFile, `version=${VERSION}\nerrorMessage=${message.replace(/\n/g, ' ')}\n`);
    process.stderr.write(`gdlkit perf: ${message}\n`);
    return code;
  }
}
