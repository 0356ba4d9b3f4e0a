// The per-game cache of the propnet IR (Node only, like module-cache.ts): a later build of the same rules
// reads the IR instead of grounding and optimising the game again, which is most of what a cached build paid.
// Keyed by the game's normalised rules in a canonical printed form and the code's identity; the IR's terms are
// stored as text and re-interned into the game's term store, whose ids are the game's own.
import {
  type Game,
  type GameRule,
  type Pattern,
  parseGroundTerms,
  type TermId,
  type TermStore,
} from '@gdlkit/core';
import { IR_VERSION, type PropnetIR } from '../ir.js';
import { ENTRY_KINDS } from './cache-entries.js';
import {
  BadCacheEntry,
  codeIdentity,
  decodeEnvelope,
  encodeEnvelope,
  IR_TERM_FIELDS,
  type ModuleCache,
} from './module-cache.js';
import { crypto } from './node-builtins.js';

/** Raised when an entry's format changes: older entries are then rebuilt, not read. */
export const IR_CACHE_FORMAT = 1;
const { magic: MAGIC, suffix: SUFFIX } = ENTRY_KINDS.ir;
/** The typed arrays an IR holds (ir.ts); an entry names each array's type, and only these are read back. */
const ARRAY_TYPES = { Uint8Array, Uint32Array, Int32Array } as const;
type ArrayType = keyof typeof ARRAY_TYPES;

/**
 * The game's rules as canonical text: its relations (name/arity, auxiliary ones marked) and each normalised rule
 * in order, variables by number. Equal texts ground to equal nets; the budget options are not in it, as they
 * decide only whether a build finishes, never what it builds.
 */
export function rulesText(game: Game): string {
  const { store, relations } = game;
  const pattern = (p: Pattern): string => {
    if (p.kind === 'ground') return store.toKif(p.term);
    if (p.kind === 'var') return `?${p.index}`;
    return `(${store.symbolName(p.functor)} ${p.args.map(pattern).join(' ')})`;
  };
  const atom = (a: GameRule['head']) => `(${relations[a.relation]!.key} ${a.args.map(pattern).join(' ')})`;
  const lines = relations.map((r) => `${r.key}${r.auxiliary ? ' aux' : ''}`);
  for (const rule of game.rules) {
    const body = rule.body.map((l) => {
      if (l.kind === 'pos') return atom(l.atom);
      if (l.kind === 'neg') return `(not ${atom(l.atom)})`;
      return `(distinct ${pattern(l.left)} ${pattern(l.right)})`;
    });
    lines.push(`(<= ${atom(rule.head)} ${body.join(' ')})`);
  }
  return lines.join('\n');
}

/** The key of `game`'s IR built by the code `identity`. */
export function irKey(game: Game, identity: string = codeIdentity()): string {
  return crypto()
    .createHash('sha256')
    .update(`${MAGIC} ${IR_CACHE_FORMAT} ${IR_VERSION}\0${identity}\0${rulesText(game)}`)
    .digest('hex');
}

interface IrHead {
  readonly key: string;
  /** The IR's number fields. */
  readonly scalars: Record<string, number>;
  /** Each typed array: field, type, length; the body holds them in this order, each at a multiple of 4 bytes. */
  readonly arrays: [string, ArrayType, number][];
  /** The IR's terms; term fields hold indices into this list. */
  readonly terms: string[];
  /** Of the scalars, arrays and terms (as JSON) and the body. */
  readonly sha256: string;
}

const align = (n: number) => (n + 3) & ~3;

