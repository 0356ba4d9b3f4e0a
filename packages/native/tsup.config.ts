import { gdlkitTsup } from '@gdlkit/tsup-config';

export default gdlkitTsup({ entry: { index: 'src/index.ts' } });
