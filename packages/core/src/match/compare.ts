import type { TraceStep } from '../trace/format.js';

export interface TraceDifference {
  readonly step: number;
  readonly field: string;
  readonly expected: unknown;
  readonly actual: unknown;
  /** One line naming the first differing fact or move. */
  readonly summary: string;
}

const FIELDS = ['state', 'terminal', 'legal', 'goals', 'moves', 'sees'] as const;

/** The first difference between two traces of the same match, or undefined when they agree. */
export function firstDifference(
  expected: readonly TraceStep[],
  actual: readonly TraceStep[],
): TraceDifference | undefined {
  const n = Math.max(expected.length, actual.length);
  for (let i = 0; i < n; i++) {
    const e = expected[i];
    const a = actual[i];
    if (!e || !a) {
      return {
        step: i,
        field: 'length',
        expected: expected.length,
        actual: actual.length,
        summary: `step ${i}: one trace ends (${expected.length} vs ${actual.length} steps)`,
      };
    }
    for (const field of FIELDS) {
      const ev = e[field];
      const av = a[field];
      if (JSON.stringify(ev) === JSON.stringify(av)) continue;
      return {
        step: i,
        field,
        expected: ev,
        actual: av,
        summary: `step ${i}: ${field} differs: ${detail(ev, av)}`,
      };
    }
  }
  return undefined;
}

function detail(expected: unknown, actual: unknown): string {
  if (Array.isArray(expected) && Array.isArray(actual)) return listDetail(expected, actual);
  if (isRecord(expected) && isRecord(actual)) {
    for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
      const ev = expected[key];
      const av = actual[key];
      if (JSON.stringify(ev) === JSON.stringify(av)) continue;
      if (Array.isArray(ev) && Array.isArray(av)) return `${key}: ${listDetail(ev, av)}`;
      return `${key}: expected ${JSON.stringify(ev)}, got ${JSON.stringify(av)}`;
    }
  }
  return `expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
}

function listDetail(expected: unknown[], actual: unknown[]): string {
  const missing = expected.filter((x) => !actual.includes(x));
  const extra = actual.filter((x) => !expected.includes(x));
  const parts = [];
  if (missing.length)
    parts.push(
      `missing ${JSON.stringify(missing[0])}${missing.length > 1 ? ` (+${missing.length - 1})` : ''}`,
    );
  if (extra.length)
    parts.push(`extra ${JSON.stringify(extra[0])}${extra.length > 1 ? ` (+${extra.length - 1})` : ''}`);
  return parts.join(', ') || 'order differs';
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
