// How deep a term or literal may nest. Real game descriptions stay far below it (the corpus's deepest is
// about a dozen levels); the bound keeps every recursive walk over a syntax tree — printers, validator,
// normalisation, the reasoners' term store — well inside the JavaScript stack, so a hostile file gets a
// located error instead of a RangeError.
export const MAX_NESTING = 256;

export function nestingMessage(): string {
  return `nested deeper than ${MAX_NESTING} levels: the rule is skipped; game descriptions need far fewer levels`;
}
