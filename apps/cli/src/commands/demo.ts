import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createDefaultRegistry, loadAll } from '@gdlkit/backends';
import { firstDifference, playRandomMatch, type TraceBlock } from '@gdlkit/core';
import { EXIT } from '../exit-codes.js';
import { readGame } from '../load.js';
import { numberOption, parseOptions, SECONDS_RANGE } from '../options.js';
import { timedPlayouts } from '../timed-playouts.js';

const USAGE = 'gdlkit demo [FILE] [--seconds S]';

function defaultGame(): string {
  const inRepo = fileURLToPath(new URL('../../../games/tictactoe.kif', import.meta.url));
  return existsSync(inRepo) ? inRepo : 'games/tictactoe.kif';
}

/** Plays a seeded match and measures random playouts with every available backend, checking they agree. */
export async function demo(args: string[]): Promise<number> {
  const { values, positionals } = parseOptions(args, { seconds: { type: 'string' } }, USAGE);
  const file = positionals[0] ?? defaultGame();
  const seconds = numberOption(values.seconds, 'seconds', 2, USAGE, SECONDS_RANGE);
  const game = readGame(file);
  const registry = createDefaultRegistry();
  await loadAll(registry);
  process.stdout.write(`${file}: ${game.roles.length} roles, ${game.rules.length} rules\n`);
  let reference: TraceBlock | undefined;
  let disagreements = 0;
  for (const backend of registry.list()) {
    if (backend.name === 'auto') continue;
    const availability = backend.availability();
    if (!availability.available) {
      process.stdout.write(`${backend.name.padEnd(14)} unavailable: ${availability.reason}\n`);
      continue;
    }
    if (game.isGdl2 && !backend.capabilities.gdl2) continue;
    const t0 = performance.now();
    const reasoner = await backend.create(game);
    const buildMs = performance.now() - t0;
    const match = playRandomMatch(reasoner, { seed: 1 });
    reference ??= match;
    const diff = firstDifference(reference.steps, match.steps);
    if (diff) disagreements++;
    const timed = timedPlayouts(reasoner, seconds * 1000, 1);
    reasoner.dispose();
    const rate = Math.round((timed.states / timed.ms) * 1000);
    const last = match.steps[match.steps.length - 1]!;
    process.stdout.write(
      `${backend.name.padEnd(14)} build ${buildMs.toFixed(0).padStart(5)} ms  ` +
        `${rate.toLocaleString('en-US').padStart(11)} states/s  ` +
        `${timed.playouts.toLocaleString('en-US').padStart(9)} playouts in ${seconds} s  ` +
        `match 1: ${match.steps.length - 1} moves, goals ${JSON.stringify(last.goals)}` +
        `${diff ? `  DISAGREES: ${diff.summary}` : ''}\n`,
    );
  }
  if (!reference) {
    process.stdout.write('no backend is available\n');
    return EXIT.userError;
  }
  process.stdout.write(
    disagreements === 0 ? 'all backends agree on the seeded match\n' : `${disagreements} backends disagree\n`,
  );
  return disagreements === 0 ? EXIT.ok : EXIT.userError;
}
