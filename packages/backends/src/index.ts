export { AUTO_ORDER, type AutoAttempt, type AutoReasoner, createAutoBackend } from './auto-backend.js';
export { BUILTIN_BACKENDS, createDefaultRegistry, loadAll } from './builtin.js';
export { type BackendSpec, LazyBackend } from './lazy-backend.js';
