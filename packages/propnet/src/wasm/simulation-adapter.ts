// The game side of the in-module policy simulations: a small module per game that imports the game module's
// memory and entry points and gives the policy module (policy-wat.ts) one interface whichever way the game
// module propagates (straight-line, emit.ts, or differential, differential-emit.ts): load a state, read
// terminal, list a role's legal moves, select one per role, advance, read the goals. Calls between the two
// instances stay inside WebAssembly (no JavaScript per step). Built with binaryen's API, unoptimised (small,
// and built at the start of a match).
//
// Its scratch lives in the game module's perft area, which is free outside a perft call: the legal list as
// (IR legal entry, input gate) pairs, the chosen input gate per role, then the states the batch starts from.
import {
  createModule,
  type Expr,
  i32,
  none,
  paramTypes,
  simulationFeatures,
  type WasmModule,
} from './binaryen-facade.js';
import { compileModule } from './compile.js';
import type { DifferentialPlan } from './differential-lower.js';
import { DifferentialWasmPropnet } from './differential-runtime.js';
import type { WasmPlan } from './lower.js';
import { WasmPropnet } from './runtime.js';
import type { WasmCore } from './wasm-core.js';

/** The adapter's exports, imported by the policy module as "game". */
export interface SimulationAdapter {
  readonly exports: Record<string, unknown>;
  /** Game-memory address where the batch's start states (one byte per base each) may be written. */
  readonly startsOffset: number;
  readonly baseCount: number;
  /** The game module's memory (grown by the caller to hold the start states). */
  readonly memory: WebAssembly.Memory;
}

const align = (x: number) => (x + 7) & ~7;

/** What differs between the two kinds of game module. */
interface GameSide {
  readonly roleCount: number;
  readonly baseCount: number;
  readonly perftStackOffset: number;
  readonly legalStart: ArrayLike<number>;
  /** Per role, goal propositions by decreasing value. */
  readonly goalGates: WasmPlan['goals'];
  readonly terminalGate: number;
  /** The game functions imported (name and parameter count, no results). */
  readonly imports: readonly (readonly [string, number])[];
  /** The legal scan of role r: calls `push(l, input)` for each legal move that holds, in IR order. */
  legalScan(a: Adapter, r: number): Expr[];
  load(a: Adapter): Expr[];
  advance(a: Adapter): Expr[];
  /** Brings the goal propositions up to date (the differential module defers them). */
  goals(a: Adapter): Expr[];
}

/** The game side of `core` and the exports the adapter imports, or undefined for a module kind without one. */
function gameSide(core: WasmCore): { readonly side: GameSide; readonly exports: unknown } | undefined {
  if (core instanceof WasmPropnet) return { side: straightLine(core.plan), exports: core.exports };
  if (core instanceof DifferentialWasmPropnet) {
    return { side: differential(core.plan, core.ir.legalStart), exports: core.exports };
  }
  return undefined;
}

/**
 * The adapter's bytes for `core` (binaryen loaded), or undefined for a module kind that has none: built with the
 * module so that the module cache can keep them (module-cache.ts), since a cache hit loads no binaryen.
 */
export function emitSimulationAdapter(core: WasmCore): Uint8Array | undefined {
  const found = gameSide(core);
  return found && new Adapter(found.side).emit();
}

/**
 * The adapter of `core`, from `binary` when given (the bytes `emitSimulationAdapter` made for this module),
 * else emitted now (binaryen loaded); undefined for a module kind it does not know.
 */
export function createSimulationAdapter(core: WasmCore, binary?: Uint8Array): SimulationAdapter | undefined {
  const found = gameSide(core);
  if (found === undefined) return undefined;
  const { side } = found;
  const game = found.exports as Record<string, unknown> & { memory: WebAssembly.Memory };
  const layout = adapterLayout(side);
  const instance = new WebAssembly.Instance(compileModule(binary ?? new Adapter(side).emit()), { game });
  return {
    exports: instance.exports,
    startsOffset: layout.startsOffset,
    baseCount: side.baseCount,
    memory: game.memory,
  };
}

/** Game-memory addresses of the adapter's legal list, the chosen inputs and the start states. */
function adapterLayout(side: GameSide): { list: number; chosenOffset: number; startsOffset: number } {
  let legal = 1;
  for (let r = 0; r < side.roleCount; r++)
    legal = Math.max(legal, side.legalStart[r + 1]! - side.legalStart[r]!);
  const list = align(side.perftStackOffset);
  const chosenOffset = align(list + 8 * legal);
  return { list, chosenOffset, startsOffset: align(chosenOffset + 4 * side.roleCount) };
}

class Adapter {
  readonly m: WasmModule = createModule();
  /** Game-memory addresses of the legal list, the chosen inputs and the start states. */
  readonly list: number;
  readonly chosenOffset: number;
  readonly startsOffset: number;

