// A propnet-wasm build's time per game as a player meets it: each build in a fresh `node` process, the package
// imported first (as ggplib's peer times its cached load after its imports), the game's text parsed (timed
// apart: a player parses the rules it receives whichever reasoner it uses), then the build from the parsed game
// as `propnetWasmBackend.create(game)` does it — the IR (grounding and optimisation, or the IR cache's entry) and
// the module (binaryen's load, the candidates and the timed trial on a cold build; the module cache's entry on
// a cached one) — then the states per CPU-second of the module it chose. Per game and build of the package
// (e.g. main's dist and this one, alternating so load changes hit both alike), a cold build with an empty cache
// folder, then a cached build from what it stored. Run:
//   node packages/propnet/bench/wasm-build-time.mjs --games tictactoe,connectfour \
//     --dists main=/work/main/packages/propnet/dist,this=packages/propnet/dist [--rounds 2] [--seconds 2]
// --child DIST --game NAME [--cache DIR] [--seconds 0] is one build; it prints one JSON line (the native
// bench's single-playout.mjs runs it to time our cached build beside ggplib's).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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
    cache: { type: 'string' },
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
  const wasm = await import(pathToFileURL(`${dist}/index.wasm.js`).href);
  const parse = await timed(() => loadCorpusGame(`${name}.kif`));
  const build = await timed(() =>
    wasm.propnetWasmBackend.create(parse.result, { wasmCache: values.cache, buildTimeMs: 300_000 }),
  );
  const reasoner = build.result;
  let rate = Number.NaN;
  if (Number(values.seconds) > 0) {
    const start = reasoner.initialState();
    reasoner.playouts(start, { count: 20, seed: 0 });
    let states = 0;
    let seed = 1;
    const began = cpuMs();
    while (cpuMs() - began < Number(values.seconds) * 1000) {
      states += reasoner.playouts(start, { count: 20, seed: seed++ }).states;
    }
    rate = states / ((cpuMs() - began) / 1000);
  }
  // NST simulations as the player runs them: the policy module needs the simulation adapter, which a cache hit
  // must bring along (it has no binaryen to emit one).
  const simulated = reasoner.simulate(
    {
      starts: Array.from({ length: 8 }, () => reasoner.initialState()),
      prefixMoves: new Int32Array(0),
      prefixOffsets: new Int32Array(9),
      seed: 7,
      maxDepth: 200,
    },
    reasoner.createPolicy({ kind: 'nst' }),
  );
  const strip = ({ wall, cpu }) => ({ wall, cpu });
  console.log(
    JSON.stringify({
      parse: strip(parse),
      build: strip(build),
      irCached: reasoner.origin.irCached ?? false,
      cached: reasoner.origin.cached,
      binaryenLoaded: wasm.binaryenLoaded(),
      propagation: reasoner.propagation,
      simulated: { goals: [...simulated.goals], depths: [...simulated.depths] },
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
  const ms = (t) => (t / 1000).toFixed(3);
  const run = (path, game, cache) => {
    const out = execFileSync(
      process.execPath,
      [fileURLToPath(import.meta.url), '--child', path, '--game', game, '--seconds', values.seconds, '--cache', cache],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    return JSON.parse(out.trim().split('\n').at(-1));
  };
  console.log(`${new Date().toISOString()}, Node ${process.version}; each build one fresh process.\n`);
  console.log(
    '| game | build | round | pass | parse CPU-s | build wall s | build CPU-s | IR | module | binaryen loaded | chosen | states / CPU-s | load |',
  );
  console.log('| --- | --- | ---: | --- | ---: | ---: | ---: | --- | --- | --- | --- | ---: | ---: |');
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const game of values.games.split(',')) {
      for (const { label, path } of round % 2 ? dists : [...dists].reverse()) {
        const cache = mkdtempSync(join(tmpdir(), 'wasm-build-time-'));
        try {
          for (const pass of ['cold', 'cached']) {
            const r = run(path, game, cache);
            const how = (hit) => (hit ? 'hit' : 'built');
            console.log(
              `| ${game} | ${label} | ${round} | ${pass} | ${ms(r.parse.cpu)} | ${ms(r.build.wall)} | ${ms(r.build.cpu)} | ${how(r.irCached)} | ${how(r.cached)} | ${r.binaryenLoaded ? 'yes' : 'no'} | ${r.propagation} | ${(r.rate / 1e6).toFixed(3)} M | ${loadavg()[0].toFixed(1)} |`,
            );
          }
        } finally {
          rmSync(cache, { recursive: true, force: true });
        }
      }
    }
  }
}
