// The game side of the in-module policy simulations: a small module per game, generated as WebAssembly text,
// that imports the game module's memory and entry points and gives the policy module (policy-wat.ts) one
// interface whichever way the game module propagates (straight-line, emit.ts, or differential,
// differential-emit.ts): load a state, read terminal, list a role's legal moves, select one per role, advance,
// read the goals. Calls between the two instances stay inside WebAssembly (no JavaScript per step).
//
// Its scratch lives in the game module's perft area, which is free outside a perft call: the legal list as
// (IR legal entry, input gate) pairs, the chosen input gate per role, then the states the batch starts from.
import { parseWat } from './binaryen-facade.js';
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

/** The adapter of `core`, or undefined for a module kind it does not know. */
export function createSimulationAdapter(core: WasmCore): SimulationAdapter | undefined {
  if (core instanceof WasmPropnet)
    return instantiate(
      straightLineWat(core.plan),
      core.exports,
      core.plan.baseCount,
      core.plan.perftStackOffset,
      core.plan.roleCount,
      maxLegal(core.plan.legalStart, core.plan.roleCount),
    );
  if (core instanceof DifferentialWasmPropnet) {
    const { plan, ir } = core;
    return instantiate(
      differentialWat(plan, ir.legalStart),
      core.exports,
      plan.baseCount,
      plan.perftStackOffset,
      plan.roleCount,
      maxLegal(ir.legalStart, plan.roleCount),
    );
  }
  return undefined;
}

function maxLegal(legalStart: ArrayLike<number>, roleCount: number): number {
  let most = 1;
  for (let r = 0; r < roleCount; r++) most = Math.max(most, legalStart[r + 1]! - legalStart[r]!);
  return most;
}

/** Scratch addresses in the game memory, from the perft area's start. */
function scratch(perftStackOffset: number, roleCount: number, legal: number) {
  const list = align(perftStackOffset);
  const chosen = align(list + 8 * legal);
  const starts = align(chosen + 4 * roleCount);
  return { list, chosen, starts };
}

function instantiate(
  wat: (list: number, chosen: number) => string,
  game: object,
  baseCount: number,
  perftStackOffset: number,
  roleCount: number,
  legal: number,
): SimulationAdapter {
  const { list, chosen, starts } = scratch(perftStackOffset, roleCount, legal);
  const module = compileModule(parseWat(wat(list, chosen), true));
  const instance = new WebAssembly.Instance(module, { game });
  const memory = (game as { memory: WebAssembly.Memory }).memory;
  return { exports: instance.exports, startsOffset: starts, baseCount, memory };
}

/** The parts every adapter shares: the legal list, selection and goals (the first goal that holds, by value). */
function common(list: number, chosen: number, goals: DifferentialPlan['goals'], roleCount: number): string {
  const goalOf = (r: number) => {
    let value = '(i32.const 0)';
    for (const g of [...goals[r]!].reverse()) {
      value = `(select (i32.const ${g.value}) ${value} (i32.load8_u (i32.const ${g.gate})))`;
    }
    return value;
  };
  const goalBranches = Array.from(
    { length: roleCount },
    (_, r) => `(if (i32.eq (local.get $r) (i32.const ${r})) (then (return ${goalOf(r)})))`,
  ).join('\n    ');
  return `
  (global $n (mut i32) (i32.const 0))
  (func $push (param $l i32) (param $input i32)
    (i32.store (i32.add (i32.const ${list}) (i32.shl (global.get $n) (i32.const 3))) (local.get $l))
    (i32.store (i32.add (i32.const ${list + 4}) (i32.shl (global.get $n) (i32.const 3))) (local.get $input))
    (global.set $n (i32.add (global.get $n) (i32.const 1))))
  (func (export "legalAt") (param $k i32) (result i32)
    (i32.load (i32.add (i32.const ${list}) (i32.shl (local.get $k) (i32.const 3)))))
  (func (export "select") (param $r i32) (param $k i32)
    (i32.store (i32.add (i32.const ${chosen}) (i32.shl (local.get $r) (i32.const 2)))
      (i32.load (i32.add (i32.const ${list + 4}) (i32.shl (local.get $k) (i32.const 3))))))
  (func $chosen (param $r i32) (result i32) (i32.load (i32.add (i32.const ${chosen}) (i32.shl (local.get $r) (i32.const 2)))))
  (func (export "goal") (param $r i32) (result i32)
    ${goalBranches}
    (i32.const 0))`;
}

/** Dispatch of `legal(r)` to one function per role. */
function legalDispatch(roleCount: number): string {
  const branches = Array.from(
    { length: roleCount },
    (_, r) => `(if (i32.eq (local.get $r) (i32.const ${r})) (then (call $legal${r})))`,
  ).join('\n    ');
  return `
  (func (export "legal") (param $r i32) (result i32)
    (global.set $n (i32.const 0))
    ${branches}
    (global.get $n))`;
}