  constructor(readonly side: GameSide) {
    ({
      list: this.list,
      chosenOffset: this.chosenOffset,
      startsOffset: this.startsOffset,
    } = adapterLayout(side));
  }

  c(x: number): Expr {
    return this.m.i32.const(x);
  }

  get(l: number): Expr {
    return this.m.local.get(l, i32);
  }

  /** Appends (l, input) to the legal list (global n counts its entries). */
  push(l: Expr, input: Expr): Expr[] {
    const { m } = this;
    const at = () => m.i32.add(this.c(this.list), m.i32.shl(m.global.get('n', i32), this.c(3)));
    return [
      m.i32.store(0, 4, at(), l),
      m.i32.store(4, 4, at(), input),
      m.global.set('n', m.i32.add(m.global.get('n', i32), this.c(1))),
    ];
  }

  /** The input gate chosen for role r. */
  chosen(r: number): Expr {
    return this.m.i32.load(this.chosenOffset + 4 * r, 4, this.c(0));
  }

  /** while (!done) body */
  whileLoop(label: string, done: Expr, body: Expr[]): Expr {
    const { m } = this;
    return m.block(`${label}_done`, [
      m.loop(label, m.block(null, [m.br(`${label}_done`, done), ...body, m.br(label)])),
    ]);
  }

  private fn(name: string, params: number, result: number, locals: number, body: Expr[]): void {
    const { m } = this;
    m.addFunction(
      name,
      paramTypes(new Array<number>(params).fill(i32)),
      result,
      new Array<number>(locals).fill(i32),
      m.block(null, body, result === none ? undefined : result),
    );
    m.addFunctionExport(name, name);
  }

  emit(): Uint8Array {
    const { m, side } = this;
    const R = side.roleCount;
    m.setMemory(0, -1, null, [], false, false, '0');
    m.addMemoryImport('0', 'game', 'memory');
    for (const [name, params] of side.imports) {
      m.addFunctionImport(name, 'game', name, paramTypes(new Array<number>(params).fill(i32)), none);
    }
    m.addGlobal('n', i32, true, this.c(0));
    this.fn('load', 1, none, 0, side.load(this));
    this.fn('terminal', 0, i32, 0, [m.i32.load8_u(side.terminalGate, 1, this.c(0))]);
    const legal: Expr[] = [m.global.set('n', this.c(0))];
    for (let r = 0; r < R; r++)
      legal.push(m.if(m.i32.eq(this.get(0), this.c(r)), m.block(null, side.legalScan(this, r))));
    legal.push(m.global.get('n', i32));
    this.fn('legal', 1, i32, 2, legal);
    this.fn('legalAt', 1, i32, 0, [
      m.i32.load(0, 4, m.i32.add(this.c(this.list), m.i32.shl(this.get(0), this.c(3)))),
    ]);
    this.fn('select', 2, none, 0, [
      m.i32.store(
        0,
        4,
        m.i32.add(this.c(this.chosenOffset), m.i32.shl(this.get(0), this.c(2))),
        m.i32.load(4, 4, m.i32.add(this.c(this.list), m.i32.shl(this.get(1), this.c(3)))),
      ),
    ]);
    this.fn('advance', 0, none, 0, side.advance(this));
    this.fn('goals', 0, none, 0, side.goals(this));
    // goal(r): the first goal that holds, by decreasing value (as the playouts read it), else 0.
    const goal: Expr[] = [];
    for (let r = 0; r < R; r++) {
      let value = this.c(0);
      for (const g of [...side.goalGates[r]!].reverse())
        value = m.select(m.i32.load8_u(g.gate, 1, this.c(0)), this.c(g.value), value);
      goal.push(m.if(m.i32.eq(this.get(0), this.c(r)), m.return(value)));
    }
    goal.push(this.c(0));
    this.fn('goal', 1, i32, 0, goal);
    try {
      m.setFeatures(simulationFeatures());
      if (!m.validate()) throw new Error('internal: the simulation adapter does not validate');
      return m.emitBinary();
    } finally {
      m.dispose();
    }
  }
}

