// Emission of the differential module (differential-lower.ts): no code per gate, but one propagation loop over
// the tagged fan-out tables in linear memory, so the module's size and build time do not grow with the net.
// A flip of a base or input is pushed on a stack as (gate << 1 | value); popping it adds ±1 to each reader's
// counter and pushes the readers whose sign changed (ggplib's and Sancho's forward propagation, issue 26).
// Counters add up in any order, so the stack may hold a gate more than once; legal bits and next-state bytes
// copy the gate's value at pop time, which the gate's last entry leaves final.
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
import {
  type DifferentialPlan,
  TAG_BITS,
  TAG_COUNT_ENABLED,
  TAG_COUNT_NEGATED,
  TAG_LEGAL,
  TAG_NEXT,
} from './differential-lower.js';
import { MAX_PAGES } from './emit.js';
import { addPerftExport, growForPerft } from './emit-perft.js';
import { emitRng } from './emit-rng.js';
import {
  STAT_GOALS,
  STAT_MAX_DEPTH,
  STAT_MIN_DEPTH,
  STAT_STATES,
  STAT_TOTAL_DEPTH,
  STAT_TRUNCATED,
} from './lower.js';

export function emitDifferentialModule(plan: DifferentialPlan): Uint8Array {
  const m = createModule();
  // Tables and initial values are written by the runtime after instantiation (differential-runtime.ts).
  m.setMemory(plan.pages, MAX_PAGES, 'memory', []);
  const emitter = new DifferentialEmitter(m, plan);
  emitRng(m);
  emitter.emit();
  return finishModule(m, true);
}

class DifferentialEmitter {
  constructor(
    private readonly m: WasmModule,
    private readonly plan: DifferentialPlan,
  ) {}

  private c(x: number): Expr {
    return this.m.i32.const(x);
  }

  emit(): void {
    this.drain();
    this.evalGoals();
    this.loadState();
    this.flip();
    this.playouts();
    this.perft();
  }

  /** `loop label { if exit break; body; continue }` with fresh expressions (binaryen trees are not shared). */
  private whileLoop(label: string, exit: Expr, body: Expr[]): Expr {
    const { m } = this;
    return m.block(`${label}_done`, [
      m.loop(label, m.block(null, [m.br(`${label}_done`, exit), ...body, m.br(label)])),
    ]);
  }

