export { AUTO_ORDER, type AutoAttempt, type AutoReasoner, createAutoBackend } from './auto-backend.js';
export { explainAutoChoice } from './auto-explain.js';
export { BUILTIN_BACKENDS, createDefaultRegistry } from './builtin.js';
export { loadAll, PORTABLE_BACKENDS, registryOf } from './builtin-portable.js';
export { type BackendSpec, LazyBackend } from './lazy-backend.js';
