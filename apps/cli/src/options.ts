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

/** The accepted values of a numeric option, both ends included. */
export interface Range {
  readonly min: number;
  readonly max: number;
}

/** Seeds are 32-bit (the RNG's splitmix32 seeding): larger ones would silently alias smaller ones. */
export const SEED_RANGE: Range = { min: 0, max: 2 ** 32 - 1 };
/** Counts of matches or steps: enough for any real use, small enough to stay a safe integer. */
export const COUNT_RANGE: Range = { min: 1, max: 1_000_000 };
/** A day, as the longest time budget or duration an option may ask for. */
export const SECONDS_RANGE: Range = { min: Number.MIN_VALUE, max: 86_400 };

function outOfRange(name: string, range: Range, value: string, usage: string): UsageError {
  const low = range.min === Number.MIN_VALUE ? 'above 0' : `from ${range.min}`;
  return new UsageError(`--${name} must be ${low} to ${range.max}, got '${value}'\nusage: ${usage}`);
}

type Option = (
  value: string | undefined,
  name: string,
  fallback: number,
  usage: string,
  range: Range,
) => number;

/** A numeric option read by `valid`, within `range`; `fallback` when absent; anything else exits 2. */
function rangedOption(what: string, valid: (text: string, n: number) => boolean): Option {
  return (value, name, fallback, usage, range) => {
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!valid(value, n)) throw new UsageError(`--${name} must be ${what}, got '${value}'\nusage: ${usage}`);
    if (!(n >= range.min && n <= range.max)) throw outOfRange(name, range, value, usage);
    return n;
  };
}

export const integerOption = rangedOption('an integer', (text) => /^\s*[-+]?\d+\s*$/.test(text));

export const numberOption = rangedOption('a number', (text, n) => text.trim() !== '' && Number.isFinite(n));
