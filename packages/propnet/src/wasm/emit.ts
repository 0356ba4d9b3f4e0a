// Emission: plan + IR → a binaryen module → validated binary (optimised on small nets, see lower.ts). Each gate
// becomes straight-line code (AND/OR as balanced trees of byte loads, NOT as xor 1); a cyclic component of
// positive views is iterated from all-false to its least fixpoint. Whole random playouts run inside the module
// with xoshiro128** seeded exactly like core's Rng (splitmix32 seeding; nextInt(n) = high 32 bits of u32 * n).
import { GateKind, TRUE_GATE } from '../gate-kind.js';
import type { PropnetIR } from '../ir.js';
import {
  createModule,
  type Expr,
  finishModule,
  i32,
  i64,
  none,
  paramTypes,
  type WasmModule,
} from './binaryen-facade.js';
import { addPerftExport, growForPerft } from './emit-perft.js';
import { emitRng } from './emit-rng.js';
import {
  type Chunk,
  STAT_GOALS,
  STAT_MAX_DEPTH,
  STAT_MIN_DEPTH,
  STAT_STATES,
  STAT_TOTAL_DEPTH,
  STAT_TRUNCATED,
  type WasmPlan,
} from './lower.js';

/** Names of the gate functions a phase calls, kept out of line so each stays within its cost budget. */
const CHUNK_PREFIX = 'chunk:';

/** Pages the perft stack may grow the memory to (1 GiB keeps byte addresses within i32). */
export const MAX_PAGES = 16384;

export function emitModule(plan: WasmPlan): Uint8Array {
  const m = createModule();
  // The TRUE gate (1) holds from the start; every other byte starts at 0.
  m.setMemory(plan.pages, MAX_PAGES, 'memory', [
    { offset: m.i32.const(TRUE_GATE), data: new Uint8Array([1]), passive: false },
    ...plan.segments.map(({ offset, data }) => ({ offset: m.i32.const(offset), data, passive: false })),
  ]);
  new Emitter(m, plan.evalIr, plan).emit();
  return finishModule(m, plan.optimise, `${CHUNK_PREFIX}*`);
}

class Emitter {
  constructor(
    private readonly m: WasmModule,
    private readonly ir: PropnetIR,
    private readonly plan: WasmPlan,
  ) {}

  private c(x: number): Expr {
    return this.m.i32.const(x);
  }

  private load(address: number): Expr {
    return this.m.i32.load8_u(address, 1, this.c(0));
  }

  private store(address: number, value: Expr): Expr {
    return this.m.i32.store8(address, 1, this.c(0), value);
  }

  /**
   * Statements that pass the input gate of each legal move of role r that holds to `push`: one branch per
   * proposition, or a loop over the plan's legal table with its address in local `cursor`.
   */
  private legalScan(r: number, cursor: number, push: (input: Expr) => Expr[]): Expr[] {
    const { m, plan } = this;
    if (plan.unrollLegal) {
      return plan.legal[r]!.map((l) => m.if(this.load(l.gate), m.block(null, push(this.c(l.input)))));
    }
    const at = () => m.local.get(cursor, i32);
    const end = plan.legalTableOffset + 8 * plan.legalStart[r + 1]!;
    const label = `legal${r}`;
    return [
      m.local.set(cursor, this.c(plan.legalTableOffset + 8 * plan.legalStart[r]!)),
      m.block(`${label}_done`, [
        m.loop(
          label,
          m.block(null, [
            m.br(`${label}_done`, m.i32.ge_u(at(), this.c(end))),
            m.if(m.i32.load8_u(0, 1, m.i32.load(0, 4, at())), m.block(null, push(m.i32.load(4, 4, at())))),
            m.local.set(cursor, m.i32.add(at(), this.c(8))),
            m.br(label),
          ]),
        ),
      ]),
    ];
  }

