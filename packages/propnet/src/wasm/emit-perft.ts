// Pieces both modules' in-module perft share: the growth of linear memory for the stack of child states, and
// the exported entry point that starts the recursion (perftNode, emitted by each module) at perftStackOffset.
import { type Expr, f64, i32, i64, paramTypes, type WasmModule } from './binaryen-facade.js';

/** A statement that grows the memory to hold `end` bytes, returning -1 from perftNode when it cannot. */
export function growForPerft(m: WasmModule, end: () => Expr): Expr {
  return m.if(
    m.i32.gt_u(end(), m.i32.shl(m.memory.size(), m.i32.const(16))),
    m.if(
      m.i32.eq(
        m.memory.grow(
          m.i32.sub(m.i32.add(m.i32.shr_u(end(), m.i32.const(16)), m.i32.const(1)), m.memory.size()),
        ),
        m.i32.const(-1),
      ),
      m.return(m.i64.const(-1n)),
    ),
  );
}

/** perft(depth) → perftNode(the state at perftStackOffset, depth, its children's place) as f64. */
export function addPerftExport(m: WasmModule, perftStackOffset: number, baseCount: number): void {
  m.addFunction(
    'perft',
    paramTypes([i32]),
    f64,
    [],
    m.f64.convert_s.i64(
      m.call(
        'perftNode',
        [m.i32.const(perftStackOffset), m.local.get(0, i32), m.i32.const(perftStackOffset + baseCount)],
        i64,
      ),
    ),
  );
  m.addFunctionExport('perft', 'perft');
}
