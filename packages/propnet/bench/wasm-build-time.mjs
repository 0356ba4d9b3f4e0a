// Where a propnet-wasm build's time goes, per game, as a player sees it: each measurement in a fresh `node`
// process (grounding, loading binaryen, the first module build with the timed trial, then a second, warm build
// of the same game), and the states per CPU-second of the module the first build chose. Two builds of the
// package (e.g. main's dist and this one) alternate game by game, so load changes hit both alike. Run:
//   node packages/propnet/bench/wasm-build-time.mjs --games tictactoe,connectfour \
//     --dists main=/work/main/packages/propnet/dist,this=packages/propnet/dist [--rounds 2] [--seconds 2]
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: 'tictactoe,connectfour' },
    dists: { type: 'string', default: `this=${fileURLToPath(new URL('../dist', import.meta.url))}` },
    rounds: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '2' },
    child: { type: 'string' },
    game: { type: 'string' },
  },
});

/** CPU time of this process in ms (V8's background compilation threads included). */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function timed(run) {
  const wall = performance.now();
  const cpu = cpuMs();
  const result = await run();
  return { result, wall: performance.now() - wall, cpu: cpuMs() - cpu };
}

async function child(dist, name) {
  const { loadCorpusGame } = await import('@gdlkit/core/corpus');
  const propnet = await import(pathToFileURL(`${dist}/index.js`).href);
  const wasm = await import(pathToFileURL(`${dist}/index.wasm.js`).href);
  const game = loadCorpusGame(`${name}.kif`);
  const ir = await timed(() => propnet.buildPropnetWithStats(game, { timeMs: 300_000 }).ir);
  const binaryen = await timed(() => wasm.loadBinaryen());
  const fresh = await timed(() => new wasm.PropnetWasmReasoner(game, ir.result));
  const warm = await timed(() => new wasm.PropnetWasmReasoner(game, ir.result));
  const reasoner = fresh.result;
  const start = reasoner.initialState();
  reasoner.playouts(start, { count: 20, seed: 0 });
  let states = 0;
  let seed = 1;
  const began = cpuMs();
  while (cpuMs() - began < Number(values.seconds) * 1000) {
    states += reasoner.playouts(start, { count: 20, seed: seed++ }).states;
  }
  const rate = states / ((cpuMs() - began) / 1000);
  const strip = ({ wall, cpu }) => ({ wall, cpu });
  console.log(
    JSON.stringify({
      ir: strip(ir),
      binaryen: strip(binaryen),
      fresh: strip(fresh),
      warm: strip(warm),
      propagation: reasoner.propagation,
      warmPropagation: warm.result.propagation,
      rate,
    }),
  );
}

if (values.child) {
  await child(values.child, values.game);
} else {
  const dists = values.dists.split(',').map((d) => {
    const [label, path] = d.split('=');
    return { label, path: resolve(path) };
  });
  const s = (ms) => (ms / 1000).toFixed(2);
  console.log(`${new Date().toISOString()}, Node ${process.version}; each row one fresh process.\n`);
  console.log(
    '| game | build | round | ground CPU-s | load binaryen CPU-s | fresh build wall s | fresh CPU-s | warm build wall s | warm CPU-s | chosen (warm) | states / CPU-s | load |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |');
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const game of values.games.split(',')) {
      for (const { label, path } of round % 2 ? dists : [...dists].reverse()) {
        const out = execFileSync(
          process.execPath,
          [fileURLToPath(import.meta.url), '--child', path, '--game', game, '--seconds', values.seconds],
          { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
        );
        const r = JSON.parse(out.trim().split('\n').at(-1));
        console.log(
          `| ${game} | ${label} | ${round} | ${s(r.ir.cpu)} | ${s(r.binaryen.cpu)} | ${s(r.fresh.wall)} | ${s(r.fresh.cpu)} | ${s(r.warm.wall)} | ${s(r.warm.cpu)} | ${r.propagation} (${r.warmPropagation}) | ${(r.rate / 1e6).toFixed(3)} M | ${loadavg()[0].toFixed(1)} |`,
        );
      }
    }
  }
}
