import { createDefaultRegistry, loadAll } from '@gdlkit/backends';
import { EXIT, UsageError } from '../exit-codes.js';

/** One registered backend per line: its name, then `available` or `unavailable: <reason>`. */
export async function backends(args: string[]): Promise<number> {
  if (args.length > 0) throw new UsageError('usage: gdlkit backends');
  const registry = createDefaultRegistry();
  await loadAll(registry);
  for (const backend of registry.list()) {
    const a = backend.availability();
    process.stdout.write(`${backend.name} ${a.available ? 'available' : `unavailable: ${a.reason}`}\n`);
  }
  return EXIT.ok;
}
