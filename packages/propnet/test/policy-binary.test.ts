// The policy module ships as a binary (src/wasm/policy-binary.ts) so that a match does not pay for binaryen's
// text parser; this checks the binary is the one policy-wat.ts compiles to. After editing policy-wat.ts:
//   GDLKIT_UPDATE_POLICY_BINARY=1 npx vitest run --root packages/propnet test/policy-binary.test.ts
import { writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parseWat } from '../src/wasm/binaryen-facade.js';
import { POLICY_BINARY } from '../src/wasm/policy-binary.js';
import { POLICY_WAT } from '../src/wasm/policy-wat.js';
import './load-binaryen.js';

it('policy-binary.ts is the compiled policy-wat.ts', () => {
  const compiled = Buffer.from(parseWat(POLICY_WAT)).toString('base64');
  if (process.env.GDLKIT_UPDATE_POLICY_BINARY) {
    // Rewrites the file; the next run (without the variable) checks it.
    const lines = compiled.match(/.{1,100}/g)!.map((line) => `  '${line}'`);
    writeFileSync(
      new URL('../src/wasm/policy-binary.ts', import.meta.url),
      [
        '// Generated from policy-wat.ts by test/policy-binary.test.ts (GDLKIT_UPDATE_POLICY_BINARY=1): do not edit.',
        "// The policy module as a base64 binary, so that a match does not load binaryen's text parser.",
        `export const POLICY_BINARY =\n${lines.join(' +\n')};`,
        '',
      ].join('\n'),
    );
    return;
  }
  expect(POLICY_BINARY, 'stale: regenerate it (see the top of this file)').toBe(compiled);
});
