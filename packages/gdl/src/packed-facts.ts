import type { AtomTerm, Constant, Literal, Rule, SourceSpan, Term } from './ast.js';

// Ground facts dominate large descriptions and START messages (hundreds of thousands of `(p a1)` lines), and a
// node tree with a span per node costs about 27 bytes of heap per input byte there (issue 25). A fact that is
// ground and written on one line is therefore kept as integers — a symbol and a position per node — and its
// syntax tree is rebuilt each time `head` or `span` is read. Every reader sees an ordinary `Rule`; only object
// identity differs (two reads of `head` give two equal trees).

/** Facts share one empty body. */
export const NO_BODY: readonly Literal[] = Object.freeze([]);

/** Longest fact packed: node offsets and lengths share one 32-bit word, 16 bits each. */
const MAX_PACKED_LENGTH = 0xffff;
const CHUNK = 1 << 16;

/** An append-only list of 32-bit integers in fixed-size chunks, so growing never copies or doubles. */
class ChunkedInts {
  private readonly chunks: Int32Array[] = [];
  length = 0;

  push(value: number): void {
    const chunk = this.length >>> 16;
    if (chunk === this.chunks.length) this.chunks.push(new Int32Array(CHUNK));
    this.chunks[chunk]![this.length & (CHUNK - 1)] = value;
    this.length++;
  }

  get(index: number): number {
    return this.chunks[index >>> 16]![index & (CHUNK - 1)]!;
  }

  truncate(length: number): void {
    this.length = length;
    this.chunks.length = (length + CHUNK - 1) >>> 16;
  }

  /** Gives back the unused part of the last chunk once nothing more is appended. */
  trim(): void {
    const last = this.chunks.length - 1;
    if (last >= 0) this.chunks[last] = this.chunks[last]!.slice(0, this.length - last * CHUNK);
  }
}

/**
 * The packed facts of one parse. Per node two integers: the symbol (name and arity) and the node's offset
 * from the fact's start (high 16 bits) with its length (low 16 bits), in prefix order. Per fact four: its
 * first node, offset, line and column.
 */
export class PackedFactStore {
  private readonly symbolNames: string[] = [];
  private readonly symbolArities = new ChunkedInts();
  /** Symbol ids by arity and name while parsing; dropped by trim(). */
  private symbolIds: Map<string, number>[] = [];
  private readonly nodes = new ChunkedInts();
  private readonly facts = new ChunkedInts();
  private lastIndex = -1;
  private lastHead: AtomTerm | undefined;

  constructor(readonly file: string) {}

  /** Packs a body-less rule whose head is ground and on one line; undefined when it is not such a fact. */
  pack(rule: Rule): Rule | undefined {
    const span = rule.span;
    if (rule.body.length > 0 || span.length > MAX_PACKED_LENGTH) return undefined;
    const firstInt = this.nodes.length;
    if (!this.packTerm(rule.head, span)) {
      this.nodes.truncate(firstInt);
      return undefined;
    }
    const index = this.facts.length >>> 2;
    this.facts.push(firstInt >>> 1);
    this.facts.push(span.offset);
    this.facts.push(span.line);
    this.facts.push(span.column);
    return new PackedFact(this, index);
  }

  /** Called once the parse is over. */
  trim(): void {
    this.nodes.trim();
    this.facts.trim();
    this.symbolArities.trim();
    this.symbolIds = [];
  }

  factSpan(index: number): SourceSpan {
    const base = index << 2;
    const node = this.facts.get(base);
    return {
      file: this.file,
      line: this.facts.get(base + 2),
      column: this.facts.get(base + 3),
      offset: this.facts.get(base + 1),
      length: this.nodes.get(2 * node + 1) & MAX_PACKED_LENGTH,
    };
  }

  factHead(index: number): AtomTerm {
    // Readers ask for a fact's head several times in a row (name, then arguments); one entry spares the rebuilds.
    if (index === this.lastIndex) return this.lastHead!;
    const base = index << 2;
    const cursor = { node: this.facts.get(base) };
    const origin = {
      offset: this.facts.get(base + 1),
      line: this.facts.get(base + 2),
      column: this.facts.get(base + 3),
    };
    this.lastHead = this.unpackTerm(cursor, origin) as AtomTerm;
    this.lastIndex = index;
    return this.lastHead;
  }

  private packTerm(term: Term, fact: SourceSpan): boolean {
    const span = term.span;
    // One line: columns then follow from offsets.
    if (term.kind === 'var' || span.line !== fact.line) return false;
    const arity = term.kind === 'compound' ? term.args.length : 0;
    this.nodes.push(this.symbol(term.name, arity));
    this.nodes.push(((span.offset - fact.offset) << 16) | span.length);
    if (term.kind === 'compound') {
      for (const arg of term.args) if (!this.packTerm(arg, fact)) return false;
    }
    return true;
  }

  private unpackTerm(
    cursor: { node: number },
    origin: { offset: number; line: number; column: number },
  ): Term {
    const symbol = this.nodes.get(2 * cursor.node);
    const position = this.nodes.get(2 * cursor.node + 1);
    cursor.node++;
    const delta = position >>> 16;
    const span: SourceSpan = {
      file: this.file,
      line: origin.line,
      column: origin.column + delta,
      offset: origin.offset + delta,
      length: position & MAX_PACKED_LENGTH,
    };
    const name = this.symbolNames[symbol]!;
    const arity = this.symbolArities.get(symbol);
    if (arity === 0) return { kind: 'const', name, span } satisfies Constant;
    const args = new Array<Term>(arity);
    for (let i = 0; i < arity; i++) args[i] = this.unpackTerm(cursor, origin);
    return { kind: 'compound', name, args, span };
  }

  private symbol(name: string, arity: number): number {
    let ids = this.symbolIds[arity];
    if (!ids) this.symbolIds[arity] = ids = new Map();
    let id = ids.get(name);
    if (id === undefined) {
      id = this.symbolNames.length;
      ids.set(name, id);
      this.symbolNames.push(name);
      this.symbolArities.push(arity);
    }
    return id;
  }
}

/** A fact of a PackedFactStore, read as a `Rule`. */
class PackedFact implements Rule {
  constructor(
    private readonly store: PackedFactStore,
    private readonly index: number,
  ) {}

  get kind(): 'rule' {
    return 'rule';
  }

  get head(): AtomTerm {
    return this.store.factHead(this.index);
  }

  get body(): readonly Literal[] {
    return NO_BODY;
  }

  get span(): SourceSpan {
    return this.store.factSpan(this.index);
  }

  /** JSON of a packed fact is that of the plain rule it stands for. */
  toJSON(): Rule {
    return { kind: 'rule', head: this.head, body: NO_BODY, span: this.span };
  }
}
