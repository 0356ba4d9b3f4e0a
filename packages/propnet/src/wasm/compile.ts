// Compiles a generated binary, turning what V8 cannot compile into a typed error: a function body over V8's
// size limit is found by reading the code section (so the error names the function) before compiling.
import { BudgetExceededError } from '@gdlkit/core';

/** V8's limit on one function body (kV8MaxWasmFunctionSize). */
export const MAX_FUNCTION_BYTES = 7_654_321;

const CODE_SECTION = 10;

/** Byte sizes of the function bodies of a wasm binary, in function order. */
export function functionBodySizes(binary: Uint8Array): number[] {
  let at = 8; // magic and version
  const uleb = (): number => {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = binary[at++]!;
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return value;
  };
  const sizes: number[] = [];
  while (at < binary.length) {
    const id = binary[at++]!;
    const size = uleb();
    const end = at + size;
    if (id === CODE_SECTION) {
      const count = uleb();
      for (let f = 0; f < count; f++) {
        const body = uleb();
        sizes.push(body);
        at += body;
      }
    }
    at = end;
  }
  return sizes;
}

/** Where compileModule records the binaries it compiles, while withBinary runs. */
let recorded: Uint8Array[] | undefined;

/**
 * Runs `build` and returns its result with the binary it compiled (the module cache stores the chosen module's
 * bytes; the runtimes keep only the instance).
 */
export function withBinary<T>(build: () => T): { built: T; binary: Uint8Array } {
  const outer = recorded;
  const binaries: Uint8Array[] = [];
  recorded = binaries;
  try {
    const built = build();
    if (binaries.length !== 1)
      throw new Error(`internal: the build compiled ${binaries.length} modules, not one`);
    return { built, binary: binaries[0]! };
  } finally {
    recorded = outer;
  }
}

export function compileModule(binary: Uint8Array): WebAssembly.Module {
  recorded?.push(binary);
  const sizes = functionBodySizes(binary);
  const largest = sizes.reduce((a, b) => Math.max(a, b), 0);
  if (largest > MAX_FUNCTION_BYTES) {
    throw new BudgetExceededError(
      `propnet-wasm: function ${sizes.indexOf(largest)} of the generated module has ${largest} bytes of code, over WebAssembly's limit of ${MAX_FUNCTION_BYTES}`,
      { limit: `${MAX_FUNCTION_BYTES} bytes per function` },
    );
  }
  try {
    return new WebAssembly.Module(binary);
  } catch (error) {
    if (!(error instanceof WebAssembly.CompileError)) throw error;
    throw new BudgetExceededError(`propnet-wasm: the generated module does not compile (${error.message})`, {
      limit: 'WebAssembly compilation limits',
    });
  }
}
