// The browser entry: the same names as index.ts, without the native core (napi-rs needs Node).
export { AUTO_ORDER, type AutoAttempt, type AutoReasoner, createAutoBackend } from './auto-backend.js';
export { explainAutoChoice } from './auto-explain.js';
export {
  createPortableRegistry as createDefaultRegistry,
  loadAll,
  PORTABLE_BACKENDS as BUILTIN_BACKENDS,
  PORTABLE_BACKENDS,
  registryOf,
} from './builtin-portable.js';
export { type BackendSpec, LazyBackend } from './lazy-backend.js';
