import { type Diagnostic, sortDiagnostics } from './diagnostics.js';
import { parseInfix } from './infix-parser.js';
import { type ParseResult, parseKif } from './kif-parser.js';
import { validate } from './validator/validate.js';

export type Syntax = 'kif' | 'infix';

export interface CheckOptions {
  readonly strict?: boolean;
  /** Default 'auto': see detectSyntax. */
  readonly syntax?: Syntax | 'auto';
}

/** KIF when the first character after spaces and comment lines (`;` or `%`) is '(' or there is none. */
export function detectSyntax(text: string): Syntax {
  const first = /^(?:\s|[;%][^\n]*)*(.)/.exec(text)?.[1];
  return first === undefined || first === '(' ? 'kif' : 'infix';
}

/** Parses and validates in one step; parse and validation diagnostics together, sorted by position. */
export function checkText(text: string, file: string, options: CheckOptions = {}): ParseResult {
  const syntax = !options.syntax || options.syntax === 'auto' ? detectSyntax(text) : options.syntax;
  const parsed = syntax === 'kif' ? parseKif(text, file) : parseInfix(text, file);
  const diagnostics: Diagnostic[] = [...parsed.diagnostics, ...validate(parsed.description, options)];
  return { description: parsed.description, diagnostics: sortDiagnostics(diagnostics) };
}
