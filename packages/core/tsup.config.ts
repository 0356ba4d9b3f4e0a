import { gdlkitTsup } from '@gdlkit/tsup-config';

export default gdlkitTsup({
  entry: { index: 'src/index.ts', corpus: 'src/corpus.ts', 'testing/index': 'src/testing/index.ts' },
  external: ['vitest'],
});
