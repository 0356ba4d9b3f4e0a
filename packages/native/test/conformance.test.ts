import { runConformanceSuite } from '@gdlkit/core/testing';
import { nativeBackend } from '../src/index.js';

runConformanceSuite(nativeBackend, {
  // The IR comes from @gdlkit/propnet's builder; this game does not ground within its budget there.
  skip: { 'skirmish.kif': 'the propnet builder does not ground it within its 60 s budget' },
});
