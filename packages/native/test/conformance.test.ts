import { runConformanceSuite } from '@gdlkit/core/testing';
import { it } from 'vitest';
import { nativeBackend } from '../src/index.js';
import { withoutRust } from './rust-toolchain.js';

if (withoutRust) {
  it.skip('conformance: native (no Rust toolchain, so no binary was built)', () => {});
} else {
  runConformanceSuite(nativeBackend, {
    // The IR comes from @gdlkit/propnet's builder; this game does not ground within its budget there.
    skip: { 'skirmish.kif': 'the propnet builder does not ground it within its 60 s budget' },
  });
}
