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
      /**
       * A counter feature tied to the number of elements of a set defined on the state (counter-invariant.ts):
       * for every key, exactly one count, and `count RELATION #{element : body}`.
       */
      readonly kind: 'count';
      /** The counter as a KIF pattern whose last argument is the count and whose other arguments are variables (the key). */
      readonly counter: string;
      readonly relation: CountRelation;
      /** The counted element as a KIF term over the body's variables, e.g. `(cell ?x ?y ?c)`. */
      readonly element: string;
      /** A GDL body over the state (not does) binding the element's variables, e.g. `(true (cell ?x ?y ?c)) (owner ?c ?p)`. */
      readonly body: string;
    }
  | {
      readonly kind: 'state';
      /** A GDL body: one literal or several (a conjunction), e.g. `(or (true (control x)) (true (control o)))`. */
      readonly formula: string;
    };

/** How the count compares with the number of elements: `>=` says the count bounds them from above. */
export type CountRelation = '>=' | '=' | '<=';

const FEATURE = /^([^\s/:]+)\/(\d+)$/;

/**
 * Reads the command-line form of a property:
 * `unique:cell/3:3` (1-based value positions, comma-separated), `exactly-one:control/1:1`, `zero-sum`,
 * `zero-sum:100`, `state:(true (control xplayer))`, `at-most-one:(a 1),(b 1)`, `exactly-one-of:(a 1),(b 1)`,
 * `count:(piece_count ?p ?n)>=(cell ?x ?y ?c):(true (cell ?x ?y ?c)) (piece_owner_type ?c ?p ?t)`.
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
  if (kind === 'count') return parseCount(text, rest);
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
    'expected unique:..., exactly-one:..., at-most-one:..., exactly-one-of:..., count:..., zero-sum[:TOTAL] or state:FORMULA',
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
    case 'count':
      return `count:${p.counter}${p.relation}${p.element}:${p.body}`;
  }
}

const COUNT_USAGE =
  'expected count:(COUNTER ?KEY... ?N)RELATION(ELEMENT ...):BODY with RELATION one of >=, =, <=';

/** `count:COUNTER RELATION ELEMENT:BODY`; the counter's key arguments must be variables, its last one the count. */
function parseCount(text: string, rest: string): Property {
  const counterEnd = balancedEnd(rest, 0);
  const counter = rest.slice(0, counterEnd).trim();
  const args = counter
    .replace(/^\(|\)$/g, '')
    .trim()
    .split(/\s+/);
  if (!counter.startsWith('(') || args.length < 2 || args.slice(1).some((a) => !/^\?[^\s()]+$/.test(a))) {
    throw badProperty(
      text,
      `${COUNT_USAGE}: the counter must be a feature over variables, e.g. (piece_count ?p ?n)`,
    );
  }
  const afterCounter = rest.slice(counterEnd).trimStart();
  const relation = (['>=', '<=', '='] as const).find((r) => afterCounter.startsWith(r));
  if (relation === undefined) throw badProperty(text, COUNT_USAGE);
  const afterRelation = afterCounter.slice(relation.length).trimStart();
  const elementEnd = balancedEnd(afterRelation, 0);
  const element = afterRelation.slice(0, elementEnd).trim();
  const afterElement = afterRelation.slice(elementEnd).trimStart();
  if (element === '' || !afterElement.startsWith(':') || afterElement.slice(1).trim() === '') {
    throw badProperty(text, `${COUNT_USAGE}: the element and a body after ':' are missing`);
  }
  return { kind: 'count', counter, relation, element, body: afterElement.slice(1).trim() };
}

/** End of the KIF term starting at `start` (a parenthesised term or a token). */
function balancedEnd(text: string, start: number): number {
  let i = start;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  if (text[i] !== '(') {
    while (i < text.length && !/[\s():<>=]/.test(text[i]!)) i++;
    return i;
  }
  for (let depth = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i + 1;
  }
  return i;
}

function badProperty(text: string, why: string): GdlkitError {
  return new GdlkitError('BAD_TERM', `cannot read property '${text}': ${why}`);
}
