import { gdlkitVitest } from '@gdlkit/vitest-config';

export default gdlkitVitest({ testTimeout: 180_000 });