  /** The value of gate g over its fan-in edges [from, to) as one expression (one balanced tree of loads). */
  private gateExpr(g: number, from: number, to: number): Expr {
    const { ir, m } = this;
    const loads: Expr[] = [];
    for (let e = from; e < to; e++) loads.push(this.load(ir.fanin[e]!));
    const kind = ir.gateKind[g];
    if (kind === GateKind.Not) return m.i32.xor(loads[0]!, this.c(1));
    return this.balanced(this.op(g), loads);
  }

  private op(g: number): (a: Expr, b: Expr) => Expr {
    const { m } = this;
    return this.ir.gateKind[g] === GateKind.And ? m.i32.and.bind(m.i32) : m.i32.or.bind(m.i32);
  }

  /**
   * Gate g over its fan-in edges [from, to): statements that accumulate all but the last plan.maxTreeLeaves of
   * them in the byte at `partial`, and the expression of the value. With `carried`, `partial` already holds the
   * value over the edges before `from`. The stores bound the loads one expression has live at once: V8's
   * optimising tier reserved a stack slot per load of a 138,643-input OR of chess_200 and overflowed the stack.
   */
  private gateParts(
    g: number,
    partial: number,
    carried = false,
    from = this.ir.faninStart[g]!,
    to = this.ir.faninStart[g + 1]!,
  ): { statements: Expr[]; value: Expr } {
    const statements: Expr[] = [];
    const withCarried = (value: Expr) => (carried ? this.op(g)(this.load(partial), value) : value);
    const most = this.plan.maxTreeLeaves;
    let s = from;
    for (; to - s > most; s += most) {
      statements.push(this.store(partial, withCarried(this.gateExpr(g, s, s + most))));
      carried = true;
    }
    return { statements, value: withCarried(this.gateExpr(g, s, to)) };
  }

  /** Statements that store gate g (outside a cyclic component) over fan-in edges [from, to). */
  private storeGate(g: number, carried?: boolean, from?: number, to?: number): Expr[] {
    const { statements, value } = this.gateParts(g, g, carried, from, to);
    return [...statements, this.store(g, value)];
  }

  private balanced(op: (a: Expr, b: Expr) => Expr, leaves: Expr[]): Expr {
    let level = leaves;
    while (level.length > 1) {
      const next: Expr[] = [];
      for (let i = 0; i + 1 < level.length; i += 2) next.push(op(level[i]!, level[i + 1]!));
      if (level.length % 2 === 1) next.push(level[level.length - 1]!);
      level = next;
    }
    return level[0]!;
  }

  /** Least-fixpoint iteration step of gate x of a cyclic component: locals 0 = changed flag, 1 = new value. */
  private cycleStep(x: number): Expr[] {
    const { m } = this;
    const { statements, value } = this.gateParts(x, this.plan.scratchOffset);
    return [
      ...statements,
      m.local.set(1, value),
      m.if(
        m.i32.ne(m.local.get(1, i32), this.load(x)),
        m.block(null, [this.store(x, m.local.get(1, i32)), m.local.set(0, this.c(1))]),
      ),
    ];
  }

  private chunkFunction(name: string, chunk: Chunk): void {
    const { ir, m } = this;
    if (chunk.cycle !== undefined) {
      // A slice of a component iterated by the phase: returns whether a value changed.
      const body: Expr[] = [m.local.set(0, this.c(0))];
      for (let x = chunk.start; x < chunk.end; x++) body.push(...this.cycleStep(x));
      body.push(m.local.get(0, i32));
      m.addFunction(name, none, i32, [i32, i32], m.block(null, body, i32));
      return;
    }
    if (chunk.edges !== undefined) {
      // One part of a wide AND/OR: later parts combine with the value the earlier ones stored.
      const g = chunk.start;
      const { from, to } = chunk.edges;
      m.addFunction(
        name,
        none,
        none,
        [],
        m.block(null, this.storeGate(g, from !== ir.faninStart[g], from, to)),
      );
      return;
    }
    m.addFunction(name, none, none, [i32, i32], this.gatesBody(chunk));
  }

