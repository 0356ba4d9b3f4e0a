// The TypeScript engine and the IR; the WebAssembly backend is the @gdlkit/propnet/wasm subpath (index.wasm.ts).
export { propnetBackend } from './backend.js';
export { type BuiltPropnet, buildPropnet, buildPropnetWithStats, type PropnetOptions } from './build.js';
export { sharedPropnet } from './build-share.js';
export { PropnetEngine } from './engine.js';
export { FALSE_GATE, GateKind, TRUE_GATE } from './gate-kind.js';
export { IR_VERSION, irByteSize, type PropnetBuildStats, type PropnetIR } from './ir.js';
export { IrTerms } from './ir-terms.js';
export type { ComponentCounts } from './optimise.js';
export { PropnetReasoner } from './reasoner.js';
