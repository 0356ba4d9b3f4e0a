import { gdlkitTsup } from '@gdlkit/tsup-config';

export default gdlkitTsup({ entry: ['src/index.ts'] });
