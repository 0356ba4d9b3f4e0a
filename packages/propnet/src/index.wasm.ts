// @gdlkit/propnet/wasm: the WebAssembly side of the package (binaryen loaded on the first module build).
export { binaryenLoaded, loadBinaryen } from './wasm/binaryen-facade.js';
export type { ModuleOrigin } from './wasm/build-module.js';
export type { CacheFile, Removal, RemovalFailure } from './wasm/cache-entries.js';
export {
  type CacheReport,
  clearWasmCache,
  pruneWasmCache,
  wasmCacheReport,
} from './wasm/cache-maintenance.js';
export type { CacheConfig, CacheSetting } from './wasm/module-cache.js';
export { PropnetWasmReasoner } from './wasm/reasoner.js';
export { WasmPropnet } from './wasm/runtime.js';
export { type PropnetWasmOptions, propnetWasmBackend } from './wasm-backend.js';
