import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gamesDirectory } from '@gdlkit/core/corpus';
import { proverBackend } from '@gdlkit/prover';
import { type GdlkitCommand, loadReferee, type RefereeGame } from '../src/index.js';

const here = dirname(fileURLToPath(import.meta.url));

/** The built CLI (turbo builds @gdlkit/cli before these tests). */
export const CLI_MAIN = join(here, '../../cli/dist/main.js');
export const GDLKIT: GdlkitCommand = [process.execPath, CLI_MAIN];

if (!existsSync(CLI_MAIN))
  throw new Error(`build the CLI first: pnpm --filter @gdlkit/cli build (${CLI_MAIN})`);

export function gameFile(name: string): string {
  return join(gamesDirectory(), `${name}.kif`);
}

export function gameText(name: string): string {
  return readFileSync(gameFile(name), 'utf8');
}

export async function referee(name: string): Promise<RefereeGame> {
  const base = loadReferee(name, gameText(name), `${name}.kif`);
  return { ...base, prover: await proverBackend.create(base.game) };
}
