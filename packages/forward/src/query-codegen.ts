// One generated function per query of a loaded state (and one for phase B) that runs the rules of its
// stages in order: rules with reference tables are inlined (each in a labelled block), the others called,
// each from its own call site. A loop over a stage's rules would make one megamorphic call site for all of
// them, which costs more than the rules themselves on small games such as TicTacToe.
import type { Program, Stage } from './program.js';
import { ruleStatements } from './rule-codegen.js';

/** Derives the given phase-A stages not yet derived in `generation` (stamps in `derivedIn`). */
export type QueryFunction = (generation: number) => void;

export function compileStages(
  program: Program,
  stages: readonly Stage[],
  indices: ArrayLike<number> | undefined,
  derivedIn: Int32Array,
): QueryFunction {
  const values: unknown[] = [];
  const bind = (value: unknown): string => {
    values.push(value);
    return `v${values.length - 1}`;
  };
  const lines: string[] = [];
  const count = indices ? indices.length : stages.length;
  for (let k = 0; k < count; k++) {
    const index = indices ? indices[k]! : k;
    const stage = stages[index]!;
    const calls = stage.recursive
      ? [`${bind(() => program.runStage(stage))}();`]
      : stage.rules.flatMap((rule) => {
          if (!rule.tables) return [`${bind(rule.run)}();`];
          const label = `rule${values.length}`;
          const body = ruleStatements(rule.tables, program.kb, bind, `break ${label}`);
          return [`${label}: {`, ...body, '}'];
        });
    if (indices) {
      lines.push(`if (derivedIn[${index}] !== generation) {`, `  derivedIn[${index}] = generation;`);
      if (stage.clears.length > 0) lines.push(`  clear(${bind(stage.clears)});`);
      lines.push(...calls.map((c) => `  ${c}`), '}');
    } else lines.push(...calls);
  }
  const names = values.map((_, i) => `v${i}`);
  const body = `return function stages(generation) {\n${lines.join('\n')}\n};`;
  const kb = program.kb;
  const factory = new Function('derivedIn', 'clear', 'bits', 'data', 'counts', 'starts', ...names, body) as (
    ...args: unknown[]
  ) => QueryFunction;
  const clear = (shapes: Int32Array) => program.clear(shapes);
  return factory(derivedIn, clear, kb.bits, kb.data, kb.counts, kb.starts, ...values);
}
