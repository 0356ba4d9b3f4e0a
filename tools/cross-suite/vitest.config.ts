import { gdlkitVitest } from '@gdlkit/vitest-config';

export default gdlkitVitest({ testTimeout: 600_000 });
