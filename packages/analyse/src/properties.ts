// The property language: uniqueness of chosen argument positions of a feature, "exactly one of", zero-sum,
// and state formulas written in GDL (bodies over `true`, static and state-dependent relations).
import { GdlkitError } from '@gdlkit/core';

export type Property =
  | {
      readonly kind: 'unique';
      /** Feature function symbol as `name/arity`. */
      readonly feature: string;
      /** The 0-based argument positions that are unique given the others (the "value" arguments). */
      readonly positions: readonly number[];
      /** Also require at least one value for every key in the feature domain ("exactly one of"). */
      readonly exactlyOne: boolean;
    }
  | {
      readonly kind: 'zero-sum';
      /** The constant the goal values of all roles sum to; by default the largest goal value in the rules. */
      readonly total?: number;
    }
  | {
      /** At most one (or exactly one) of a group of ground features holds, e.g. quarto's four turn fluents. */
      readonly kind: 'group';
      /** Ground features in KIF, e.g. `(selectcontrol white)`. */
      readonly features: readonly string[];
      readonly exactlyOne: boolean;
    }
  | {
      readonly kind: 'state';
      /** A GDL body: one literal or several (a conjunction), e.g. `(or (true (control x)) (true (control o)))`. */
      readonly formula: string;
    };

const FEATURE = /^([^\s/:]+)\/(\d+)$/;

/**
 * Reads the command-line form of a property:
 * `unique:cell/3:3` (1-based value positions, comma-separated), `exactly-one:control/1:1`, `zero-sum`,
 * `zero-sum:100`, `state:(true (control xplayer))`, `at-most-one:(a 1),(b 1)`, `exactly-one-of:(a 1),(b 1)`.
 */
export function parseProperty(text: string): Property {
  const colon = text.indexOf(':');
  const kind = colon < 0 ? text : text.slice(0, colon);
  const rest = colon < 0 ? '' : text.slice(colon + 1);
  if (kind === 'zero-sum') {
    if (rest === '') return { kind: 'zero-sum' };
    const total = Number(rest);
    if (!Number.isInteger(total)) throw badProperty(text, 'the zero-sum total must be an integer');
    return { kind: 'zero-sum', total };
  }
  if (kind === 'state') {
    if (rest.trim() === '') throw badProperty(text, 'a state property needs a GDL formula after "state:"');
    return { kind: 'state', formula: rest.trim() };
  }
  if (kind === 'at-most-one' || kind === 'exactly-one-of') {
    const features = rest.split(',').map((f) => f.trim());
    if (features.length < 2 || features.some((f) => f === '')) {
      throw badProperty(text, `expected ${kind}:FEATURE,FEATURE[,...] (ground features in KIF)`);
    }
    return { kind: 'group', features, exactlyOne: kind === 'exactly-one-of' };
  }
  if (kind === 'unique' || kind === 'exactly-one') {
    const parts = rest.split(':');
    const match = FEATURE.exec(parts[0] ?? '');
    if (!match || parts.length !== 2) throw badProperty(text, `expected ${kind}:NAME/ARITY:POSITIONS`);
    const arity = Number(match[2]);
    const positions = parts[1]!.split(',').map((p) => Number(p) - 1);
    if (positions.some((p) => !Number.isInteger(p) || p < 0 || p >= arity)) {
      throw badProperty(text, `positions must be integers between 1 and ${arity}`);
    }
    return {
      kind: 'unique',
      feature: `${match[1]}/${arity}`,
      positions: [...new Set(positions)].sort((a, b) => a - b),
      exactlyOne: kind === 'exactly-one',
    };
  }
  throw badProperty(
    text,
    'expected unique:..., exactly-one:..., at-most-one:..., exactly-one-of:..., zero-sum[:TOTAL] or state:FORMULA',
  );
}

/** The command-line form of a property (inverse of parseProperty). */
export function formatProperty(p: Property): string {
  switch (p.kind) {
    case 'unique':
      return `${p.exactlyOne ? 'exactly-one' : 'unique'}:${p.feature}:${p.positions.map((i) => i + 1).join(',')}`;
    case 'zero-sum':
      return p.total === undefined ? 'zero-sum' : `zero-sum:${p.total}`;
    case 'group':
      return `${p.exactlyOne ? 'exactly-one-of' : 'at-most-one'}:${p.features.join(',')}`;
    case 'state':
      return `state:${p.formula}`;
  }
}

function badProperty(text: string, why: string): GdlkitError {
  return new GdlkitError('BAD_TERM', `cannot read property '${text}': ${why}`);
}
