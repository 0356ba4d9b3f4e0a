import { BenchUsageError, benchCommand } from '@gdlkit/bench';
import { UsageError } from '../exit-codes.js';

/** `gdlkit bench`: the benchmark app (apps/bench) behind the CLI's exit codes. */
export async function bench(args: string[]): Promise<number> {
  try {
    return await benchCommand(args);
  } catch (e) {
    if (e instanceof BenchUsageError) throw new UsageError(e.message);
    throw e;
  }
}