  /**
   * drain(sp): pops flips until the stack (from stackOffset) is empty. For each reader of the popped gate, by
   * its tag: add ±1 to a counter and push the reader if its value changed; set a legal bit or a next-state
   * byte; (dis)arm an enabled AND; or give each armed AND of an enabler the enabler's value.
   */
  private drain(): void {
    const { m, plan } = this;
    const [SP, E, G, D, I, END, X, Y, A, NV, T, OLD, DESC, CNT, S] = [
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
    ];
    const get = (l: number) => m.local.get(l, i32);
    const set = (l: number, x: Expr) => m.local.set(l, x);
    const add = (l: number, k: number) => set(l, m.i32.add(get(l), this.c(k)));
    const counterAt = () => m.i32.shl(get(Y), this.c(2));
    /** Statements that give reader Y the value in local NV, pushing the flip when it changes. */
    const settle = (value: () => Expr) =>
      m.if(
        m.i32.ne(value(), m.i32.load8_u(0, 1, get(Y))),
        m.block(null, [
          m.i32.store8(0, 1, get(Y), value()),
          m.i32.store(0, 4, get(SP), m.i32.or(m.i32.shl(get(Y), this.c(1)), value())),
          add(SP, 4),
        ]),
      );
    const count = [
      set(
        A,
        m.i32.add(
          m.i32.load(plan.counterOffset, 4, counterAt()),
          m.select(m.i32.eq(get(T), this.c(TAG_COUNT_NEGATED)), m.i32.sub(this.c(0), get(D)), get(D)),
        ),
      ),
      m.i32.store(plan.counterOffset, 4, counterAt(), get(A)),
      set(NV, m.i32.xor(m.i32.shr_u(get(A), this.c(31)), this.c(1))),
      settle(() => get(NV)),
    ];
    const wordAddress = () => m.i32.shl(m.i32.shr_u(get(Y), this.c(5)), this.c(2));
    const bit = () => m.i32.shl(this.c(1), get(Y));
    const legal = m.i32.store(
      plan.legalBitsOffset,
      4,
      wordAddress(),
      m.if(
        m.i32.load8_u(0, 1, get(G)),
        m.i32.or(m.i32.load(plan.legalBitsOffset, 4, wordAddress()), bit()),
        m.i32.and(m.i32.load(plan.legalBitsOffset, 4, wordAddress()), m.i32.xor(bit(), this.c(-1))),
      ),
    );
    const next = m.i32.store8(plan.nextOffset, 1, get(Y), m.i32.load8_u(0, 1, get(G)));
    // An enabled AND: its armed set is the 16-byte entry DESC (gate, count, first slot's address).
    const pos = () => m.i32.shl(get(Y), this.c(2));
    const slot = (k: Expr) => m.i32.add(m.i32.load(8, 4, get(DESC)), m.i32.shl(k, this.c(2)));
    const enabled = [
      set(OLD, m.i32.load(plan.counterOffset, 4, counterAt())),
      set(A, m.i32.add(get(OLD), get(D))),
      m.i32.store(plan.counterOffset, 4, counterAt(), get(A)),
      set(
        DESC,
        m.i32.add(
          this.c(plan.enablerTableOffset),
          m.i32.shl(m.i32.load(plan.enablerOfOffset, 4, pos()), this.c(4)),
        ),
      ),
      set(CNT, m.i32.load(4, 4, get(DESC))),
      m.if(
        m.i32.ne(m.i32.shr_u(get(OLD), this.c(31)), m.i32.shr_u(get(A), this.c(31))),
        m.if(
          m.i32.ge_s(get(A), this.c(0)),
          m.block(null, [
            m.i32.store(0, 4, slot(get(CNT)), get(Y)),
            m.i32.store(plan.armedPosOffset, 4, pos(), get(CNT)),
            m.i32.store(4, 4, get(DESC), m.i32.add(get(CNT), this.c(1))),
          ]),
          m.block(null, [
            // Disarm: the last armed AND takes Y's slot.
            add(CNT, -1),
            set(S, m.i32.load(0, 4, slot(get(CNT)))),
            set(OLD, m.i32.load(plan.armedPosOffset, 4, pos())),
            m.i32.store(0, 4, slot(get(OLD)), get(S)),
            m.i32.store(plan.armedPosOffset, 4, m.i32.shl(get(S), this.c(2)), get(OLD)),
            m.i32.store(4, 4, get(DESC), get(CNT)),
          ]),
        ),
      ),
      set(
        NV,
        m.i32.and(
          m.i32.xor(m.i32.shr_u(get(A), this.c(31)), this.c(1)),
          m.i32.load8_u(0, 1, m.i32.load(0, 4, get(DESC))),
        ),
      ),
      settle(() => get(NV)),
    ];
    // The popped gate is an enabler: each armed AND now has its value (local Y's index is the enabler's).
    const armed = [
      set(DESC, m.i32.add(this.c(plan.enablerTableOffset), m.i32.shl(get(Y), this.c(4)))),
      set(S, m.i32.load(8, 4, get(DESC))),
      set(CNT, m.i32.add(get(S), m.i32.shl(m.i32.load(4, 4, get(DESC)), this.c(2)))),
      set(NV, m.i32.load8_u(0, 1, get(G))),
      this.whileLoop('armed', m.i32.ge_u(get(S), get(CNT)), [
        set(Y, m.i32.load(0, 4, get(S))),
        settle(() => get(NV)),
        add(S, 4),
      ]),
    ];
    const readers = this.whileLoop('readers', m.i32.ge_u(get(I), get(END)), [
      set(X, m.i32.load(plan.fanoutOffset, 4, get(I))),
      set(Y, m.i32.shr_u(get(X), this.c(TAG_BITS))),
      set(T, m.i32.and(get(X), this.c((1 << TAG_BITS) - 1))),
      m.if(
        m.i32.lt_u(get(T), this.c(TAG_LEGAL)),
        m.block(null, count),
        m.if(
          m.i32.eq(get(T), this.c(TAG_COUNT_ENABLED)),
          m.block(null, enabled),
          m.if(
            m.i32.eq(get(T), this.c(TAG_LEGAL)),
            legal,
            m.if(m.i32.eq(get(T), this.c(TAG_NEXT)), next, m.block(null, armed)),
          ),
        ),
      ),
      add(I, 4),
    ]);
    const pop = this.whileLoop('pop', m.i32.le_u(get(SP), this.c(plan.stackOffset)), [
      add(SP, -4),
      set(E, m.i32.load(0, 4, get(SP))),
      set(G, m.i32.shr_u(get(E), this.c(1))),
      set(D, m.i32.sub(m.i32.shl(m.i32.and(get(E), this.c(1)), this.c(1)), this.c(1))),
      set(I, m.i32.shl(m.i32.load(plan.fanoutStartOffset, 4, m.i32.shl(get(G), this.c(2))), this.c(2))),
      set(END, m.i32.shl(m.i32.load(plan.fanoutStartOffset + 4, 4, m.i32.shl(get(G), this.c(2))), this.c(2))),
      readers,
    ]);
    m.addFunction('drain', paramTypes([i32]), none, new Array<number>(14).fill(i32), pop);
  }

