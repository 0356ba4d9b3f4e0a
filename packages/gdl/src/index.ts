export type * from './ast.js';
export { type CheckOptions, checkText, detectSyntax, type Syntax } from './check-text.js';
export {
  type Diagnostic,
  formatDiagnostic,
  hasErrors,
  type Severity,
  sortDiagnostics,
} from './diagnostics.js';
export { parseInfix } from './infix-parser.js';
export {
  printInfix,
  printInfixLiteral,
  printInfixName,
  printInfixRule,
  printInfixTerm,
} from './infix-printer.js';
export { type InfixToken, type InfixTokenKind, tokenizeInfix } from './infix-tokenizer.js';
export { type ParseResult, parseKif } from './kif-parser.js';
export { printKif, printKifLiteral, printKifRule, printKifTerm } from './kif-printer.js';
export { KifLexer, type KifToken, type KifTokenKind, tokenizeKif } from './kif-tokenizer.js';
export { MAX_NESTING } from './nesting.js';
export { type DiagnosticCode, DiagnosticCodes, LENIENT_CODES } from './validator/codes.js';
export { type ValidateOptions, validate } from './validator/validate.js';
