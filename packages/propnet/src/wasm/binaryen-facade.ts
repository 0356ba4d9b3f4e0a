// The only importer of binaryen: the rest of the package sees this narrow facade. binaryen (ESM with top-level
// await, about 12 MB) is imported dynamically by loadBinaryen(), so a program that never builds a WebAssembly
// module never loads it, and a browser bundle keeps it in a chunk of its own fetched on first use.
import type Binaryen from 'binaryen';

type BinaryenApi = typeof Binaryen;

export type WasmModule = Binaryen.Module;
export type Expr = Binaryen.ExpressionRef;

let api: BinaryenApi | undefined;

// Value types, set by loadBinaryen() (live bindings: importers read them after it resolved).
export let i32 = 0;
export let i64 = 0;
export let f64 = 0;
export let none = 0;

/** Loads binaryen once; every other function of this facade needs it loaded. */
export async function loadBinaryen(): Promise<void> {
  if (api) return;
  const loaded = (await import('binaryen')).default;
  i32 = loaded.i32;
  i64 = loaded.i64;
  f64 = loaded.f64;
  none = loaded.none;
  api = loaded;
}

/** Whether this process has loaded binaryen (a build served by the module cache does not). */
export function binaryenLoaded(): boolean {
  return api !== undefined;
}

function binaryen(): BinaryenApi {
  if (!api) throw new Error('internal: binaryen used before loadBinaryen() resolved');
  return api;
}

export function createModule(): WasmModule {
  return new (binaryen().Module)();
}

export function paramTypes(types: readonly number[]): number {
  return binaryen().createType([...types]);
}

/**
 * Validates, optimises when asked (level 2, no shrinking) and emits the module, then frees it. Functions whose
 * names match `noInline` (binaryen's wildcard pattern) stay functions of their own: binaryen inlines a function
 * with one caller whatever its size, which folded all gate chunks of a phase back into one function
 * (kalaha_2009: 17 MB, over V8's limit of 7.6 MB per function).
 */
export function finishModule(module: WasmModule, optimise: boolean, noInline?: string): Uint8Array {
  try {
    if (!module.validate()) throw new Error('internal: generated propnet module does not validate');
    if (optimise) {
      if (noInline !== undefined) {
        binaryen().setPassArgument('no-inline', noInline);
        module.runPasses(['no-inline']);
        binaryen().setPassArgument('no-inline', null);
      }
      binaryen().setOptimizeLevel(2);
      binaryen().setShrinkLevel(0);
      module.optimize();
    }
    return module.emitBinary();
  } finally {
    module.dispose();
  }
}

/** Features of the simulation modules: MVP plus bulk memory (memory.copy and memory.fill). */
export function simulationFeatures(): number {
  const f = binaryen().Features;
  return f.MVP | f.BulkMemory | f.BulkMemoryOpt | f.MutableGlobals | f.SignExt | f.NontrappingFPToInt;
}

/**
 * Parses WebAssembly text, validates it, inlines its functions up to a few hundred size units (V8 does not
 * inline WebAssembly calls) and runs binaryen's optimiser at level 3 twice (the second round simplifies what
 * the first one inlined), then emits the binary: how policy-binary.ts is made from policy-wat.ts
 * (test/policy-binary.test.ts), ahead of time, so the optimiser costs a match nothing. Against inlining only
 * the small helpers, NST simulations per CPU-second rose by a fifth to a quarter (docs/benchmarks.md).
 */
export function parseWat(text: string): Uint8Array {
  const b = binaryen();
  const module = b.parseText(text);
  try {
    module.setFeatures(simulationFeatures());
    if (!module.validate()) throw new Error('internal: the WebAssembly text does not validate');
    b.setOptimizeLevel(3);
    b.setShrinkLevel(0);
    b.setFlexibleInlineMaxSize(INLINE_MAX_SIZE);
    b.setAlwaysInlineMaxSize(ALWAYS_INLINE_MAX_SIZE);
    module.optimize();
    module.optimize();
    return module.emitBinary();
  } finally {
    b.setFlexibleInlineMaxSize(DEFAULT_FLEXIBLE_INLINE);
    b.setAlwaysInlineMaxSize(DEFAULT_ALWAYS_INLINE);
    b.setOptimizeLevel(2);
    module.dispose();
  }
}

/** Largest function (binaryen size units) inlined into its callers: the table lookups, hashing and scoring. */
const INLINE_MAX_SIZE = 200;
const ALWAYS_INLINE_MAX_SIZE = 40;
/** binaryen's defaults, restored for the game modules' optimisation (finishModule). */
const DEFAULT_FLEXIBLE_INLINE = 20;
const DEFAULT_ALWAYS_INLINE = 2;
