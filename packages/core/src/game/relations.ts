import type { SymbolId, TermStore } from '../terms/term-store.js';
import type { Relation, RelationId } from './rules.js';

/** Interns relations by name and arity. */
export class RelationTable {
  readonly relations: Relation[] = [];
  private readonly byKey = new Map<string, RelationId>();

  constructor(private readonly store: TermStore) {}

  intern(name: string, arity: number, auxiliary = false): RelationId {
    const key = `${name}/${arity}`;
    let id = this.byKey.get(key);
    if (id === undefined) {
      id = this.relations.length;
      const symbol: SymbolId = this.store.symbol(name);
      this.relations.push({ id, name, symbol, arity, key, auxiliary });
      this.byKey.set(key, id);
    }
    return id;
  }

  find(name: string, arity: number): RelationId | undefined {
    return this.byKey.get(`${name}/${arity}`);
  }
}

/** The GDL keyword relations; each is interned up front so its id is always defined. */
export interface KeywordRelations {
  readonly role: RelationId;
  readonly init: RelationId;
  readonly true: RelationId;
  readonly does: RelationId;
  readonly next: RelationId;
  readonly legal: RelationId;
  readonly goal: RelationId;
  readonly terminal: RelationId;
  readonly sees: RelationId;
  readonly base: RelationId;
  readonly input: RelationId;
}

export function internKeywords(table: RelationTable): KeywordRelations {
  return {
    role: table.intern('role', 1),
    init: table.intern('init', 1),
    true: table.intern('true', 1),
    does: table.intern('does', 2),
    next: table.intern('next', 1),
    legal: table.intern('legal', 2),
    goal: table.intern('goal', 2),
    terminal: table.intern('terminal', 0),
    sees: table.intern('sees', 2),
    base: table.intern('base', 1),
    input: table.intern('input', 2),
  };
}
