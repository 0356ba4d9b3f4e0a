// Character classes both tokenizers (KIF and infix) agree on.

/** Whitespace, including the no-break space and the byte-order mark some corpus files carry. */
export function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11 || c === 0xa0 || c === 0xfeff;
}
