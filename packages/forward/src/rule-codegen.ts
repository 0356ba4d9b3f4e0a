// Turns a rule's reference tables into straight-line JavaScript following Figure 1 of the paper: nested
// loops over the input lists, one table lookup per input (Fail skips to the next combination), one lookup
// and Exists() test per condition, one lookup and write for the result. Table sizes, shape starts and view
// offsets are inlined as constants; the tables themselves are captured once, so a rule call allocates
// nothing.
import type { KnowledgeBase } from './knowledge-base.js';
import type { TableRule } from './reference-tables.js';

/** A compiled rule: one call adds everything the rule derives from the current knowledge base. */
export type CompiledRule = () => void;

/** Gives a captured value a parameter name of the generated function. */
export type Bind = (value: unknown) => string;

/**
 * The statements of a rule over the parameters `bits`, `data`, `counts`, `starts` and the names `bind`
 * returns; `exit` leaves the rule when a precondition fails (`return` in a function of its own, `break
 * label` when inlined into a labelled block).
 */
export function ruleStatements(rule: TableRule, kb: KnowledgeBase, bind: Bind, exit: string): string[] {
  const lines: string[] = [];
  const emit = (depth: number, text: string) => lines.push(`${'  '.repeat(depth + 1)}${text}`);

  const emitConditions = (level: number, ref: string, depth: number, fail: string) => {
    for (const c of rule.conditions[level]!) {
      const t = bind(c.table);
      if (c.negative) emit(depth, `{ const c = ${t}[${ref}]; if (c >= 0 && bits[c] !== 0) ${fail}; }`);
      else emit(depth, `if (bits[${t}[${ref}]] === 0) ${fail};`);
    }
  };

  const emitLevel = (level: number, ref: string, depth: number): void => {
    if (level === rule.inputs.length) {
      const r = bind(rule.result);
      emit(depth, `const g = ${r}[${ref}];`);
      emit(depth, 'if (bits[g] === 0) {');
      emit(depth + 1, 'bits[g] = 1;');
      const shapes = new Set(rule.resultShapes);
      if (shapes.size === 1) {
        const s = rule.resultShapes[0]!;
        emit(depth + 1, `data[${kb.starts[s]} + counts[${s}]++] = g;`);
      } else {
        emit(depth + 1, `const h = ${bind(rule.resultShapes)}[${ref}];`);
        emit(depth + 1, 'data[starts[h] + counts[h]++] = g;');
      }
      emit(depth, '}');
      return;
    }
    const input = rule.inputs[level]!;
    const r = `r${level + 1}`;
    if (input.kind === 'static') {
      const o = bind(input.offsets);
      const g = bind(input.targets);
      emit(
        depth,
        `for (let j${level} = ${o}[${ref}], e${level} = ${o}[${ref} + 1]; j${level} < e${level}; j${level}++) {`,
      );
      emit(depth + 1, `const ${r} = ${g}[j${level}];`);
    } else {
      const t = bind(input.table);
      const base = ref === '0' ? '' : `${ref} * ${input.viewSize} + `;
      if (input.shapes.length === 1) {
        const s = input.shapes[0]!;
        const start = kb.starts[s]!;
        emit(depth, `for (let i${level} = ${start}; i${level} < ${start} + counts[${s}]; i${level}++) {`);
        emit(depth + 1, `const ${r} = ${t}[${base}data[i${level}] + ${input.deltas[0]}];`);
      } else {
        const shapes = bind(input.shapes);
        const deltas = bind(input.deltas);
        emit(depth, `for (let k${level} = 0; k${level} < ${input.shapes.length}; k${level}++) {`);
        emit(
          depth + 1,
          `const s${level} = ${shapes}[k${level}], d${level} = ${deltas}[k${level}], b${level} = starts[s${level}];`,
        );
        emit(
          depth + 1,
          `for (let i${level} = b${level}; i${level} < b${level} + counts[s${level}]; i${level}++) {`,
        );
        depth++;
        emit(depth + 1, `const ${r} = ${t}[${base}data[i${level}] + d${level}];`);
      }
    }
    emit(depth + 1, `if (${r} < 0) continue;`);
    emitConditions(level + 1, r, depth + 1, 'continue');
    emitLevel(level + 1, r, depth + 1);
    emit(depth, '}');
    if (input.kind === 'dynamic' && input.shapes.length > 1) emit(depth - 1, '}');
  };

  emitConditions(0, '0', 0, exit);
  emitLevel(0, '0', 0);
  return lines;
}

export function compileRule(rule: TableRule, kb: KnowledgeBase): CompiledRule {
  const names: string[] = [];
  const values: unknown[] = [];
  const bind = (value: unknown): string => {
    names.push(`t${names.length}`);
    values.push(value);
    return names[names.length - 1]!;
  };
  const lines = ruleStatements(rule, kb, bind, 'return');
  const body = `return function rule() {\n${lines.join('\n')}\n};`;
  const factory = new Function('bits', 'data', 'counts', 'starts', ...names, body) as (
    ...args: unknown[]
  ) => CompiledRule;
  return factory(kb.bits, kb.data, kb.counts, kb.starts, ...values);
}
