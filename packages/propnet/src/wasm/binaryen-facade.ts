// The only importer of binaryen (ESM with top-level await): the rest of the package sees this narrow facade.
import binaryen from 'binaryen';

export type WasmModule = binaryen.Module;
export type Expr = binaryen.ExpressionRef;

export const i32 = binaryen.i32;
export const i64 = binaryen.i64;
export const f64 = binaryen.f64;
export const none = binaryen.none;

export function createModule(): WasmModule {
  return new binaryen.Module();
}

export function paramTypes(types: readonly number[]): number {
  return binaryen.createType([...types]);
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
        binaryen.setPassArgument('no-inline', noInline);
        module.runPasses(['no-inline']);
        binaryen.setPassArgument('no-inline', null);
      }
      binaryen.setOptimizeLevel(2);
      binaryen.setShrinkLevel(0);
      module.optimize();
    }
    return module.emitBinary();
  } finally {
    module.dispose();
  }
}
