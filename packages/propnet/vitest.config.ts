import { gdlkitVitest } from '@gdlkit/vitest-config';

export default gdlkitVitest({ setupFiles: ['test/load-binaryen.ts'] });
