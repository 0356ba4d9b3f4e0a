// The `native` backend: builds the propnet IR with @gdlkit/propnet and runs it on the Rust core.
import type { Backend, BackendOptions, Game, Reasoner } from '@gdlkit/core';
import { buildPropnet } from '@gdlkit/propnet';
import { loadNative, requireNative } from './binding.js';
import { NATIVE_CAPABILITIES, NativeReasoner } from './reasoner.js';

export const nativeBackend: Backend = {
  name: 'native',
  description:
    'grounded propositional network executed by a Rust core (napi-rs); batch playouts and perft across threads',
  capabilities: NATIVE_CAPABILITIES,
  availability() {
    const loaded = loadNative();
    return 'error' in loaded ? { available: false, reason: loaded.error.message } : { available: true };
  },
  async create(game: Game, options: BackendOptions = {}): Promise<Reasoner> {
    const binding = requireNative();
    const ir = buildPropnet(game, {
      ...(options.buildTimeMs === undefined ? {} : { timeMs: options.buildTimeMs }),
      ...(options.memoryBytes === undefined ? {} : { memoryBytes: options.memoryBytes }),
    });
    const threads = options.threads;
    if (threads !== undefined && typeof threads !== 'number') {
      throw new TypeError(`the native backend's threads option must be a number, got ${typeof threads}`);
    }
    return new NativeReasoner(game, ir, binding, threads === undefined ? {} : { threads });
  },
};
