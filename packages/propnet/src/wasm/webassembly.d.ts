// The part of the WebAssembly JS API this package uses (Node provides it globally; lib ES2023 lacks the types).
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
  }
  class CompileError extends Error {}
  class Instance {
    constructor(module: Module, imports: object);
    readonly exports: Record<string, unknown>;
  }
  interface Memory {
    readonly buffer: ArrayBuffer;
    /** Grows by `pages` of 64 KiB; returns the previous size in pages (throws RangeError when it cannot). */
    grow(pages: number): number;
  }
}
