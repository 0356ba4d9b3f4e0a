// Building the forward chainer for a game: ground (domains, relation ids, reference tables in source
// order), optimise (sample random states, re-plan each rule in the order the cost model prefers), and
// report the compile-time phases and footprint the paper's Table 1 lists.
import { type BackendOptions, BudgetExceededError, type Game, Rng } from '@gdlkit/core';
import { type CostModel, chooseOrder, type OrderingStrategy } from './ordering.js';
import { Program } from './program.js';
import { StateMachine } from './state-machine.js';

export interface ForwardOptions extends BackendOptions {
  /** Hypothesis ordering (section 7.3): 'best' (default), 'source' (as written) or 'worst'. */
  readonly ordering?: OrderingStrategy;
  /** Bytes for the knowledge base plus reference tables (default 512 MiB). */
  readonly memoryBytes?: number;
  /** Bytes one rule's reference tables may take before it runs without tables (default 32 MiB). */
  readonly tableBytesPerRule?: number;
  /** Random states visited to collect ordering statistics (default 100; the paper uses 100–1000). */
  readonly sampleStates?: number;
  /** Seed of the sampling playouts. */
  readonly seed?: number;
  /** Time after which sampling stops, whatever `sampleStates` asks (default 1000 ms; one state at least). */
  readonly sampleMs?: number;
  /** Shapes with more possible instances than this get sparse ids (default 2^22). */
  readonly denseShapeLimit?: number;
  /** Distinct instances one sparse shape may hold over the reasoner's life (default 2^20). */
  readonly sparseShapeCapacity?: number;
}

export interface CompileReport {
  /** Domains, relation ids and permanent facts (and the reference tables with ordering 'source'). */
  readonly groundMs: number;
  /** Sampling random states, choosing each rule's order and building its reference tables. */
  readonly optimiseMs: number;
  readonly referenceTableBytes: number;
  readonly knowledgeBaseBytes: number;
  /** Rules whose reference tables exceed the budget, run as table-free indexed joins (`file:line head`). */
  readonly fallbackRules: readonly string[];
  readonly ordering: OrderingStrategy;
  readonly sampledStates: number;
  /** Rules whose order differs from the source order. */
  readonly reorderedRules: number;
}

const DEFAULT_MEMORY = 512 * 1024 * 1024;

export function compileForward(
  game: Game,
  options: ForwardOptions = {},
): { machine: StateMachine; report: CompileReport } {
  const strategy = options.ordering ?? 'best';
  const memoryBytes = options.memoryBytes ?? DEFAULT_MEMORY;
  const started = performance.now();
  const checkBudget = () => {
    if (options.buildTimeMs !== undefined && performance.now() - started > options.buildTimeMs) {
      throw new BudgetExceededError(
        `building the forward chainer for ${game.file} took longer than ${options.buildTimeMs} ms`,
        { limit: `${options.buildTimeMs} ms` },
      );
    }
  };
  // Statistics are sampled with table-free rules, so tables are built once, in the chosen order.
  const program = new Program(game, {
    memoryBytes,
    tableBytesPerRule: options.tableBytesPerRule ?? 32 * 1024 * 1024,
    workPerRule: 8_000_000,
    deferTables: strategy !== 'source',
    checkBudget,
    denseShapeLimit: options.denseShapeLimit,
    sparseShapeCapacity: options.sparseShapeCapacity,
  });
  const machine = new StateMachine(program);
  const grounded = performance.now();
  let sampled = 0;
  let reordered = 0;
  if (strategy !== 'source') {
    const averageCount = sampleCounts(
      machine,
      options.sampleStates ?? 100,
      options.seed ?? 1,
      options.sampleMs ?? 1000,
      checkBudget,
    );
    sampled = averageCount.states;
    const model: CostModel = {
      store: game.store,
      layouts: program.layouts,
      averageCount: averageCount.average,
      permanent: program.permanent,
    };
    program.joinOrder = (rule, first) => chooseOrder(model, rule, strategy, 'indexed', first);
    for (const stage of [...program.phaseA, ...program.phaseB]) {
      stage.rules.forEach((current, i) => {
        const order = chooseOrder(model, current.rule, strategy);
        let staged = program.stageRule(current.rule, order, stage.relations, current);
        if (staged.fallback) {
          // Over the table budget: order it for the indexed join that will run it instead.
          const joinOrder = chooseOrder(model, current.rule, strategy, 'indexed');
          staged = program.stageRule(current.rule, joinOrder, stage.relations, staged, false);
        }
        if (!staged.order.every((x, k) => x === current.order[k])) reordered++;
        stage.rules[i] = staged;
        checkBudget();
      });
    }
  }
  program.releaseUnusedIndexes();
  machine.compile();
  const finished = performance.now();
  return {
    machine,
    report: {
      groundMs: grounded - started,
      optimiseMs: finished - grounded,
      referenceTableBytes: program.referenceTableBytes,
      knowledgeBaseBytes: program.kb.footprintBytes,
      fallbackRules: program.fallbackRules,
      ordering: strategy,
      sampledStates: sampled,
      reorderedRules: reordered,
    },
  };
}

/** Average list length per shape over random playout states, for at most `ms` (after the first state). */
function sampleCounts(
  machine: StateMachine,
  target: number,
  seed: number,
  ms: number,
  checkBudget: () => void,
): { average: Float64Array; states: number } {
  const kb = machine.kb;
  const sums = new Float64Array(kb.shapes.length);
  const rng = new Rng(seed);
  const roles = machine.game.roles.length;
  const legal = Array.from({ length: roles }, () => new Int32Array(machine.moves.size));
  const counts = new Int32Array(roles);
  const move = new Int32Array(roles);
  const deadline = performance.now() + ms;
  let states = 0;
  // The deadline is checked per state: one playout of a slow game (amazons) took 18 s.
  const more = () => states < target && (states === 0 || performance.now() < deadline);
  while (more()) {
    let fluents = machine.initial();
    for (let depth = 0; depth < 1000 && more(); depth++) {
      machine.load(fluents);
      machine.deriveAll();
      machine.legalByRole(legal, counts);
      const stuck = machine.isTerminal() || counts.some((c) => c === 0);
      if (!stuck) {
        for (let r = 0; r < roles; r++) move[r] = legal[r]![rng.nextInt(counts[r]!)]!;
        machine.play(move);
      }
      for (let s = 0; s < sums.length; s++) sums[s]! += kb.counts[s]!;
      states++;
      checkBudget();
      if (stuck) break;
      fluents = machine.successor();
    }
  }
  for (let s = 0; s < sums.length; s++) sums[s] = sums[s]! / Math.max(1, states);
  return { average: sums, states };
}
