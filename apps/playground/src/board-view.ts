// The generic board: when the state has fluents of one relation with two constant coordinates and a content,
// like (cell 1 2 x), they are drawn as a grid (first coordinate down, second across); otherwise null.

export interface Board {
  readonly relation: string;
  readonly rows: readonly string[];
  readonly columns: readonly string[];
  /** Content text by `${row} ${column}`. */
  readonly cells: ReadonlyMap<string, string>;
}

/** Contents drawn as an empty square. */
const EMPTY = new Set(['b', 'blank', 'empty']);

/** The top-level parts of a fluent's text: `(cell 1 2 (piece x))` → cell, 1, 2, (piece x). */
function parts(fluent: string): string[] {
  if (!fluent.startsWith('(')) return [fluent];
  const out: string[] = [];
  let depth = 0;
  let start = 1;
  for (let i = 1; i < fluent.length; i++) {
    const c = fluent[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    if ((c === ' ' && depth === 0) || (depth < 0 && i === fluent.length - 1)) {
      if (i > start) out.push(fluent.slice(start, i));
      start = i + 1;
    }
  }
  return out;
}

function order(values: Set<string>): string[] {
  const all = [...values];
  return all.every((v) => /^-?\d+$/.test(v)) ? all.sort((a, b) => Number(a) - Number(b)) : all.sort();
}

export function findBoard(fluents: readonly string[]): Board | null {
  const byRelation = new Map<string, string[][]>();
  for (const fluent of fluents) {
    const p = parts(fluent);
    if (p.length !== 4 || p[1]!.startsWith('(') || p[2]!.startsWith('(')) continue;
    const list = byRelation.get(p[0]!) ?? [];
    list.push(p);
    byRelation.set(p[0]!, list);
  }
  let best: string[][] | undefined;
  for (const list of byRelation.values()) if (!best || list.length > best.length) best = list;
  if (!best || best.length < 4) return null;
  const cells = new Map<string, string>();
  for (const [, row, column, content] of best) {
    const key = `${row} ${column}`;
    const seen = cells.get(key);
    cells.set(key, seen === undefined ? content! : `${seen} ${content}`);
  }
  return {
    relation: best[0]![0]!,
    rows: order(new Set(best.map((p) => p[1]!))),
    columns: order(new Set(best.map((p) => p[2]!))),
    cells,
  };
}

export function renderBoard(board: Board): HTMLTableElement {
  const table = document.createElement('table');
  table.className = 'board';
  table.dataset.relation = board.relation;
  for (const row of board.rows) {
    const tr = table.insertRow();
    for (const column of board.columns) {
      const td = tr.insertCell();
      const content = board.cells.get(`${row} ${column}`);
      td.title = `(${board.relation} ${row} ${column} ${content ?? '?'})`;
      td.textContent = content === undefined || EMPTY.has(content) ? '' : content;
    }
  }
  return table;
}