  /** Straight-line code of whole gates and cyclic components (iterated in place): locals 0 and 1 as above. */
  private gatesBody(chunk: Chunk): Expr {
    const { ir, m } = this;
    const body: Expr[] = [];
    for (let g = chunk.start; g < chunk.end; g++) {
      const c = ir.cycleOf[g]!;
      if (c < 0) {
        body.push(...this.storeGate(g));
        continue;
      }
      if (g !== ir.cycleRange[2 * c]) continue;
      const s = ir.cycleRange[2 * c]!;
      const e = ir.cycleRange[2 * c + 1]!;
      for (let x = s; x < e; x++) body.push(this.store(x, this.c(0)));
      const iteration: Expr[] = [m.local.set(0, this.c(0))];
      for (let x = s; x < e; x++) iteration.push(...this.cycleStep(x));
      iteration.push(m.br(`cycle${c}`, m.local.get(0, i32)));
      body.push(m.loop(`cycle${c}`, m.block(null, iteration)));
    }
    return m.block(null, body);
  }

  /**
   * The phase function calls its chunks in order. The slices of a component too large for one function are
   * iterated here: its gates start at false, and the slices run until none changes a value (local 0 = changed,
   * local 1 = index). A phase that fits in one function is that function (no call per evaluation).
   */
  private phase(name: string, chunks: readonly Chunk[]): void {
    const { m, ir } = this;
    const only = chunks.length === 1 ? chunks[0]! : undefined;
    if (only !== undefined && only.cycle === undefined && only.edges === undefined) {
      m.addFunction(name, none, none, [i32, i32], this.gatesBody(only));
      m.addFunctionExport(name, name);
      return;
    }
    const chunkName = (i: number) => `${CHUNK_PREFIX}${name}:${i}`;
    for (const [i, chunk] of chunks.entries()) this.chunkFunction(chunkName(i), chunk);
    const body: Expr[] = [];
    for (let i = 0; i < chunks.length; ) {
      const c = chunks[i]!.cycle;
      if (c === undefined) {
        body.push(m.call(chunkName(i), [], none));
        i++;
        continue;
      }
      const s = ir.cycleRange[2 * c]!;
      const e = ir.cycleRange[2 * c + 1]!;
      const label = `${name}_cycle${c}`;
      body.push(
        m.local.set(1, this.c(s)),
        m.block(`${label}_zeroed`, [
          m.loop(
            `${label}_zero`,
            m.block(null, [
              m.br(`${label}_zeroed`, m.i32.ge_u(m.local.get(1, i32), this.c(e))),
              m.i32.store8(0, 1, m.local.get(1, i32), this.c(0)),
              m.local.set(1, m.i32.add(m.local.get(1, i32), this.c(1))),
              m.br(`${label}_zero`),
            ]),
          ),
        ]),
      );
      const iteration: Expr[] = [m.local.set(0, this.c(0))];
      for (; i < chunks.length && chunks[i]!.cycle === c; i++) {
        iteration.push(m.local.set(0, m.i32.or(m.local.get(0, i32), m.call(chunkName(i), [], i32))));
      }
      iteration.push(m.br(label, m.local.get(0, i32)));
      body.push(m.loop(label, m.block(null, iteration)));
    }
    m.addFunction(name, none, none, [i32, i32], m.block(null, body));
    m.addFunctionExport(name, name);
  }

  emit(): void {
    this.phase('evalState', this.plan.stateChunks);
    this.phase('evalMoves', this.plan.moveChunks);
    if (this.plan.inputDriven) this.propagateInput();
    emitRng(this.m);
    this.playouts();
    this.perft();
  }

