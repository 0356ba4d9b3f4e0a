export { propnetBackend, propnetWasmBackend } from './backend.js';
export { type BuiltPropnet, buildPropnet, buildPropnetWithStats, type PropnetOptions } from './build.js';
export { PropnetEngine } from './engine.js';
export { FALSE_GATE, GateKind, TRUE_GATE } from './gate-kind.js';
export { IR_VERSION, irByteSize, type PropnetBuildStats, type PropnetIR } from './ir.js';
export type { ComponentCounts } from './optimise.js';
export { PropnetReasoner } from './reasoner.js';
export { PropnetWasmReasoner } from './wasm/reasoner.js';
export { WasmPropnet } from './wasm/runtime.js';
