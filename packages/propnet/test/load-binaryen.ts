// Tests build WasmPropnet directly (not through the backend's create), so binaryen is loaded before any of them.
import { loadBinaryen } from '../src/index.wasm.js';

await loadBinaryen();
