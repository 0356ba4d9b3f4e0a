import { gdlkitVitest } from '@gdlkit/vitest-config';

// The CLI is tested as users run it: the built dist/main.js in a child process.
export default gdlkitVitest({ testTimeout: 120_000 });
