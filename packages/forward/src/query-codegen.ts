// One generated function per query of a loaded state (and one for phase B) that calls the rules of its
// stages in order. Each rule gets its own call site, so every call is monomorphic; a loop over the stage's
// rules would make one megamorphic call site for all of them, which costs more than the rules themselves on
// small games such as TicTacToe.
import type { Program, Stage } from './program.js';

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
      : stage.rules.map((rule) => `${bind(rule.run)}();`);
    if (indices) {
      lines.push(`if (derivedIn[${index}] !== generation) {`, `  derivedIn[${index}] = generation;`);
      if (stage.clears.length > 0) lines.push(`  clear(${bind(stage.clears)});`);
      lines.push(...calls.map((c) => `  ${c}`), '}');
    } else lines.push(...calls);
  }
  const names = values.map((_, i) => `v${i}`);
  const body = `return function stages(generation) {\n${lines.join('\n')}\n};`;
  const factory = new Function('derivedIn', 'clear', ...names, body) as (...args: unknown[]) => QueryFunction;
  return factory(derivedIn, (shapes: Int32Array) => program.clear(shapes), ...values);
}
