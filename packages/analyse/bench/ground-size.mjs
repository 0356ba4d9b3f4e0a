// Grounding size and solving time of one proof program, from clingo's own statistics:
// `pnpm --filter @gdlkit/analyse build && node packages/analyse/bench/ground-size.mjs GAME PROPERTY [ASSUMPTION...]`
// (GAME names a file of games/; `--base` or `--consequence` before GAME selects that program instead of the
// induction step; CLINGO_ARGS adds clingo options, e.g. --configuration=jumpy, the analyser's second configuration). Runs clingo-wasm in this
// thread without a budget: stop it with Ctrl-C. The domain is the positive relaxation's (as in proofs);
// COARSE=1 keeps section 5's components.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gamesDirectory } from '@gdlkit/core/corpus';
import {
  baseCaseProgram,
  consequenceProgram,
  GameAnalyser,
  inductionStepProgram,
  parseProperty,
} from '../dist/index.js';

const args = process.argv.slice(2);
const which = args[0]?.startsWith('--') ? args.shift().slice(2) : 'step';
const [game, ...texts] = args;
if (!game || texts.length === 0) {
  process.stderr.write('usage: ground-size.mjs [--base|--consequence] GAME PROPERTY [ASSUMPTION...]\n');
  process.exit(2);
}
const [property, ...assumptions] = texts.map(parseProperty);
const analyser = GameAnalyser.load(
  readFileSync(join(gamesDirectory(), `${game}.kif`), 'utf8'),
  `${game}.kif`,
  { properties: [property, ...assumptions] },
);
if (process.env.COARSE !== '1') await analyser.refineDomain({ seconds: 600, memoryBytes: 2 ** 32 });
const { context, domain } = analyser;
const program =
  which === 'base'
    ? baseCaseProgram(context, domain, property)
    : which === 'consequence'
      ? consequenceProgram(context, domain, property, assumptions)
      : inductionStepProgram(context, domain, property, assumptions);
await analyser.close();
if (!program) {
  process.stderr.write('no such program for this property\n');
  process.exit(1);
}

const entry = createRequire(import.meta.url).resolve('clingo-wasm');
const { Runner } = await import(new URL('./run.js', pathToFileURL(entry)).href);
const runner = new Runner({ singleThreaded: true });
await runner.init();
const started = performance.now();
const extra = (process.env.CLINGO_ARGS ?? '').split(' ').filter((a) => a !== '');
const out = runner.run(program.text, 1, ['--stats', ...extra]);
const stats = out.Stats ?? {};
process.stdout.write(
  `${JSON.stringify({
    game,
    program: which,
    options: extra,
    domain: analyser.domainRelaxed ? 'relaxed' : 'components',
    gameRules: program.gameRules,
    result: out.Result,
    seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
    solveSeconds: out.Time?.Solve,
    groundRules: stats.LP?.Rules?.Original,
    atoms: stats.LP?.Atoms,
    conflicts: stats.Core?.Conflicts,
    ...(out.Error ? { error: out.Error } : {}),
  })}\n`,
);