  /** evalGoals(): computes the goal-only gates (differential-lower.ts, goalOnlyGates) from their fan-in. */
  private evalGoals(): void {
    const { m, plan } = this;
    const [E, F, FEND, HELD, NEED] = [0, 1, 2, 3, 4];
    const get = (l: number) => m.local.get(l, i32);
    const set = (l: number, x: Expr) => m.local.set(l, x);
    const end = plan.goalTableOffset + 12 * plan.goalEntries;
    const body = [
      set(E, this.c(plan.goalTableOffset)),
      set(F, this.c(0)),
      this.whileLoop('goal_gates', m.i32.ge_u(get(E), this.c(end)), [
        set(FEND, m.i32.shl(m.i32.load(4, 4, get(E)), this.c(2))),
        set(NEED, m.i32.load(8, 4, get(E))),
        set(HELD, this.c(0)),
        this.whileLoop('goal_fanin', m.i32.ge_u(get(F), get(FEND)), [
          set(HELD, m.i32.add(get(HELD), m.i32.load8_u(0, 1, m.i32.load(plan.goalFaninOffset, 4, get(F))))),
          set(F, m.i32.add(get(F), this.c(4))),
        ]),
        m.i32.store8(
          0,
          1,
          m.i32.load(0, 4, get(E)),
          m.select(m.i32.lt_s(get(NEED), this.c(0)), m.i32.eqz(get(HELD)), m.i32.ge_s(get(HELD), get(NEED))),
        ),
        set(E, m.i32.add(get(E), this.c(12))),
      ]),
    ];
    m.addFunction('evalGoals', none, none, [i32, i32, i32, i32, i32], m.block(null, body));
    m.addFunctionExport('evalGoals', 'evalGoals');
  }

  /** Statements that set gate `g` (a base or input) to `v` and push the flip when it changes: local SP. */
  private setSource(sp: number, g: () => Expr, v: () => Expr): Expr {
    const { m } = this;
    return m.if(
      m.i32.ne(m.i32.load8_u(0, 1, g()), v()),
      m.block(null, [
        m.i32.store8(0, 1, g(), v()),
        m.i32.store(0, 4, m.local.get(sp, i32), m.i32.or(m.i32.shl(g(), this.c(1)), v())),
        m.local.set(sp, m.i32.add(m.local.get(sp, i32), this.c(4))),
      ]),
    );
  }

  /**
   * loadState(src): makes the state at `src` (one byte per base) current, flipping only the bases that differ;
   * eight bases are compared at once where they can.
   */
  private loadState(): void {
    const { m, plan } = this;
    const [SRC, B, SP] = [0, 1, 2];
    const get = (l: number) => m.local.get(l, i32);
    const set = (l: number, x: Expr) => m.local.set(l, x);
    const B_COUNT = plan.baseCount;
    const sameWord = m.i32.and(
      m.i32.le_u(m.i32.add(get(B), this.c(8)), this.c(B_COUNT)),
      m.i64.eq(m.i64.load(0, 1, m.i32.add(get(SRC), get(B))), m.i64.load(2, 1, get(B))),
    );
    const body = [
      set(SP, this.c(plan.stackOffset)),
      set(B, this.c(0)),
      this.whileLoop('bases', m.i32.ge_u(get(B), this.c(B_COUNT)), [
        m.if(
          sameWord,
          set(B, m.i32.add(get(B), this.c(8))),
          m.block(null, [
            this.setSource(
              SP,
              () => m.i32.add(get(B), this.c(2)),
              () => m.i32.load8_u(0, 1, m.i32.add(get(SRC), get(B))),
            ),
            set(B, m.i32.add(get(B), this.c(1))),
          ]),
        ),
      ]),
      m.call('drain', [get(SP)], none),
    ];
    m.addFunction('loadState', paramTypes([i32]), none, [i32, i32], m.block(null, body));
    m.addFunctionExport('loadState', 'loadState');
  }

