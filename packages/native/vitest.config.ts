import { gdlkitVitest } from '@gdlkit/vitest-config';

// One file at a time: the conformance and cross suites both ground large games (hex) synchronously, and two
// such workers on two shared cores starve vitest's worker RPC.
export default gdlkitVitest({ fileParallelism: false });
