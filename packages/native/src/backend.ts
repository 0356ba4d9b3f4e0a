// The `native` backend: builds the propnet IR with @gdlkit/propnet and runs it on the Rust core.
import { type Backend, type BackendOptions, type Game, GdlkitError, type Reasoner } from '@gdlkit/core';
import { sharedPropnet } from '@gdlkit/propnet';
import { loadNative, requireNative } from './binding.js';
import {
  NATIVE_CAPABILITIES,
  type NativeOptions,
  NativeReasoner,
  type PlayoutMode,
  type Propagation,
} from './reasoner.js';

const PROPAGATIONS: readonly unknown[] = [
  'incremental',
  'levelled',
  'differential',
  'auto',
] satisfies Propagation[];
const PLAYOUT_MODES: readonly unknown[] = ['bitsliced', 'exact'] satisfies PlayoutMode[];

/** The backend-specific settings `threads`, `propagation` and `playoutMode`, checked. */
function nativeOptions(options: BackendOptions): NativeOptions {
  const { threads, propagation, playoutMode } = options;
  if (threads !== undefined && typeof threads !== 'number') {
    throw new GdlkitError(
      'UNSUPPORTED',
      `the native backend's threads option must be a number, got ${typeof threads}`,
    );
  }
  if (propagation !== undefined && !PROPAGATIONS.includes(propagation)) {
    throw new GdlkitError(
      'UNSUPPORTED',
      `the native backend's propagation option must be one of ${PROPAGATIONS.join(', ')}`,
    );
  }
  if (playoutMode !== undefined && !PLAYOUT_MODES.includes(playoutMode)) {
    throw new GdlkitError(
      'UNSUPPORTED',
      `the native backend's playoutMode option must be one of ${PLAYOUT_MODES.join(', ')}`,
    );
  }
  return {
    ...(threads === undefined ? {} : { threads }),
    ...(playoutMode === undefined ? {} : { playoutMode: playoutMode as PlayoutMode }),
    ...(propagation === undefined ? {} : { propagation: propagation as Propagation }),
  };
}

export const nativeBackend: Backend = {
  name: 'native',
  description:
    'grounded propositional network executed by a Rust core (napi-rs); batch playouts and perft across threads',
  capabilities: NATIVE_CAPABILITIES,
  availability() {
    const loaded = loadNative();
    return 'error' in loaded ? { available: false, reason: loaded.error.reason } : { available: true };
  },
  async create(game: Game, options: BackendOptions = {}): Promise<Reasoner> {
    const binding = requireNative();
    const ir = sharedPropnet(game, options);
    return new NativeReasoner(game, ir, binding, nativeOptions(options));
  },
};