/** An entry's bytes: its envelope (MAGIC, module-cache.ts's encodeEnvelope), whose body is the arrays. */
export function encodeIr(key: string, ir: PropnetIR, store: TermStore): Uint8Array {
  const scalars: Record<string, number> = {};
  const arrays: [string, ArrayType, number][] = [];
  const views: Uint8Array[] = [];
  const termIndex = new Map<TermId, number>();
  const terms: string[] = [];
  for (const [name, value] of Object.entries(ir)) {
    if (typeof value === 'number') {
      scalars[name] = value;
      continue;
    }
    let array = value as Uint8Array | Uint32Array | Int32Array;
    if (IR_TERM_FIELDS.has(name)) {
      array = Int32Array.from(array, (term) => {
        let index = termIndex.get(term);
        if (index === undefined) {
          index = terms.push(store.toKif(term)) - 1;
          termIndex.set(term, index);
        }
        return index;
      });
    }
    arrays.push([name, array.constructor.name as ArrayType, array.length]);
    views.push(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  }
  const body = new Uint8Array(views.reduce((n, v) => n + align(v.byteLength), 0));
  let offset = 0;
  for (const view of views) {
    body.set(view, offset);
    offset += align(view.byteLength);
  }
  const head: IrHead = { key, scalars, arrays, terms, sha256: checksum(scalars, arrays, terms, body) };
  return encodeEnvelope(MAGIC, IR_CACHE_FORMAT, head, body);
}

function checksum(
  scalars: IrHead['scalars'],
  arrays: IrHead['arrays'],
  terms: IrHead['terms'],
  body: Uint8Array,
): string {
  return crypto()
    .createHash('sha256')
    .update(JSON.stringify([scalars, arrays, terms]))
    .update(body)
    .digest('hex');
}

/** The IR in `data`, checked against `key`, its terms interned into `store`; throws BadCacheEntry saying why not. */
export function decodeIr(data: Uint8Array, key: string, store: TermStore): PropnetIR {
  const { head, body: raw } = decodeEnvelope(data, MAGIC, IR_CACHE_FORMAT, 'an IR cache entry');
  if (!validHead(head)) throw new BadCacheEntry('unreadable head');
  if (head.key !== key) throw new BadCacheEntry('written for another key');
  // A copy (Node's Buffer.slice would be a view): aligned for the typed arrays, owned by the IR.
  const body = new Uint8Array(raw);
  const size = head.arrays.reduce(
    (n, [, type, length]) => n + align(length * ARRAY_TYPES[type].BYTES_PER_ELEMENT),
    0,
  );
  if (body.byteLength !== size) throw new BadCacheEntry(`truncated (${body.byteLength} of ${size} bytes)`);
  if (checksum(head.scalars, head.arrays, head.terms, body) !== head.sha256) {
    throw new BadCacheEntry("the IR's checksum differs");
  }
  const ids = internTerms(store, head.terms);
  const fields: Record<string, unknown> = { ...head.scalars };
  let offset = 0;
  for (const [name, type, length] of head.arrays) {
    const array = new ARRAY_TYPES[type](body.buffer, offset, length);
    offset += align(array.byteLength);
    fields[name] = IR_TERM_FIELDS.has(name) ? Int32Array.from(array, (index) => termOf(ids, index)) : array;
  }
  if (fields.version !== IR_VERSION)
    throw new BadCacheEntry(`IR version ${fields.version}, not ${IR_VERSION}`);
  return irOfFields(fields);
}

/**
 * The IR as one object literal. The record the decoder fills by computed names is in V8's dictionary mode (past
 * a dozen properties added that way), so every field read of the runtimes' per-state loops (`ir.baseNext`,
 * `ir.inputGate`) was a hash lookup: a module from the cache stepped one state at a time 1.8× slower than a fresh
 * build (docs/benchmarks.md, "The IR from the cache in dictionary mode"). Listing the fields also makes the
 * compiler check that the entry holds every one.
 */
function irOfFields(fields: Record<string, unknown>): PropnetIR {
  const f = <K extends keyof PropnetIR>(name: K): PropnetIR[K] => {
    if (fields[name] === undefined) throw new BadCacheEntry(`the IR has no ${name}`);
    return fields[name] as PropnetIR[K];
  };
  return {
    version: f('version'),
    gateCount: f('gateCount'),
    gateKind: f('gateKind'),
    firstLogic: f('firstLogic'),
    phaseSplit: f('phaseSplit'),
    faninStart: f('faninStart'),
    fanin: f('fanin'),
    fanoutStart: f('fanoutStart'),
    fanout: f('fanout'),
    cycleOf: f('cycleOf'),
    cycleRange: f('cycleRange'),
    roleCount: f('roleCount'),
    roleTerm: f('roleTerm'),
    baseGate: f('baseGate'),
    baseTerm: f('baseTerm'),
    baseNext: f('baseNext'),
    inputGate: f('inputGate'),
    inputRole: f('inputRole'),
    inputTerm: f('inputTerm'),
    legalStart: f('legalStart'),
    legalGate: f('legalGate'),
    legalTerm: f('legalTerm'),
    legalInput: f('legalInput'),
    goalStart: f('goalStart'),
    goalGate: f('goalGate'),
    goalValue: f('goalValue'),
    terminalGate: f('terminalGate'),
    initGate: f('initGate'),
    initBase: f('initBase'),
    seesStart: f('seesStart'),
    seesGate: f('seesGate'),
    seesTerm: f('seesTerm'),
  };
}

function validHead(head: unknown): head is IrHead {
  if (typeof head !== 'object' || head === null) return false;
  const h = head as Record<string, unknown>;
  const scalars = h.scalars as Record<string, unknown>;
  const count = (n: unknown) => Number.isInteger(n) && (n as number) >= 0;
  return (
    typeof h.key === 'string' &&
    typeof h.sha256 === 'string' &&
    typeof scalars === 'object' &&
    scalars !== null &&
    Object.values(scalars).every(Number.isInteger) &&
    Array.isArray(h.terms) &&
    h.terms.every((t) => typeof t === 'string') &&
    Array.isArray(h.arrays) &&
    h.arrays.every(
      (a) => Array.isArray(a) && typeof a[0] === 'string' && Object.hasOwn(ARRAY_TYPES, a[1]) && count(a[2]),
    )
  );
}

function termOf(ids: readonly TermId[], index: number): TermId {
  const term = ids[index];
  if (term === undefined) throw new BadCacheEntry(`no term ${index}`);
  return term;
}

/** Interns the ground terms (TermStore.toKif's text) into `store`, in one parse; a term that does not read back is a bad entry. */
function internTerms(store: TermStore, terms: readonly string[]): TermId[] {
  let ids: TermId[];
  try {
    ids = parseGroundTerms(store, terms.join('\n'));
  } catch (error) {
    throw new BadCacheEntry(`unreadable terms (${(error as Error).message})`);
  }
  if (ids.length !== terms.length)
    throw new BadCacheEntry(`${ids.length} terms read back, not ${terms.length}`);
  return ids;
}

/** `game`'s IR from `cache`, when it holds a usable entry for these rules (else undefined, warning if bad). */
export function readIr(cache: ModuleCache, game: Game, key: string): PropnetIR | undefined {
  return cache.readEntry(cache.fileOf(key, SUFFIX), (data) => decodeIr(data, key, game.store), 'the IR');
}

/** Stores `game`'s IR in `cache` (atomically; false when the folder is not writable: ModuleCache.writeEntry). */
export function writeIr(cache: ModuleCache, game: Game, key: string, ir: PropnetIR): boolean {
  return cache.writeEntry(cache.fileOf(key, SUFFIX), encodeIr(key, ir, game.store));
}