  /** flip(gate, value): sets one base or input and propagates (the runtime sets and clears inputs with it). */
  private flip(): void {
    const { m, plan } = this;
    const get = (l: number) => m.local.get(l, i32);
    m.addFunction(
      'flip',
      paramTypes([i32, i32]),
      none,
      [i32],
      m.block(null, [
        m.local.set(2, this.c(plan.stackOffset)),
        this.setSource(
          2,
          () => get(0),
          () => get(1),
        ),
        m.call('drain', [get(2)], none),
      ]),
    );
    m.addFunctionExport('flip', 'flip');
  }

  /** Sets (v = 1) or clears (0) the inputs whose gates are in locals `chosen` .. `chosen + R - 1`, then propagates. */
  private setMove(chosen: (r: number) => Expr, v: number, sp: number): Expr[] {
    const { m, plan } = this;
    const out: Expr[] = [m.local.set(sp, this.c(plan.stackOffset))];
    for (let r = 0; r < plan.roleCount; r++) {
      out.push(
        this.setSource(
          sp,
          () => chosen(r),
          () => this.c(v),
        ),
      );
    }
    out.push(m.call('drain', [m.local.get(sp, i32)], none));
    return out;
  }

  /** Copies the next state's bytes to `to` (i64 at a time; the next state is padded to 8 bytes). */
  private copyNext(to: () => Expr, cursor: number): Expr {
    const { m, plan } = this;
    const get = () => m.local.get(cursor, i32);
    return m.block(null, [
      m.local.set(cursor, this.c(0)),
      this.whileLoop('copy_next', m.i32.ge_u(get(), this.c(plan.baseCount)), [
        m.i64.store(0, 1, m.i32.add(to(), get()), m.i64.load(plan.nextOffset, 8, get())),
        m.local.set(cursor, m.i32.add(get(), this.c(8))),
      ]),
    ]);
  }

  /** playouts(count, seed, maxDepth) → 0, or 1 when a role has no legal move; statistics in the stats block. */
  private playouts(): void {
    const { m, plan } = this;
    const R = plan.roleCount;
    const [P, SEED, MAXD, p, depth, n, k, w, word, states, totalDepth, minDepth, maxDepth, truncated, sp] = [
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
    ];
    const chosen = (r: number) => m.local.get(15 + r, i32);
    const get = (l: number) => m.local.get(l, i32);
    const set = (l: number, x: Expr) => m.local.set(l, x);
    const inc = (l: number) => set(l, m.i32.add(get(l), this.c(1)));
    const stat = (slot: number) => plan.statsOffset + 4 * slot;
    const store32 = (address: number, x: Expr) => m.i32.store(address, 4, this.c(0), x);
    const load32 = (address: number) => m.i32.load(address, 4, this.c(0));

    const step: Expr[] = [
      m.br('end', m.i32.load8_u(plan.terminalGate, 1, this.c(0))),
      m.if(m.i32.ge_u(get(depth), get(MAXD)), m.block(null, [inc(truncated), m.br('end')])),
    ];
    for (let r = 0; r < R; r++) {
      step.push(
        ...this.chooseLegal(r, n, k, w, word),
        m.if(m.i32.eqz(get(n)), m.return(this.c(1))),
        set(15 + r, get(k)),
      );
    }
    step.push(
      ...this.setMove(chosen, 1, sp),
      this.copyNext(() => this.c(plan.stagingOffset), n),
      ...this.setMove(chosen, 0, sp),
      m.call('loadState', [this.c(plan.stagingOffset)], none),
      inc(depth),
      inc(states),
      m.br('step'),
    );

    const afterPlayout: Expr[] = [];
    for (let r = 0; r < R; r++) {
      let value: Expr = this.c(0);
      for (const g of [...plan.goals[r]!].reverse())
        value = m.select(m.i32.load8_u(g.gate, 1, this.c(0)), this.c(g.value), value);
      const address = stat(STAT_GOALS + r);
      afterPlayout.push(store32(address, m.i32.add(load32(address), value)));
    }
    afterPlayout.push(
      set(totalDepth, m.i32.add(get(totalDepth), get(depth))),
      m.if(m.i32.lt_u(get(depth), get(minDepth)), set(minDepth, get(depth))),
      m.if(m.i32.gt_u(get(depth), get(maxDepth)), set(maxDepth, get(depth))),
    );

    const body: Expr[] = [set(minDepth, this.c(-1)), m.call('rngSeed', [get(SEED)], none)];
    for (let r = 0; r < R; r++) body.push(store32(stat(STAT_GOALS + r), this.c(0)));
    body.push(
      this.whileLoop('play', m.i32.ge_u(get(p), get(P)), [
        m.call('loadState', [this.c(plan.stateOffset)], none),
        set(depth, this.c(0)),
        inc(states),
        m.block('end', [m.loop('step', m.block(null, step))]),
        m.call('evalGoals', [], none),
        ...afterPlayout,
        inc(p),
      ]),
      store32(stat(STAT_STATES), get(states)),
      store32(stat(STAT_TOTAL_DEPTH), get(totalDepth)),
      store32(stat(STAT_MIN_DEPTH), get(minDepth)),
      store32(stat(STAT_MAX_DEPTH), get(maxDepth)),
      store32(stat(STAT_TRUNCATED), get(truncated)),
      m.return(this.c(0)),
    );
    const locals = new Array<number>(15 - 3 + R).fill(i32);
    m.addFunction('playouts', paramTypes([i32, i32, i32]), i32, locals, m.block(null, body));
    m.addFunctionExport('playouts', 'playouts');
  }

