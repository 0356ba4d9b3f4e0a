// Heap per input byte of parseKif on tictactoe plus 750 k unused facts (about 10 MB, issue 25's large START):
// the growth of the process's peak resident set while parsing, and the memory the parse result retains (the
// JavaScript heap plus array buffers, where packed facts live).
// Run from the repository root after a build: node --expose-gc packages/gdl/bench/parse-memory.mjs [MODULE]
// (MODULE: another build of @gdlkit/gdl to compare, e.g. an older commit's bundle; default this package's dist).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const module = process.argv[2] ? pathToFileURL(resolve(process.argv[2])).href : '../dist/index.js';
const { parseKif } = await import(module);

const FACTS = 750_000;
const root = join(import.meta.dirname, '../../..');
const lines = [readFileSync(join(root, 'games/tictactoe.kif'), 'utf8')];
for (let i = 0; i < FACTS; i++) lines.push(`(zzu a${i})`);
const text = `${lines.join('\n')}\n`;

globalThis.gc();
const retainedBytes = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
const heapBefore = retainedBytes();
const rssBefore = process.resourceUsage().maxRSS * 1024;
const started = performance.now();
const result = parseKif(text, 'large.kif');
const ms = performance.now() - started;
const peak = process.resourceUsage().maxRSS * 1024 - rssBefore;
globalThis.gc();
const retained = retainedBytes() - heapBefore;
console.log(
  JSON.stringify({
    inputBytes: text.length,
    rules: result.description.rules.length,
    ms: Math.round(ms),
    peakRssBytesPerInputByte: +(peak / text.length).toFixed(1),
    retainedBytesPerInputByte: +(retained / text.length).toFixed(1),
  }),
);
