// The shared conformance suite. The filter's states are knowledge states: from complete knowledge, nextState
// with the whole joint move told keeps the knowledge complete, so every answer equals the true one.
import { runConformanceSuite } from '@gdlkit/core/testing';
import { filterBackend } from '../src/index.js';

const SLOW = 'support computation along the invariant match takes over 20 s; runs under GDLKIT_CROSS=1';

runConformanceSuite(filterBackend, {
  goldenMatches: 1,
  invariantSteps: 10,
  ...(process.env.GDLKIT_CROSS === '1'
    ? {}
    : { skip: { 'othello-comp2007.kif': SLOW, 'skirmish.kif': SLOW } }),
});
