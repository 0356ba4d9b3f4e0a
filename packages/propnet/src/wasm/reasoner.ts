// The `propnet-wasm` reasoner: the same contract as the TypeScript propnet, evaluated by the generated module.
import {
  BudgetExceededError,
  type Capabilities,
  checkSimulationBatch,
  DEFAULT_MAX_DEPTH,
  type Game,
  GdlkitError,
  genericSimulate,
  type PlayoutOptions,
  type PlayoutStats,
  type PolicySpec,
  type PolicyTable,
  type SimulationBatch,
  type SimulationResults,
  type TermId,
} from '@gdlkit/core';
import type { PropnetIR } from '../ir.js';
import { PROPNET_CAPABILITIES, PropnetReasoner } from '../reasoner.js';
import { buildWasmModule, type ModuleOrigin } from './build-module.js';
import { chooseWasmCore } from './choose-propagation.js';
import { MAX_PAGES } from './emit.js';
import type { CacheSetting } from './module-cache.js';
import { MAX_MODULE_DEPTH, WasmPolicyTable } from './policy-table.js';
import { createSimulationAdapter, type SimulationAdapter } from './simulation-adapter.js';
import type { Propagation, WasmCore } from './wasm-core.js';

/** Playouts, perft and policy simulations all run inside WebAssembly. */
export const PROPNET_WASM_CAPABILITIES: Capabilities = {
  ...PROPNET_CAPABILITIES,
  batchPerft: true,
  policySimulations: true,
};

export class PropnetWasmReasoner extends PropnetReasoner {
  override readonly backend: string = 'propnet-wasm';
  override readonly capabilities = PROPNET_WASM_CAPABILITIES;
  private readonly wasm: WasmCore;
  /** The game side of the policy simulations, made with the first policy table. */
  private adapter: SimulationAdapter | undefined;

  /** Builds the module with its timed trial (binaryen loaded: `await loadBinaryen()`); no cache. */
  constructor(
    game: Game,
    ir: PropnetIR,
    wasm: WasmCore = chooseWasmCore(ir),
    /** How the module was made (`create` reports a cache hit). */
    readonly origin: ModuleOrigin = { irCached: false, cached: false, rates: {} },
    /** The simulation adapter's bytes made with the module (a cache hit has no binaryen to emit them). */
    private readonly adapterBinary?: Uint8Array,
  ) {
    super(game, ir, wasm);
    this.wasm = wasm;
  }

  /**
   * The reasoner for `ir` with its module from the per-game module cache when Node has a usable entry (binaryen
   * not loaded), else built, timed and stored: module-cache.ts. `cache`: false for none, or the cache root;
   * `irCached`: whether `ir` came from the IR cache (reported in `origin`).
   */
  static async create(
    game: Game,
    ir: PropnetIR,
    options: { readonly cache?: CacheSetting; readonly irCached?: boolean } = {},
  ): Promise<PropnetWasmReasoner> {
    const { core, origin, adapter } = await buildWasmModule(ir, options.cache);
    return new PropnetWasmReasoner(
      game,
      ir,
      core,
      { ...origin, irCached: options.irCached ?? false },
      adapter,
    );
  }

  /** Bytes of the generated WebAssembly binary. */
  get binarySize(): number {
    return this.wasm.binarySize;
  }

  /** How the module propagates (chosen per game by measurement: choose-propagation.ts). */
  get propagation(): Propagation {
    return this.wasm.propagation;
  }

  override legalMoves(state: Uint32Array, role: number): readonly TermId[] {
    if (!this.wasm.legalEntries) return super.legalMoves(state, role);
    this.engine.load(state);
    return this.wasm.legalEntries(role).map((l) => this.ir.legalTerm[l]!);
  }

  override playouts(start: Uint32Array, options: PlayoutOptions): PlayoutStats {
    return this.wasm.playouts(start, options.count, options.seed, options.maxDepth ?? DEFAULT_MAX_DEPTH);
  }

  /** Tables in the policy module's memory (policy-wat.ts), updated in place by `simulate`. */
  override createPolicy(spec: PolicySpec): PolicyTable {
    this.adapter ??= createSimulationAdapter(this.wasm, this.adapterBinary);
    if (this.adapter === undefined) return super.createPolicy(spec);
    return new WasmPolicyTable(spec, this.adapter, this.ir, this.game);
  }

  /**
   * The whole batch inside WebAssembly, one boundary crossing, the simulations and their draws exactly as core's
   * generic loop plays them; a table of another reasoner runs core's generic loop.
   */
  override simulate(batch: SimulationBatch<Uint32Array>, policy: PolicyTable): SimulationResults {
    const { adapter } = this;
    if (
      !(policy instanceof WasmPolicyTable && adapter !== undefined && policy.belongsTo(adapter)) ||
      batch.maxDepth > MAX_MODULE_DEPTH
    ) {
      return genericSimulate(this, batch, policy);
    }
    checkSimulationBatch(batch, this.ir.roleCount);
    const words = this.initialState().length;
    batch.starts.forEach((state, i) => {
      if (state.length !== words) {
        throw new GdlkitError('UNSUPPORTED', `simulation batch: start ${i} is not a state of this game`);
      }
    });
    // Leaves no input set in the game module (the adapter's loads assume none).
    if (batch.starts.length > 0) this.wasm.load(batch.starts[0]!);
    try {
      return policy.simulate(batch, (r) => this.game.roleName(r));
    } finally {
      this.wasm.forgetLoaded?.();
    }
  }

  override perft(state: Uint32Array, depth: number): number {
    if (depth <= 0) return 1;
    const nodes = this.wasm.perft(state, depth);
    if (nodes === null) {
      throw new BudgetExceededError(
        `perft to depth ${depth} needs more than the module's ${MAX_PAGES / 16} MiB of state stack`,
        { limit: `${MAX_PAGES} wasm pages` },
      );
    }
    return nodes;
  }
}
