import type { SourceSpan } from '../ast.js';
import type { Diagnostic } from '../diagnostics.js';
import { type DiagnosticCode, LENIENT_CODES } from './codes.js';

/** Collects diagnostics; the severity follows from the code and the mode, so checks never decide it. */
export class Reporter {
  readonly diagnostics: Diagnostic[] = [];

  constructor(private readonly strict: boolean) {}

  report(code: DiagnosticCode, message: string, span: SourceSpan): void {
    const severity = !this.strict && LENIENT_CODES.has(code) ? 'warning' : 'error';
    this.diagnostics.push({ severity, code, message, span });
  }
}