  /**
   * propagateInput(input gate): after the baseline move phase (every input false), the change of one set
   * input through the move phase (input-driven.ts). Gates marked dirty are visited in ascending order, which
   * is topological, from the lowest marked until none is pending; `markFanout` marks the readers of a gate
   * whose value changed, as decided (2) when the new value is the one that decides the reader.
   */
  private propagateInput(): void {
    const { m, plan } = this;
    m.addGlobal('pending', i32, true, this.c(0));
    m.addGlobal('lowest', i32, true, this.c(0));
    const get = (l: number) => m.local.get(l, i32);
    const set = (l: number, x: Expr) => m.local.set(l, x);
    const u32 = (base: number, index: Expr) => m.i32.load(base, 4, m.i32.shl(index, this.c(2)));
    const dirty = (g: Expr) => m.i32.load8_u(plan.dirtyOffset, 1, g);
    const inc = (l: number) => set(l, m.i32.add(get(l), this.c(1)));
    const pending = () => m.global.get('pending', i32);

    // markFanout(x, v): locals 0 = x, 1 = v, 2 = edge, 3 = last, 4 = reader, 5 = mark, 6 = its kind.
    const [X, V, E, LAST, Y, MARK, K] = [0, 1, 2, 3, 4, 5, 6];
    const decides = m.i32.or(
      m.i32.and(m.i32.eq(get(K), this.c(GateKind.Or)), m.i32.eq(get(V), this.c(1))),
      m.i32.and(m.i32.eq(get(K), this.c(GateKind.And)), m.i32.eqz(get(V))),
    );
    m.addFunction(
      'markFanout',
      paramTypes([i32, i32]),
      none,
      [i32, i32, i32, i32, i32],
      m.block(null, [
        set(E, u32(plan.fanoutStartOffset, get(X))),
        set(LAST, u32(plan.fanoutStartOffset, m.i32.add(get(X), this.c(1)))),
        m.block('readers_done', [
          m.loop(
            'readers',
            m.block(null, [
              m.br('readers_done', m.i32.ge_u(get(E), get(LAST))),
              set(Y, u32(plan.fanoutOffset, get(E))),
              set(K, m.i32.load8_u(plan.kindOffset, 1, get(Y))),
              set(MARK, m.select(decides, this.c(2), this.c(1))),
              m.if(
                m.i32.eqz(dirty(get(Y))),
                m.block(null, [
                  m.global.set('pending', m.i32.add(pending(), this.c(1))),
                  m.if(m.i32.lt_u(get(Y), m.global.get('lowest', i32)), m.global.set('lowest', get(Y))),
                ]),
              ),
              m.if(
                m.i32.gt_u(get(MARK), dirty(get(Y))),
                m.i32.store8(plan.dirtyOffset, 1, get(Y), get(MARK)),
              ),
              inc(E),
              m.br('readers'),
            ]),
          ),
        ]),
      ]),
    );

    // propagateInput(input): locals 0 = input, 1 = gate, 2 = its mark, 3 = kind, 4 = edge, 5 = last, 6 = value.
    const [INPUT, G, F, KIND, EDGE, END, VALUE] = [0, 1, 2, 3, 4, 5, 6];
    const faninValue = () => m.i32.load8_u(0, 1, u32(plan.faninOffset, get(EDGE)));
    // AND: 1 until a fan-in is 0; OR: 0 until one is 1 (VALUE starts at the value that does not decide).
    const scan = (stopAt: number) =>
      m.block(`scan${stopAt}_done`, [
        set(VALUE, this.c(1 - stopAt)),
        m.loop(
          `scan${stopAt}`,
          m.block(null, [
            m.br(`scan${stopAt}_done`, m.i32.ge_u(get(EDGE), get(END))),
            m.if(
              m.i32.eq(faninValue(), this.c(stopAt)),
              m.block(null, [set(VALUE, this.c(stopAt)), m.br(`scan${stopAt}_done`)]),
            ),
            inc(EDGE),
            m.br(`scan${stopAt}`),
          ]),
        ),
      ]);
    const isOr = () => m.i32.eq(get(KIND), this.c(GateKind.Or));
    const body = [
      m.global.set('lowest', this.c(plan.gateCount)),
      m.call('markFanout', [get(INPUT), this.c(1)], none),
      set(G, m.global.get('lowest', i32)),
      m.block('gates_done', [
        m.loop(
          'gates',
          m.block(null, [
            m.br('gates_done', m.i32.eqz(pending())),
            set(F, dirty(get(G))),
            m.if(
              get(F),
              m.block(null, [
                m.i32.store8(plan.dirtyOffset, 1, get(G), this.c(0)),
                m.global.set('pending', m.i32.sub(pending(), this.c(1))),
                set(KIND, m.i32.load8_u(plan.kindOffset, 1, get(G))),
                set(EDGE, u32(plan.faninStartOffset, get(G))),
                set(END, u32(plan.faninStartOffset, m.i32.add(get(G), this.c(1)))),
                m.if(
                  m.i32.eq(get(KIND), this.c(GateKind.Not)),
                  set(VALUE, m.i32.xor(faninValue(), this.c(1))),
                  m.if(
                    m.i32.eq(get(F), this.c(2)),
                    set(VALUE, m.select(isOr(), this.c(1), this.c(0))),
                    m.if(isOr(), scan(1), scan(0)),
                  ),
                ),
                m.if(
                  m.i32.ne(get(VALUE), m.i32.load8_u(0, 1, get(G))),
                  m.block(null, [
                    m.i32.store8(0, 1, get(G), get(VALUE)),
                    m.call('markFanout', [get(G), get(VALUE)], none),
                  ]),
                ),
              ]),
            ),
            inc(G),
            m.br('gates'),
          ]),
        ),
      ]),
    ];
    m.addFunction(
      'propagateInput',
      paramTypes([i32]),
      none,
      [i32, i32, i32, i32, i32, i32],
      m.block(null, body),
    );
    m.addFunctionExport('propagateInput', 'propagateInput');
  }

