export { nativeBackend } from './backend.js';
export { loadNative, type NativeBinding, requireNative } from './binding.js';
export { NATIVE_CAPABILITIES, type NativeOptions, NativeReasoner, type Propagation } from './reasoner.js';
