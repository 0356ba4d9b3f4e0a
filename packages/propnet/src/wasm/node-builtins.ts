// Node's built-ins for the module and IR caches, taken from process.getBuiltinModule when first used rather than
// imported: the caches are part of the wasm entry (a chunk of their own, imported dynamically, cost a cached
// tictactoe build 3–4 of its 11 CPU-ms in a fresh process), and a browser bundle of that entry then has nothing
// of Node's to resolve (tools/pack-check's esbuild bundle) and never calls these (build-module.ts checks Node).
export const crypto = () => process.getBuiltinModule('crypto');
export const fs = () => process.getBuiltinModule('fs');
export const nodeModule = () => process.getBuiltinModule('module');
export const os = () => process.getBuiltinModule('os');
export const path = () => process.getBuiltinModule('path');
export const url = () => process.getBuiltinModule('url');
