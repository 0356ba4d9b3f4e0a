export type * from './ast.js';
export { type Diagnostic, type Severity, formatDiagnostic, hasErrors, sortDiagnostics } from './diagnostics.js';
export { tokenizeKif, type KifToken, type KifTokenKind } from './kif-tokenizer.js';
export { parseKif, type ParseResult } from './kif-parser.js';
export { tokenizeInfix, type InfixToken, type InfixTokenKind } from './infix-tokenizer.js';
export { parseInfix } from './infix-parser.js';
export { printKif, printKifRule, printKifLiteral, printKifTerm } from './kif-printer.js';
export { printInfix, printInfixRule, printInfixLiteral, printInfixTerm, printInfixName } from './infix-printer.js';
export { DiagnosticCodes, type DiagnosticCode, LENIENT_CODES } from './validator/codes.js';
