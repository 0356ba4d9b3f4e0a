// Emission of the differential module (differential-lower.ts): no code per gate, but per net one propagation
// loop over its entry tables in linear memory, so the module's size and build time do not grow with the net.
// A flip of a base or input is pushed on a stack as (4 × slot | value); popping it moves each reader's counter
// and pushes the readers that crossed their threshold, last in first out (ggplib's and Sancho's forward
// propagation, issue 26). Counters add up in any order, so a gate may be on the stack more than once; its
// outputs (legal bits, next-state bytes, its value where it is read) follow each flip, so the last leaves them
// final.
import {
  createModule,
  type Expr,
  finishModule,
  i32,
  i64,
  none,
  paramTypes,
  simulationFeatures,
  type WasmModule,
} from './binaryen-facade.js';
import {
  type DifferentialPlan,
  END_OF_ENTRIES,
  INVERT,
  NEXT_OUT,
  type NetPlan,
  PAYLOAD,
  SPECIAL,
  VALUE_OUT,
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
  m.setFeatures(simulationFeatures());
  // Tables and initial values are written by the runtime after instantiation (differential-runtime.ts).
  m.setMemory(plan.pages, MAX_PAGES, 'memory', []);
  const emitter = new DifferentialEmitter(m, plan);
  emitRng(m);
  emitter.emit();
  // Not optimised: V8's optimising tier makes of this small loop what binaryen's level 2 did (states per
  // CPU-second within 4 % on connectfour, checkers and speedchess), while binaryen's optimiser cost 0.2–0.5 CPU-s
  // per module in a fresh process (docs/benchmarks.md, "Build time (WASM)").
  return finishModule(m, false);
}

class DifferentialEmitter {
  constructor(
    private readonly m: WasmModule,
    private readonly plan: DifferentialPlan,
  ) {}

  private c(x: number): Expr {
    return this.m.i32.const(x | 0);
  }

  private get(l: number): Expr {
    return this.m.local.get(l, i32);
  }

  private set(l: number, x: Expr): Expr {
    return this.m.local.set(l, x);
  }

  private add(l: number, k: number): Expr {
    return this.set(l, this.m.i32.add(this.get(l), this.c(k)));
  }

