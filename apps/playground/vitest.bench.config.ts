import { gdlkitVitest } from '@gdlkit/vitest-config';

// `pnpm --filter @gdlkit/playground bench`: browser vs Node playouts, side by side (docs/benchmarks.md).
export default gdlkitVitest({ include: ['test/**/*.bench.ts'], reporters: ['default'] });
