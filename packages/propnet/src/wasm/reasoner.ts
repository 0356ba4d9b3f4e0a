// The `propnet-wasm` reasoner: the same contract as the TypeScript propnet, evaluated by the generated module.
import { DEFAULT_MAX_DEPTH, type Game, type PlayoutOptions, type PlayoutStats } from '@gdlkit/core';
import type { PropnetIR } from '../ir.js';
import { PropnetReasoner } from '../reasoner.js';
import { WasmPropnet } from './runtime.js';

export class PropnetWasmReasoner extends PropnetReasoner {
  override readonly backend: string = 'propnet-wasm';
  private readonly wasm: WasmPropnet;

  constructor(game: Game, ir: PropnetIR, wasm: WasmPropnet = new WasmPropnet(ir)) {
    super(game, ir, wasm);
    this.wasm = wasm;
  }

  /** Bytes of the generated WebAssembly binary. */
  get binarySize(): number {
    return this.wasm.binarySize;
  }

  override playouts(start: Uint32Array, options: PlayoutOptions): PlayoutStats {
    return this.wasm.playouts(start, options.count, options.seed, options.maxDepth ?? DEFAULT_MAX_DEPTH);
  }
}
