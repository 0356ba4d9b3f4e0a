import { gdlkitVitest } from '@gdlkit/vitest-config';

// One test file at a time: the end-to-end files start player processes and check replies against clocks, and
// running them side by side on a 2-core machine made their clocks the test's subject instead of the player.
export default gdlkitVitest({ fileParallelism: false });
