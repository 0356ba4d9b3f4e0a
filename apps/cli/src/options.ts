import { type ParseArgsConfig, parseArgs } from 'node:util';
import { UsageError } from './exit-codes.js';

type Spec = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs with usage errors instead of exceptions. */
export function parseOptions<S extends Spec>(
  args: string[],
  spec: S,
  usage: string,
): ReturnType<typeof parseArgs<{ args: string[]; options: S; allowPositionals: true; strict: true }>> {
  try {
    return parseArgs({ args, options: spec, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(`${(e as Error).message}\nusage: ${usage}`);
  }
}

export function requireOption(value: string | undefined, name: string, usage: string): string {
  if (value === undefined || value === '') throw new UsageError(`missing --${name}\nusage: ${usage}`);
  return value;
}

export function integerOption(
  value: string | undefined,
  name: string,
  fallback: number,
  usage: string,
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n))
    throw new UsageError(`--${name} must be an integer, got '${value}'\nusage: ${usage}`);
  return n;
}
