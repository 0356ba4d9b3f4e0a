export type * from './ast.js';
export { type Diagnostic, type Severity, formatDiagnostic, hasErrors, sortDiagnostics } from './diagnostics.js';
export { tokenizeKif, type KifToken, type KifTokenKind } from './kif-tokenizer.js';
export { parseKif, type ParseResult } from './kif-parser.js';