  /**
   * perft(depth) → the node count of core's BaseReasoner.perft from the state at perftStackOffset, or -1 when
   * the memory cannot grow: every visited state counts once, depth in joint moves, terminal states are not
   * expanded. A node first writes all its children's states to the stack (so its gate values are needed only
   * once), then recurses into each; at depth 1 the children are counted without being evaluated.
   */
  private perft(): void {
    const { m, plan } = this;
    const R = plan.roleCount;
    const B = plan.baseCount;
    const STATE = 0;
    const DEPTH = 1;
    const SP = 2;
    const i = 3;
    const k = 4;
    const child = 5;
    const count = 6;
    const n = (r: number) => 7 + r;
    const idx = (r: number) => 7 + R + r;
    const get = (l: number) => m.local.get(l, i32);
    const set = (l: number, v: Expr) => m.local.set(l, v);
    const inc = (l: number) => set(l, m.i32.add(get(l), this.c(1)));
    const one = () => m.i64.const(1n);
    const legalSlot = (r: number, ix: Expr) =>
      m.i32.add(m.i32.shl(ix, this.c(2)), this.c(plan.perftLegalOffset + 4 * plan.legalStart[r]!));
    const chosenInput = (r: number) => m.i32.load(0, 4, legalSlot(r, get(idx(r))));

    const body: Expr[] = [
      set(i, this.c(0)),
      m.block('load_done', [
        m.loop(
          'load',
          m.block(null, [
            m.br('load_done', m.i32.ge_u(get(i), this.c(B))),
            m.i32.store8(plan.baseStart, 1, get(i), m.i32.load8_u(0, 1, m.i32.add(get(STATE), get(i)))),
            inc(i),
            m.br('load'),
          ]),
        ),
      ]),
      m.call('evalState', [], none),
      m.if(m.i32.or(m.i32.eqz(get(DEPTH)), this.load(plan.terminalGate)), m.return(one())),
    ];
    for (let r = 0; r < R; r++) {
      body.push(
        set(n(r), this.c(0)),
        ...this.legalScan(r, i, (input) => [m.i32.store(0, 4, legalSlot(r, get(n(r))), input), inc(n(r))]),
      );
    }
    let product: Expr = one();
    for (let r = 0; r < R; r++) product = m.i64.mul(product, m.i64.extend_u(get(n(r))));
    body.push(m.if(m.i32.eq(get(DEPTH), this.c(1)), m.return(m.i64.add(one(), product))));
    // A role without a legal move: no joint move, the node counts alone (as jointMoves yields none).
    for (let r = 0; r < R; r++)
      body.push(m.if(m.i32.eqz(get(n(r))), m.return(one())), set(idx(r), this.c(0)));

    const generate: Expr[] = [growForPerft(m, () => m.i32.add(get(child), this.c(B)))];
    for (let r = 0; r < R; r++) generate.push(m.i32.store8(0, 1, chosenInput(r), this.c(1)));
    generate.push(m.call('evalMoves', [], none));
    if (plan.inputDriven)
      for (let r = 0; r < R; r++) generate.push(m.call('propagateInput', [chosenInput(r)], none));
    for (let b = 0; b < B; b++) generate.push(m.i32.store8(b, 1, get(child), this.load(plan.baseNext[b]!)));
    for (let r = 0; r < R; r++) generate.push(m.i32.store8(0, 1, chosenInput(r), this.c(0)));
    generate.push(set(child, m.i32.add(get(child), this.c(B))), inc(k));
    // Odometer over the roles' legal lists, the last role fastest.
    for (let r = R - 1; r >= 0; r--) {
      generate.push(
        inc(idx(r)),
        m.br('generate', m.i32.lt_u(get(idx(r)), get(n(r)))),
        set(idx(r), this.c(0)),
      );
    }
    body.push(
      set(k, this.c(0)),
      set(child, get(SP)),
      m.loop('generate', m.block(null, generate)),
      set(count, one()),
      set(i, this.c(0)),
      m.block('recurse_done', [
        m.loop(
          'recurse',
          m.block(null, [
            m.br('recurse_done', m.i32.ge_u(get(i), get(k))),
            m.local.set(
              count + 1 + 2 * R,
              m.call(
                'perftNode',
                [
                  m.i32.add(get(SP), m.i32.mul(get(i), this.c(B))),
                  m.i32.sub(get(DEPTH), this.c(1)),
                  get(child),
                ],
                i64,
              ),
            ),
            m.if(
              m.i64.lt_s(m.local.get(count + 1 + 2 * R, i64), m.i64.const(0n)),
              m.return(m.local.get(count + 1 + 2 * R, i64)),
            ),
            m.local.set(count, m.i64.add(m.local.get(count, i64), m.local.get(count + 1 + 2 * R, i64))),
            inc(i),
            m.br('recurse'),
          ]),
        ),
      ]),
      m.return(m.local.get(count, i64)),
    );
    const locals = [i32, i32, i32, i64, ...new Array<number>(2 * R).fill(i32), i64];
    m.addFunction('perftNode', paramTypes([i32, i32, i32]), i64, locals, m.block(null, body));
    addPerftExport(m, plan.perftStackOffset, B);
  }

