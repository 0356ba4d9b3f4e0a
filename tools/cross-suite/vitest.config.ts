import { gdlkitVitest } from '@gdlkit/vitest-config';

// A game's checks run in its beforeAll hook; hex's propnet builds alone take minutes on a loaded machine.
export default gdlkitVitest({ testTimeout: 600_000, hookTimeout: 600_000 });
