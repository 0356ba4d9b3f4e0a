export { nativeBackend } from './backend.js';
export {
  type Loaded,
  loadNative,
  loadNativeFrom,
  type NativeBinding,
  type NativeSymbolicAnswer,
  type NativeSymbolicChecker,
  type NativeSymbolicRun,
  requireNative,
} from './binding.js';
export {
  NATIVE_CAPABILITIES,
  type NativeOptions,
  NativeReasoner,
  type PlayoutMode,
  type Propagation,
} from './reasoner.js';