  /** playouts(count, seed, maxDepth) → 0, or 1 when a role has no legal move; statistics in the stats block. */
  private playouts(): void {
    const { m, plan } = this;
    const P = 0;
    const SEED = 1;
    const MAXD = 2;
    const p = 3;
    const depth = 4;
    const n = 5;
    const i = 6;
    const states = 7;
    const totalDepth = 8;
    const minDepth = 9;
    const maxDepth = 10;
    const truncated = 11;
    const chosen = 12;
    const R = plan.roleCount;
    const get = (l: number) => m.local.get(l, i32);
    const set = (l: number, v: Expr) => m.local.set(l, v);
    const inc = (l: number) => set(l, m.i32.add(get(l), this.c(1)));
    const stat = (slot: number) => plan.statsOffset + 4 * slot;
    // Binaryen expressions form a tree: the loop index is a fresh local.get at each use.
    const copyLoop = (label: string, count: number, body: (ix: () => Expr) => Expr): Expr =>
      m.block(null, [
        set(i, this.c(0)),
        m.block(`${label}_done`, [
          m.loop(
            label,
            m.block(null, [
              m.br(`${label}_done`, m.i32.ge_u(get(i), this.c(count))),
              body(() => get(i)),
              inc(i),
              m.br(label),
            ]),
          ),
        ]),
      ]);

    const step: Expr[] = [
      m.call('evalState', [], none),
      m.br('end', this.load(plan.terminalGate)),
      m.if(m.i32.ge_u(get(depth), get(MAXD)), m.block(null, [inc(truncated), m.br('end')])),
    ];
    for (let r = 0; r < R; r++) {
      step.push(
        set(n, this.c(0)),
        ...this.legalScan(r, i, (input) => [
          m.i32.store(plan.legalOffset, 4, m.i32.shl(get(n), this.c(2)), input),
          inc(n),
        ]),
      );
      step.push(
        m.if(m.i32.eqz(get(n)), m.return(this.c(1))),
        set(
          chosen + r,
          m.i32.load(plan.legalOffset, 4, m.i32.shl(m.call('rngInt', [get(n)], i32), this.c(2))),
        ),
        m.i32.store8(0, 1, get(chosen + r), this.c(1)),
      );
    }
    step.push(m.call('evalMoves', [], none));
    if (plan.inputDriven)
      for (let r = 0; r < R; r++) step.push(m.call('propagateInput', [get(chosen + r)], none));
    for (let b = 0; b < plan.baseCount; b++)
      step.push(this.store(plan.nextOffset + b, this.load(plan.baseNext[b]!)));
    step.push(
      copyLoop('commit', plan.baseCount, (ix) =>
        m.i32.store8(plan.baseStart, 1, ix(), m.i32.load8_u(plan.nextOffset, 1, ix())),
      ),
    );
    for (let r = 0; r < R; r++) step.push(m.i32.store8(0, 1, get(chosen + r), this.c(0)));
    step.push(inc(depth), inc(states), m.br('step'));

    const afterPlayout: Expr[] = [];
    for (let r = 0; r < R; r++) {
      let value: Expr = this.c(0);
      for (const g of [...plan.goals[r]!].reverse())
        value = m.select(this.load(g.gate), this.c(g.value), value);
      const address = stat(STAT_GOALS + r);
      afterPlayout.push(this.store32(address, m.i32.add(this.load32(address), value)));
    }
    afterPlayout.push(
      set(totalDepth, m.i32.add(get(totalDepth), get(depth))),
      m.if(m.i32.lt_u(get(depth), get(minDepth)), set(minDepth, get(depth))),
      m.if(m.i32.gt_u(get(depth), get(maxDepth)), set(maxDepth, get(depth))),
    );

    const body: Expr[] = [set(minDepth, this.c(-1)), m.call('rngSeed', [get(SEED)], none)];
    for (let r = 0; r < R; r++) body.push(this.store32(stat(STAT_GOALS + r), this.c(0)));
    body.push(
      m.block('done', [
        m.loop(
          'play',
          m.block(null, [
            m.br('done', m.i32.ge_u(get(p), get(P))),
            copyLoop('load', plan.baseCount, (ix) =>
              m.i32.store8(plan.baseStart, 1, ix(), m.i32.load8_u(plan.stateOffset, 1, ix())),
            ),
            copyLoop('clear', plan.inputCount, (ix) => m.i32.store8(plan.inputStart, 1, ix(), this.c(0))),
            set(depth, this.c(0)),
            inc(states),
            m.block('end', [m.loop('step', m.block(null, step))]),
            ...afterPlayout,
            inc(p),
            m.br('play'),
          ]),
        ),
      ]),
      this.store32(stat(STAT_STATES), get(states)),
      this.store32(stat(STAT_TOTAL_DEPTH), get(totalDepth)),
      this.store32(stat(STAT_MIN_DEPTH), get(minDepth)),
      this.store32(stat(STAT_MAX_DEPTH), get(maxDepth)),
      this.store32(stat(STAT_TRUNCATED), get(truncated)),
      m.return(this.c(0)),
    );
    const locals = new Array<number>(chosen - p + R).fill(i32);
    m.addFunction('playouts', paramTypes([i32, i32, i32]), i32, locals, m.block(null, body));
    m.addFunctionExport('playouts', 'playouts');
  }

  private load32(address: number): Expr {
    return this.m.i32.load(address, 4, this.c(0));
  }

  private store32(address: number, value: Expr): Expr {
    return this.m.i32.store(address, 4, this.c(0), value);
  }
}