/** Over the straight-line module: every gate is re-evaluated per state (evalState) and per move (evalMoves). */
function straightLineWat(plan: WasmPlan): (list: number, chosen: number) => string {
  return (list, chosen) => {
    const R = plan.roleCount;
    const legalFunctions = plan.legal.map((entries, r) => {
      const first = plan.legalStart[r]!;
      if (plan.unrollLegal) {
        const body = entries
          .map(
            (e, k) =>
              `(if (i32.load8_u (i32.const ${e.gate})) (then (call $push (i32.const ${first + k}) (i32.const ${e.input}))))`,
          )
          .join('\n    ');
        return `(func $legal${r}\n    ${body})`;
      }
      // The (gate, input) pairs of the module's legal table, in IR order.
      const from = plan.legalTableOffset + 8 * first;
      const to = plan.legalTableOffset + 8 * plan.legalStart[r + 1]!;
      return `(func $legal${r} (local $at i32)
    (local.set $at (i32.const ${from}))
    (block $done (loop $scan
      (br_if $done (i32.ge_u (local.get $at) (i32.const ${to})))
      (if (i32.load8_u (i32.load (local.get $at)))
        (then (call $push (i32.shr_u (i32.sub (local.get $at) (i32.const ${plan.legalTableOffset})) (i32.const 3))
          (i32.load offset=4 (local.get $at)))))
      (local.set $at (i32.add (local.get $at) (i32.const 8)))
      (br $scan))))`;
    });
    const roles = Array.from({ length: R }, (_, r) => r);
    const setInputs = (v: number) =>
      roles.map((r) => `(i32.store8 (call $chosen (i32.const ${r})) (i32.const ${v}))`).join(' ');
    const propagate = plan.inputDriven
      ? roles.map((r) => `(call $propagateInput (call $chosen (i32.const ${r})))`).join(' ')
      : '';
    const next = Array.from(
      plan.baseNext,
      (g, b) => `(i32.store8 (i32.const ${plan.nextOffset + b}) (i32.load8_u (i32.const ${g})))`,
    ).join('\n    ');
    return `(module
  (import "game" "memory" (memory 0))
  (import "game" "evalState" (func $evalState))
  (import "game" "evalMoves" (func $evalMoves))
  ${plan.inputDriven ? '(import "game" "propagateInput" (func $propagateInput (param i32)))' : ''}
  ${common(list, chosen, plan.goals, R)}
  ${legalFunctions.join('\n  ')}
  ${legalDispatch(R)}
  (func (export "load") (param $at i32)
    (memory.copy (i32.const ${plan.baseStart}) (local.get $at) (i32.const ${plan.baseCount}))
    (memory.fill (i32.const ${plan.inputStart}) (i32.const 0) (i32.const ${plan.inputCount}))
    (call $evalState))
  (func (export "terminal") (result i32) (i32.load8_u (i32.const ${plan.terminalGate})))
  (func (export "advance")
    ${setInputs(1)}
    (call $evalMoves)
    ${propagate}
    ${next}
    (memory.copy (i32.const ${plan.baseStart}) (i32.const ${plan.nextOffset}) (i32.const ${plan.baseCount}))
    ${setInputs(0)}
    (call $evalState))
  (func (export "goals")))`;
  };
}

/** Over the differential module: states load by flipping what differs; legal moves are bit sets per role. */
function differentialWat(
  plan: DifferentialPlan,
  legalStart: ArrayLike<number>,
): (list: number, chosen: number) => string {
  return (list, chosen) => {
    const R = plan.roleCount;
    const legalFunctions = Array.from({ length: R }, (_, r) => {
      const firstWord = plan.legalWordStart[r]!;
      const from = plan.legalBitsOffset + 4 * firstWord;
      const to = plan.legalBitsOffset + 4 * plan.legalWordStart[r + 1]!;
      // Bit b of the role's bit sets is legal entry legalStart[r] + b - 32 * firstWord (the module's bitOf).
      return `(func $legal${r} (local $at i32) (local $bits i32) (local $bit i32)
    (local.set $at (i32.const ${from}))
    (block $done (loop $words
      (br_if $done (i32.ge_u (local.get $at) (i32.const ${to})))
      (local.set $bits (i32.load (local.get $at)))
      (block $word_done (loop $bits_loop
        (br_if $word_done (i32.eqz (local.get $bits)))
        (local.set $bit (i32.add (i32.shl (i32.sub (local.get $at) (i32.const ${plan.legalBitsOffset})) (i32.const 3))
          (i32.ctz (local.get $bits))))
        (call $push (i32.add (i32.sub (local.get $bit) (i32.const ${32 * firstWord})) (i32.const ${legalStart[r]!}))
          (i32.load (i32.add (i32.const ${plan.legalInputOffset}) (i32.shl (local.get $bit) (i32.const 2)))))
        (local.set $bits (i32.and (local.get $bits) (i32.sub (local.get $bits) (i32.const 1))))
        (br $bits_loop)))
      (local.set $at (i32.add (local.get $at) (i32.const 4)))
      (br $words))))`;
    });
    const roles = Array.from({ length: R }, (_, r) => r);
    const flip = (v: number) =>
      roles.map((r) => `(call $flip (call $chosen (i32.const ${r})) (i32.const ${v}))`).join(' ');
    return `(module
  (import "game" "memory" (memory 0))
  (import "game" "loadState" (func $loadState (param i32)))
  (import "game" "flip" (func $flip (param i32 i32)))
  (import "game" "evalGoals" (func $evalGoals))
  ${common(list, chosen, plan.goals, R)}
  ${legalFunctions.join('\n  ')}
  ${legalDispatch(R)}
  (func (export "load") (param $at i32) (call $loadState (local.get $at)))
  (func (export "terminal") (result i32) (i32.load8_u (i32.const ${plan.terminalGate})))
  (func (export "advance")
    ${flip(1)}
    (memory.copy (i32.const ${plan.stagingOffset}) (i32.const ${plan.nextOffset}) (i32.const ${plan.baseCount}))
    ${flip(0)}
    (call $loadState (i32.const ${plan.stagingOffset})))
  (func (export "goals") (call $evalGoals)))`;
  };
}
