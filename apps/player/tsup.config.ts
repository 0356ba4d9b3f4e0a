import { gdlkitTsup } from '@gdlkit/tsup-config';

export default gdlkitTsup({
  entry: { index: 'src/index.ts', 'match-worker': 'src/worker/match-worker.ts' },
});
