// @gdlkit/propnet/wasm: the WebAssembly side of the package (binaryen loaded on the first module build).
export { loadBinaryen } from './wasm/binaryen-facade.js';
export { PropnetWasmReasoner } from './wasm/reasoner.js';
export { WasmPropnet } from './wasm/runtime.js';
export { propnetWasmBackend } from './wasm-backend.js';