/** Over the straight-line module: every gate is re-evaluated per state (evalState) and per move (evalMoves). */
function straightLine(plan: WasmPlan): GameSide {
  const R = plan.roleCount;
  const setInputs = (a: Adapter, v: number) =>
    Array.from({ length: R }, (_, r) => a.m.i32.store8(0, 1, a.chosen(r), a.c(v)));
  return {
    roleCount: R,
    baseCount: plan.baseCount,
    perftStackOffset: plan.perftStackOffset,
    legalStart: plan.legalStart,
    goalGates: plan.goals,
    terminalGate: plan.terminalGate,
    imports: [
      ['evalState', 0],
      ['evalMoves', 0],
      ...(plan.inputDriven ? [['propagateInput', 1] as const] : []),
    ],
    legalScan(a, r) {
      const { m } = a;
      const first = plan.legalStart[r]!;
      if (plan.unrollLegal) {
        return plan.legal[r]!.map((e, k) =>
          m.if(m.i32.load8_u(e.gate, 1, a.c(0)), m.block(null, a.push(a.c(first + k), a.c(e.input)))),
        );
      }
      // The (gate, input) pairs of the module's legal table, in IR order; local 1 walks them.
      const at = 1;
      return [
        m.local.set(at, a.c(plan.legalTableOffset + 8 * first)),
        a.whileLoop(
          `scan${r}`,
          m.i32.ge_u(a.get(at), a.c(plan.legalTableOffset + 8 * plan.legalStart[r + 1]!)),
          [
            m.if(
              m.i32.load8_u(0, 1, m.i32.load(0, 4, a.get(at))),
              m.block(
                null,
                a.push(
                  m.i32.shr_u(m.i32.sub(a.get(at), a.c(plan.legalTableOffset)), a.c(3)),
                  m.i32.load(4, 4, a.get(at)),
                ),
              ),
            ),
            m.local.set(at, m.i32.add(a.get(at), a.c(8))),
          ],
        ),
      ];
    },
    load(a) {
      const { m } = a;
      return [
        m.memory.copy(a.c(plan.baseStart), a.get(0), a.c(plan.baseCount)),
        m.memory.fill(a.c(plan.inputStart), a.c(0), a.c(plan.inputCount)),
        m.call('evalState', [], none),
      ];
    },
    advance(a) {
      const { m } = a;
      const body: Expr[] = [...setInputs(a, 1), m.call('evalMoves', [], none)];
      if (plan.inputDriven)
        for (let r = 0; r < R; r++) body.push(m.call('propagateInput', [a.chosen(r)], none));
      for (let b = 0; b < plan.baseCount; b++) {
        body.push(m.i32.store8(plan.nextOffset + b, 1, a.c(0), m.i32.load8_u(plan.baseNext[b]!, 1, a.c(0))));
      }
      body.push(
        m.memory.copy(a.c(plan.baseStart), a.c(plan.nextOffset), a.c(plan.baseCount)),
        ...setInputs(a, 0),
        m.call('evalState', [], none),
      );
      return body;
    },
    goals: (a) => [a.m.nop()],
  };
}

/** Over the differential module: states load by flipping what differs; legal moves are bit sets per role. */
function differential(plan: DifferentialPlan, legalStart: ArrayLike<number>): GameSide {
  const R = plan.roleCount;
  return {
    roleCount: R,
    baseCount: plan.baseCount,
    perftStackOffset: plan.perftStackOffset,
    legalStart,
    goalGates: plan.goals,
    terminalGate: plan.terminalGate,
    imports: [
      ['loadState', 1],
      ['step', 1],
      ['evalGoals', 0],
    ],
    legalScan(a, r) {
      const { m } = a;
      // Bit b of the role's bit sets is legal entry legalStart[r] + b - 32 * firstWord (the lowering's bitOf).
      const firstWord = plan.legalWordStart[r]!;
      const [at, bits] = [1, 2];
      const bit = () =>
        m.i32.add(m.i32.shl(m.i32.sub(a.get(at), a.c(plan.legalBitsOffset)), a.c(3)), m.i32.ctz(a.get(bits)));
      return [
        m.local.set(at, a.c(plan.legalBitsOffset + 4 * firstWord)),
        a.whileLoop(
          `words${r}`,
          m.i32.ge_u(a.get(at), a.c(plan.legalBitsOffset + 4 * plan.legalWordStart[r + 1]!)),
          [
            m.local.set(bits, m.i32.load(0, 4, a.get(at))),
            a.whileLoop(`bits${r}`, m.i32.eqz(a.get(bits)), [
              ...a.push(
                m.i32.add(bit(), a.c(legalStart[r]! - 32 * firstWord)),
                m.i32.load(plan.legalInputOffset, 4, m.i32.shl(bit(), a.c(2))),
              ),
              m.local.set(bits, m.i32.and(a.get(bits), m.i32.sub(a.get(bits), a.c(1)))),
            ]),
            m.local.set(at, m.i32.add(a.get(at), a.c(4))),
          ],
        ),
      ];
    },
    load: (a) => [a.m.call('loadState', [a.get(0)], none)],
    // The joint move at the chosen inputs (i32 per role, as the module's `step` reads them), then its next state.
    advance: (a) => [a.m.call('step', [a.c(a.chosenOffset)], none)],
    goals: (a) => [a.m.call('evalGoals', [], none)],
  };
}
