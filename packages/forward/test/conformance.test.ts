import { runConformanceSuite } from '@gdlkit/core/testing';
import { forwardBackend } from '../src/index.js';

const tooSlow =
  'rules over the per-rule reference-table budget run table-free, which is far too slow for this game (README, limits)';

runConformanceSuite(forwardBackend, {
  skip: { 'othello-comp2007.kif': tooSlow, 'amazons_8x8.kif': tooSlow },
});