  /**
   * Statements that draw role r's move as core's generic playouts do: n = the number of legal moves (a popcount
   * of the role's bit set), then the (rngInt(n))-th legal move in the IR's order; its input gate lands in
   * local k (unset when n = 0). Locals w and word are scratch.
   */
  private chooseLegal(r: number, n: number, k: number, w: number, word: number): Expr[] {
    const { m, plan } = this;
    const get = (l: number) => m.local.get(l, i32);
    const set = (l: number, x: Expr) => m.local.set(l, x);
    const first = plan.legalBitsOffset + 4 * plan.legalWordStart[r]!;
    const last = plan.legalBitsOffset + 4 * plan.legalWordStart[r + 1]!;
    return [
      set(n, this.c(0)),
      set(word, this.c(first)),
      this.whileLoop(`count${r}`, m.i32.ge_u(get(word), this.c(last)), [
        set(n, m.i32.add(get(n), m.i32.popcnt(m.i32.load(0, 4, get(word))))),
        set(word, m.i32.add(get(word), this.c(4))),
      ]),
      m.if(
        get(n),
        m.block(null, [
          set(k, m.call('rngInt', [get(n)], i32)),
          set(word, this.c(first)),
          // Skip whole words while the k-th set bit lies beyond them.
          this.whileLoop(
            `find${r}`,
            m.i32.lt_u(get(k), m.i32.popcnt(m.local.tee(w, m.i32.load(0, 4, get(word)), i32))),
            [set(k, m.i32.sub(get(k), m.i32.popcnt(get(w)))), set(word, m.i32.add(get(word), this.c(4)))],
          ),
          this.whileLoop(`drop${r}`, m.i32.eqz(get(k)), [
            set(w, m.i32.and(get(w), m.i32.sub(get(w), this.c(1)))),
            set(k, m.i32.sub(get(k), this.c(1))),
          ]),
          set(k, this.lowestLegalInput(word, w)),
        ]),
      ),
    ];
  }

  /** The input gate of the legal move whose bit is the lowest set bit of local `w`, read from address `word`. */
  private lowestLegalInput(word: number, w: number): Expr {
    const { m, plan } = this;
    const bit = m.i32.add(
      m.i32.shl(m.i32.sub(m.local.get(word, i32), this.c(plan.legalBitsOffset)), this.c(3)),
      m.i32.ctz(m.local.get(w, i32)),
    );
    return m.i32.load(plan.legalInputOffset, 4, m.i32.shl(bit, this.c(2)));
  }

