import { gdlkitTsup } from '@gdlkit/tsup-config';

export default gdlkitTsup({ entry: ['src/main.ts'], cjs: false, banner: '#!/usr/bin/env node' });