  emit(): void {
    const { m, plan } = this;
    // Whether a load propagates the bases that rise before those that fall (setOrder; calibrated per game).
    m.addGlobal('risesFirst', i32, true, this.c(1));
    m.addGlobal('net', i32, true, this.c(0));
    for (const [k, net] of plan.nets.entries()) {
      this.drain(k, net);
      this.loadNet(k, net);
      this.inputs(k, net);
      this.goals(k, net);
    }
    this.load();
    this.exports();
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

  /** `body(k)` for the net whose index is `net()`: a chain of ifs over the nets (at most a few). */
  private perNet(net: () => Expr, body: (k: number) => Expr): Expr {
    const { m } = this;
    const count = this.plan.nets.length;
    let out = body(count - 1);
    for (let k = count - 2; k >= 0; k--) out = m.if(m.i32.eq(net(), this.c(k)), body(k), out);
    return out;
  }

  private currentNet(): Expr {
    return this.m.global.get('net', i32);
  }

  /** Pushes (4 × slot | value) on the stack at local `sp`. */
  private push(sp: number, entry: Expr): Expr[] {
    return [this.m.i32.store(0, 4, this.get(sp), entry), this.add(sp, 4)];
  }

  /** Sets source gate `g` (a base or input) of net `net` to `v`, pushing the flip when it changes. */
  private setSource(net: NetPlan, sp: number, g: () => Expr, v: () => Expr): Expr {
    const { m } = this;
    return m.if(
      m.i32.ne(m.i32.load8_u(net.valuesOffset, 1, g()), v()),
      m.block(null, [
        m.i32.store8(net.valuesOffset, 1, g(), v()),
        ...this.push(sp, m.i32.or(m.i32.shl(g(), this.c(2)), v())),
      ]),
    );
  }

  /**
   * drain_k(sp): pops flips until the stack is empty. A popped gate's entries come in three runs (lowering):
   * plain readers, whose counters move in the flip's direction; NOT readers (INVERT), moved the other way; then
   * its outputs, then END_OF_ENTRIES, so each loop tests only the entry it reads. A rise crosses a reader's
   * threshold when it makes the counter 0, a fall when it leaves 0, so the loop reads and writes only the
   * counter (values are outputs of the gates whose value is read).
   */
  private drain(k: number, net: NetPlan): void {
    const { m } = this;
    const [SP, E, I, X, A] = [0, 1, 2, 3, 4];
    const get = (l: number) => this.get(l);
    const set = (l: number, x: Expr) => this.set(l, x);
    // y() is a reader's counter offset (4 × its slot).
    const move = (rise: boolean, y: () => Expr): Expr[] => {
      const counter = () => m.i32.load(net.countersOffset, 4, y());
      return [
        set(A, rise ? m.i32.add(counter(), this.c(1)) : counter()),
        m.i32.store(net.countersOffset, 4, y(), rise ? get(A) : m.i32.sub(get(A), this.c(1))),
        m.if(m.i32.eqz(get(A)), m.block(null, this.push(SP, rise ? m.i32.or(y(), this.c(1)) : y()))),
      ];
    };
    const entry = () => m.i32.load(net.entriesOffset, 4, get(I));
    const runEnds = (bound: number) => m.i32.ge_u(m.local.tee(X, entry(), i32), this.c(bound));
    const payload = () => m.i32.and(get(X), this.c(PAYLOAD));
    const wordAddress = () => m.i32.shl(m.i32.shr_u(payload(), this.c(5)), this.c(2));
    const toggleByte = (offset: number) =>
      m.i32.store8(offset, 1, payload(), m.i32.xor(m.i32.load8_u(offset, 1, payload()), this.c(1)));
    // An output toggles its bit or byte at each crossing of its gate (through a folded NOT too): the stack's
    // order is not the crossings' order, so storing the flip's direction could leave a stale value (a gate that
    // rose and fell before either was popped).
    const output = () =>
      m.if(
        m.i32.and(get(X), this.c(NEXT_OUT)),
        toggleByte(net.nextOffset),
        m.if(
          m.i32.and(get(X), this.c(VALUE_OUT)),
          toggleByte(net.valuesOffset),
          m.i32.store(
            net.legalOffset,
            4,
            wordAddress(),
            m.i32.xor(m.i32.load(net.legalOffset, 4, wordAddress()), m.i32.shl(this.c(1), get(X))),
          ),
        ),
      );
    const runs = (rise: boolean) =>
      m.block(null, [
        this.whileLoop(`plain${rise ? 'R' : 'F'}`, runEnds(INVERT), [
          ...move(rise, () => get(X)),
          this.add(I, 4),
        ]),
        this.whileLoop(`inverted${rise ? 'R' : 'F'}`, runEnds(SPECIAL), [
          set(X, payload()),
          ...move(!rise, () => get(X)),
          this.add(I, 4),
        ]),
        this.whileLoop(
          `outputs${rise ? 'R' : 'F'}`,
          m.i32.eq(m.local.tee(X, entry(), i32), this.c(END_OF_ENTRIES)),
          [output(), this.add(I, 4)],
        ),
      ]);
    const pop = this.whileLoop('pop', m.i32.le_u(get(SP), this.c(this.plan.stackOffset)), [
      this.add(SP, -4),
      set(E, m.i32.load(0, 4, get(SP))),
      set(I, m.i32.load(net.startsOffset, 4, m.i32.and(get(E), this.c(-4)))),
      m.if(m.i32.and(get(E), this.c(1)), runs(true), runs(false)),
    ]);
    m.addFunction(`drain${k}`, paramTypes([i32]), none, new Array<number>(4).fill(i32), pop);
  }

  /**
   * load_k(src): makes the state at `src` (one byte per base) current on net k, flipping only the bases that
   * differ (eight compared at once, the changes among them found by their bits: no branch per byte), and clears
   * the last step's inputs unless the net keeps them. The stack is last in, first out: the changes whose value is
   * risesFirst are gathered apart in one scan and pushed last, so they propagate first.
   */
  private loadNet(k: number, net: NetPlan): void {
    const { m, plan } = this;
    const [SRC, B, SP, LATER, V, G, D] = [0, 1, 2, 3, 4, 5, 6];
    const get = (l: number) => this.get(l);
    const set = (l: number, x: Expr) => this.set(l, x);
    const entry = () => m.i32.or(m.i32.shl(get(G), this.c(2)), get(V));
    // D: the eight bytes of the state and of the net's bases from base B xored, so a set bit marks a change.
    const diff = (mask?: bigint) => {
      const x = m.i64.xor(
        m.i64.load(0, 1, m.i32.add(get(SRC), get(B))),
        m.i64.load(net.valuesOffset + 2, 1, get(B)),
      );
      return m.local.set(D, mask === undefined ? x : m.i64.and(x, m.i64.const(mask)));
    };
    const d = () => m.local.get(D, i64);
    // Each change of the eight, lowest first (the bytes are 0 or 1, so a change is one bit).
    const changes = (label: string) =>
      this.whileLoop(label, m.i64.eqz(d()), [
        set(G, m.i32.add(get(B), m.i32.shr_u(m.i32.wrap(m.i64.ctz(d())), this.c(3)))),
        set(V, m.i32.load8_u(0, 1, m.i32.add(get(SRC), get(G)))),
        set(G, m.i32.add(get(G), this.c(2))),
        m.i32.store8(net.valuesOffset, 1, get(G), get(V)),
        m.if(
          m.i32.eq(get(V), m.global.get('risesFirst', i32)),
          m.block(null, [m.i32.store(0, 4, get(LATER), entry()), this.add(LATER, 4)]),
          m.block(null, this.push(SP, entry())),
        ),
        m.local.set(D, m.i64.and(d(), m.i64.sub(d(), m.i64.const(1n)))),
      ]);
    const body: Expr[] = [set(SP, this.c(plan.stackOffset)), set(LATER, this.c(plan.laterOffset))];
    if (!plan.keepInputs) {
      for (let r = 0; r < plan.roleCount; r++) {
        const kept = () => m.i32.load(net.keptOffset + 4 * r, 4, this.c(0));
        body.push(
          m.if(
            kept(),
            m.block(null, [
              this.setSource(net, SP, kept, () => this.c(0)),
              m.i32.store(net.keptOffset + 4 * r, 4, this.c(0), this.c(0)),
            ]),
          ),
        );
      }
    }
    const whole = plan.baseCount & ~7;
    body.push(
      set(B, this.c(0)),
      this.whileLoop('bases', m.i32.ge_u(get(B), this.c(whole)), [
        diff(),
        changes('changes'),
        this.add(B, 8),
      ]),
    );
    // The last bases short of eight: the bytes past them are not bases.
    if (whole < plan.baseCount)
      body.push(diff((1n << BigInt(8 * (plan.baseCount - whole))) - 1n), changes('lastChanges'));
    body.push(
      set(LATER, m.i32.sub(get(LATER), this.c(plan.laterOffset))),
      m.memory.copy(get(SP), this.c(plan.laterOffset), get(LATER)),
      m.call(`drain${k}`, [m.i32.add(get(SP), get(LATER))], none),
    );
    m.addFunction(`load${k}`, paramTypes([i32]), none, [i32, i32, i32, i32, i32, i64], m.block(null, body));
  }

  /**
   * inputs_k(chosen): sets the joint move whose input gates are the i32s at `chosen` on net k and propagates.
   * A role's input stays set after its step (when the net keeps inputs), so only a role whose move differs
   * changes: the waiting side's noop is never toggled. The old input's fall is pushed first, so the new one's
   * rise propagates first (as ggplib orders them): a gate true for any move of the role stays up.
   */
  private inputs(k: number, net: NetPlan): void {
    const { m, plan } = this;
    const [CHOSEN, SP, NEW, OLD] = [0, 1, 2, 3];
    const get = (l: number) => this.get(l);
    const body: Expr[] = [this.set(SP, this.c(plan.stackOffset))];
    for (let r = 0; r < plan.roleCount; r++) {
      body.push(
        this.set(NEW, m.i32.load(4 * r, 4, get(CHOSEN))),
        this.set(OLD, m.i32.load(net.keptOffset + 4 * r, 4, this.c(0))),
        m.if(
          m.i32.ne(get(NEW), get(OLD)),
          m.block(null, [
            m.if(
              get(OLD),
              this.setSource(
                net,
                SP,
                () => get(OLD),
                () => this.c(0),
              ),
            ),
            this.setSource(
              net,
              SP,
              () => get(NEW),
              () => this.c(1),
            ),
            m.i32.store(net.keptOffset + 4 * r, 4, this.c(0), get(NEW)),
          ]),
        ),
      );
    }
    body.push(m.call(`drain${k}`, [get(SP)], none));
    m.addFunction(`inputs${k}`, paramTypes([i32]), none, [i32, i32, i32], m.block(null, body));
  }

  /** goals_k(): computes net k's goal-only gates (lowering) from their fan-in. */
  private goals(k: number, net: NetPlan): void {
    const { m } = this;
    const [E, F, FEND, HELD, NEED] = [0, 1, 2, 3, 4];
    const get = (l: number) => this.get(l);
    const set = (l: number, x: Expr) => this.set(l, x);
    const end = net.goalTableOffset + 12 * net.goalEntries;
    const body = [
      set(E, this.c(net.goalTableOffset)),
      set(F, this.c(0)),
      this.whileLoop('goal_gates', m.i32.ge_u(get(E), this.c(end)), [
        set(FEND, m.i32.shl(m.i32.load(4, 4, get(E)), this.c(2))),
        set(NEED, m.i32.load(8, 4, get(E))),
        set(HELD, this.c(0)),
        this.whileLoop('goal_fanin', m.i32.ge_u(get(F), get(FEND)), [
          set(
            HELD,
            m.i32.add(
              get(HELD),
              m.i32.load8_u(net.valuesOffset, 1, m.i32.load(net.goalFaninOffset, 4, get(F))),
            ),
          ),
          this.add(F, 4),
        ]),
        m.i32.store8(
          net.valuesOffset,
          1,
          m.i32.load(0, 4, get(E)),
          m.select(m.i32.lt_s(get(NEED), this.c(0)), m.i32.eqz(get(HELD)), m.i32.ge_s(get(HELD), get(NEED))),
        ),
        this.add(E, 12),
      ]),
    ];
    m.addFunction(`goals${k}`, none, none, [i32, i32, i32, i32, i32], m.block(null, body));
  }

  /** load(src) → the net of the state at `src` (its split bases' combination), made current there. */
  private load(): void {
    const { m, plan } = this;
    const [SRC, KEY] = [0, 1];
    let key: Expr = this.c(0);
    for (const [i, b] of plan.split.entries()) {
      key = m.i32.or(key, m.i32.shl(m.i32.load8_u(b, 1, this.get(SRC)), this.c(i)));
    }
    const body = [
      this.set(KEY, m.i32.load(plan.keyTableOffset, 4, m.i32.shl(key, this.c(2)))),
      m.global.set('net', this.get(KEY)),
      this.perNet(
        () => this.get(KEY),
        (k) => m.call(`load${k}`, [this.get(SRC)], none),
      ),
      this.get(KEY),
    ];
    m.addFunction('load', paramTypes([i32]), i32, [i32], m.block(null, body, i32));
  }

  /** Net k's legal bit sets and terminal value where readers outside the module find them (plan). */
  private mirror(k: number): Expr {
    const { m, plan } = this;
    const net = plan.nets[k]!;
    const words = plan.legalWordStart[plan.roleCount]!;
    return m.block(null, [
      m.memory.copy(this.c(plan.legalBitsOffset), this.c(net.legalOffset), this.c(4 * words)),
      m.i32.store8(
        plan.terminalGate,
        1,
        this.c(0),
        m.i32.load8_u(net.valuesOffset + plan.terminalGate, 1, this.c(0)),
      ),
    ]);
  }

  /**
   * The entry points the runtime and the simulation adapter call: loadState(src), setInputs(chosen) on the loaded
   * state, step(chosen) (the joint move, then its next state loaded), evalGoals(), currentNet(), setOrder(v).
   */
  private exports(): void {
    const { m, plan } = this;
    const net = () => this.currentNet();
    const add = (name: string, params: number[], result: number, locals: number[], body: Expr) => {
      m.addFunction(name, paramTypes(params), result, locals, body);
      m.addFunctionExport(name, name);
    };
    add(
      'loadState',
      [i32],
      none,
      [],
      m.block(null, [m.drop(m.call('load', [this.get(0)], i32)), this.perNet(net, (k) => this.mirror(k))]),
    );
    add(
      'setInputs',
      [i32],
      none,
      [],
      this.perNet(net, (k) => m.call(`inputs${k}`, [this.get(0)], none)),
    );
    add(
      'step',
      [i32],
      none,
      [],
      m.block(null, [
        this.perNet(net, (k) =>
          m.block(null, [
            m.call(`inputs${k}`, [this.get(0)], none),
            m.memory.copy(
              this.c(plan.stagingOffset),
              this.c(plan.nets[k]!.nextOffset),
              this.c(plan.baseCount),
            ),
          ]),
        ),
        m.drop(m.call('load', [this.c(plan.stagingOffset)], i32)),
        this.perNet(net, (k) => this.mirror(k)),
      ]),
    );
    const goalGates = [...new Set(plan.goals.flatMap((list) => list.map((g) => g.gate)))];
    add(
      'evalGoals',
      [],
      none,
      [],
      this.perNet(net, (k) =>
        m.block(null, [
          m.call(`goals${k}`, [], none),
          ...goalGates.map((g) =>
            m.i32.store8(g, 1, this.c(0), m.i32.load8_u(plan.nets[k]!.valuesOffset + g, 1, this.c(0))),
          ),
        ]),
      ),
    );
    add('currentNet', [], i32, [], net());
    add('setOrder', [i32], none, [], m.global.set('risesFirst', this.get(0)));
  }

  /** playouts(count, seed, maxDepth) → 0, or 1 when a role has no legal move; statistics in the stats block. */
  private playouts(): void {
    const { m, plan } = this;
    const R = plan.roleCount;
    const [P, SEED, MAXD, p, depth, n, k, w, word, states, totalDepth, minDepth, maxDepth, truncated, net] = [
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
    ];
    const get = (l: number) => this.get(l);
    const set = (l: number, x: Expr) => this.set(l, x);
    const inc = (l: number) => this.add(l, 1);
    const stat = (slot: number) => plan.statsOffset + 4 * slot;
    const store32 = (address: number, x: Expr) => m.i32.store(address, 4, this.c(0), x);
    const load32 = (address: number) => m.i32.load(address, 4, this.c(0));

    const stepOn = (q: number) => {
      const netPlan = plan.nets[q]!;
      const step: Expr[] = [
        m.br('end', m.i32.load8_u(netPlan.valuesOffset + plan.terminalGate, 1, this.c(0))),
        m.if(m.i32.ge_u(get(depth), get(MAXD)), m.block(null, [inc(truncated), m.br('end')])),
      ];
      for (let r = 0; r < R; r++) {
        const only = netPlan.onlyMove[r]!;
        // A role the fold left one move (the waiting side's noop) plays it; the draw is still made, so the
        // draws stay those of core's generic playouts.
        step.push(
          ...(only !== 0
            ? [m.drop(m.call('rngInt', [this.c(1)], i32)), store32(plan.chosenOffset + 4 * r, this.c(only))]
            : [
                ...this.chooseLegal(netPlan, r, n, k, w, word, `${q}_${r}`),
                m.if(m.i32.eqz(get(n)), m.return(this.c(1))),
                store32(plan.chosenOffset + 4 * r, get(k)),
              ]),
        );
      }
      step.push(
        m.call(`inputs${q}`, [this.c(plan.chosenOffset)], none),
        m.memory.copy(this.c(plan.stagingOffset), this.c(netPlan.nextOffset), this.c(plan.baseCount)),
      );
      return m.block(null, step);
    };

    const afterPlayout: Expr[] = [
      this.perNet(
        () => get(net),
        (q) => m.call(`goals${q}`, [], none),
      ),
    ];
    for (let r = 0; r < R; r++) {
      const address = stat(STAT_GOALS + r);
      afterPlayout.push(
        this.perNet(
          () => get(net),
          (q) => {
            let value: Expr = this.c(0);
            for (const g of [...plan.goals[r]!].reverse())
              value = m.select(
                m.i32.load8_u(plan.nets[q]!.valuesOffset + g.gate, 1, this.c(0)),
                this.c(g.value),
                value,
              );
            return store32(address, m.i32.add(load32(address), value));
          },
        ),
      );
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
        set(net, m.call('load', [this.c(plan.stateOffset)], i32)),
        set(depth, this.c(0)),
        inc(states),
        m.block('end', [
          m.loop(
            'step',
            m.block(null, [
              this.perNet(() => get(net), stepOn),
              set(net, m.call('load', [this.c(plan.stagingOffset)], i32)),
              inc(depth),
              inc(states),
              m.br('step'),
            ]),
          ),
        ]),
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
    const locals = new Array<number>(15 - 3).fill(i32);
    m.addFunction('playouts', paramTypes([i32, i32, i32]), i32, locals, m.block(null, body));
    m.addFunctionExport('playouts', 'playouts');
  }

  /**
   * Statements that draw role r's move on `net` as core's generic playouts do: n = the number of legal moves (a
   * popcount of the role's bit set), then the (rngInt(n))-th legal move in the IR's order; its input gate lands
   * in local k (unset when n = 0). Locals w and word are scratch.
   */
  private chooseLegal(
    net: NetPlan,
    r: number,
    n: number,
    k: number,
    w: number,
    word: number,
    tag: string,
  ): Expr[] {
    const { m, plan } = this;
    const get = (l: number) => this.get(l);
    const set = (l: number, x: Expr) => this.set(l, x);
    const first = net.legalOffset + 4 * plan.legalWordStart[r]!;
    const last = net.legalOffset + 4 * plan.legalWordStart[r + 1]!;
    return [
      set(n, this.c(0)),
      set(word, this.c(first)),
      this.whileLoop(`count${tag}`, m.i32.ge_u(get(word), this.c(last)), [
        set(n, m.i32.add(get(n), m.i32.popcnt(m.i32.load(0, 4, get(word))))),
        this.add(word, 4),
      ]),
      m.if(
        get(n),
        m.block(null, [
          set(k, m.call('rngInt', [get(n)], i32)),
          set(word, this.c(first)),
          // Skip whole words while the k-th set bit lies beyond them.
          this.whileLoop(
            `find${tag}`,
            m.i32.lt_u(get(k), m.i32.popcnt(m.local.tee(w, m.i32.load(0, 4, get(word)), i32))),
            [set(k, m.i32.sub(get(k), m.i32.popcnt(get(w)))), this.add(word, 4)],
          ),
          this.whileLoop(`drop${tag}`, m.i32.eqz(get(k)), [
            set(w, m.i32.and(get(w), m.i32.sub(get(w), this.c(1)))),
            set(k, m.i32.sub(get(k), this.c(1))),
          ]),
          set(k, this.lowestLegalInput(net, word, w)),
        ]),
      ),
    ];
  }

  /** The input gate of the legal move whose bit is the lowest set bit of local `w`, read from address `word`. */
  private lowestLegalInput(net: NetPlan, word: number, w: number): Expr {
    const { m, plan } = this;
    const bit = m.i32.add(
      m.i32.shl(m.i32.sub(this.get(word), this.c(net.legalOffset)), this.c(3)),
      m.i32.ctz(this.get(w)),
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
    const [STATE, DEPTH, SP, i, k, child, w, word, net] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    const count = 9; // i64
    const result = 10; // i64
    const n = (r: number) => 11 + r;
    const idx = (r: number) => 11 + R + r;
    const get = (l: number) => this.get(l);
    const set = (l: number, v: Expr) => this.set(l, v);
    const inc = (l: number) => this.add(l, 1);
    const one = () => m.i64.const(1n);
    const slot = (r: number, ix: Expr) =>
      m.i32.add(m.i32.shl(ix, this.c(2)), this.c(plan.perftLegalOffset + 128 * plan.legalWordStart[r]!));

    const body: Expr[] = [
      set(net, m.call('load', [get(STATE)], i32)),
      m.if(m.i32.eqz(get(DEPTH)), m.return(one())),
      this.perNet(
        () => get(net),
        (q) =>
          m.if(m.i32.load8_u(plan.nets[q]!.valuesOffset + plan.terminalGate, 1, this.c(0)), m.return(one())),
      ),
    ];
    for (let r = 0; r < R; r++) {
      // The role's legal input gates in IR order, from its bit set on the state's net.
      const list = (q: number) => {
        const netPlan = plan.nets[q]!;
        const first = netPlan.legalOffset + 4 * plan.legalWordStart[r]!;
        const last = netPlan.legalOffset + 4 * plan.legalWordStart[r + 1]!;
        return m.block(null, [
          set(word, this.c(first)),
          this.whileLoop(`list${q}_${r}`, m.i32.ge_u(get(word), this.c(last)), [
            set(w, m.i32.load(0, 4, get(word))),
            this.whileLoop(`bits${q}_${r}`, m.i32.eqz(get(w)), [
              m.i32.store(0, 4, slot(r, get(n(r))), this.lowestLegalInput(netPlan, word, w)),
              inc(n(r)),
              set(w, m.i32.and(get(w), m.i32.sub(get(w), this.c(1)))),
            ]),
            this.add(word, 4),
          ]),
        ]);
      };
      body.push(
        set(n(r), this.c(0)),
        this.perNet(() => get(net), list),
      );
    }
    let product: Expr = one();
    for (let r = 0; r < R; r++) product = m.i64.mul(product, m.i64.extend_u(get(n(r))));
    body.push(m.if(m.i32.eq(get(DEPTH), this.c(1)), m.return(m.i64.add(one(), product))));
    // A role without a legal move: no joint move, the node counts alone (as jointMoves yields none).
    for (let r = 0; r < R; r++)
      body.push(m.if(m.i32.eqz(get(n(r))), m.return(one())), set(idx(r), this.c(0)));

    const generate: Expr[] = [
      // Room for the child and the copy's padding.
      growForPerft(m, () => m.i32.add(get(child), this.c(B + 8))),
    ];
    for (let r = 0; r < R; r++)
      generate.push(
        m.i32.store(plan.chosenOffset + 4 * r, 4, this.c(0), m.i32.load(0, 4, slot(r, get(idx(r))))),
      );
    generate.push(
      this.perNet(
        () => get(net),
        (q) =>
          m.block(null, [
            m.call(`inputs${q}`, [this.c(plan.chosenOffset)], none),
            m.memory.copy(get(child), this.c(plan.nets[q]!.nextOffset), this.c(B)),
          ]),
      ),
      set(child, m.i32.add(get(child), this.c(B))),
      inc(k),
    );
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