  /**
   * perft(depth) → the node count of core's BaseReasoner.perft from the state at perftStackOffset, or -1 when
   * the memory cannot grow. A node writes all its children's states to the stack (their next states are
   * copies), then recurses into each; at depth 1 the children are counted without being evaluated.
   */
  private perft(): void {
    const { m, plan } = this;
    const R = plan.roleCount;
    const B = plan.baseCount;
    const [STATE, DEPTH, SP, i, k, child, w, word, sp] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    const count = 9; // i64
    const result = 10; // i64
    const n = (r: number) => 11 + r;
    const idx = (r: number) => 11 + R + r;
    const get = (l: number) => m.local.get(l, i32);
    const set = (l: number, v: Expr) => m.local.set(l, v);
    const inc = (l: number) => set(l, m.i32.add(get(l), this.c(1)));
    const one = () => m.i64.const(1n);
    const slot = (r: number, ix: Expr) =>
      m.i32.add(m.i32.shl(ix, this.c(2)), this.c(plan.perftLegalOffset + 128 * plan.legalWordStart[r]!));
    const chosenInput = (r: number) => m.i32.load(0, 4, slot(r, get(idx(r))));

    const body: Expr[] = [
      m.call('loadState', [get(STATE)], none),
      m.if(m.i32.or(m.i32.eqz(get(DEPTH)), m.i32.load8_u(plan.terminalGate, 1, this.c(0))), m.return(one())),
    ];
    for (let r = 0; r < R; r++) {
      // The role's legal input gates in IR order, from its bit set.
      const first = plan.legalBitsOffset + 4 * plan.legalWordStart[r]!;
      const last = plan.legalBitsOffset + 4 * plan.legalWordStart[r + 1]!;
      body.push(
        set(n(r), this.c(0)),
        set(word, this.c(first)),
        this.whileLoop(`list${r}`, m.i32.ge_u(get(word), this.c(last)), [
          set(w, m.i32.load(0, 4, get(word))),
          this.whileLoop(`bits${r}`, m.i32.eqz(get(w)), [
            m.i32.store(0, 4, slot(r, get(n(r))), this.lowestLegalInput(word, w)),
            inc(n(r)),
            set(w, m.i32.and(get(w), m.i32.sub(get(w), this.c(1)))),
          ]),
          set(word, m.i32.add(get(word), this.c(4))),
        ]),
      );
    }
    let product: Expr = one();
    for (let r = 0; r < R; r++) product = m.i64.mul(product, m.i64.extend_u(get(n(r))));
    body.push(m.if(m.i32.eq(get(DEPTH), this.c(1)), m.return(m.i64.add(one(), product))));
    // A role without a legal move: no joint move, the node counts alone (as jointMoves yields none).
    for (let r = 0; r < R; r++)
      body.push(m.if(m.i32.eqz(get(n(r))), m.return(one())), set(idx(r), this.c(0)));

    const chosen = (r: number) => chosenInput(r);
    const generate: Expr[] = [
      // Room for the child and the 8-byte copy's padding.
      growForPerft(m, () => m.i32.add(get(child), this.c(B + 8))),
      ...this.setMove(chosen, 1, sp),
      this.copyNext(() => get(child), i),
      ...this.setMove(chosen, 0, sp),
      set(child, m.i32.add(get(child), this.c(B))),
      inc(k),
    ];
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
      m.local.set(count, one()),
      set(i, this.c(0)),
      this.whileLoop('recurse', m.i32.ge_u(get(i), get(k)), [
        m.local.set(
          result,
          m.call(
            'perftNode',
            [m.i32.add(get(SP), m.i32.mul(get(i), this.c(B))), m.i32.sub(get(DEPTH), this.c(1)), get(child)],
            i64,
          ),
        ),
        m.if(m.i64.lt_s(m.local.get(result, i64), m.i64.const(0n)), m.return(m.local.get(result, i64))),
        m.local.set(count, m.i64.add(m.local.get(count, i64), m.local.get(result, i64))),
        inc(i),
      ]),
      m.return(m.local.get(count, i64)),
    );
    const locals = [i32, i32, i32, i32, i32, i32, i64, i64, ...new Array<number>(2 * R).fill(i32)];
    m.addFunction('perftNode', paramTypes([i32, i32, i32]), i64, locals, m.block(null, body));
    addPerftExport(m, plan.perftStackOffset, B);
  }
}
