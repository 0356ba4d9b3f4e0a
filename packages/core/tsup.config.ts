import { gdlkitTsup } from '@gdlkit/tsup-config';

export default gdlkitTsup({
  entry: {
    index: 'src/index.ts',
    'index.browser': 'src/index.browser.ts',
    'testing/index': 'src/testing/index.ts',
  },
  external: ['vitest'],
});
