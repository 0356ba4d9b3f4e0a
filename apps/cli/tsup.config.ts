import { gdlkitTsup } from '@gdlkit/tsup-config';

export default gdlkitTsup({ entry: ['src/main.ts'], banner: '#!/usr/bin/env node' });
