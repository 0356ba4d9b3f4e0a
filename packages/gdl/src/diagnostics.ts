import type { SourceSpan } from './ast.js';

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  readonly severity: Severity;
  /** Stable identifier of the check, e.g. `syntax`, `unsafe-variable`, `arity`. */
  readonly code: string;
  /** What is wrong and what to change. */
  readonly message: string;
  readonly span: SourceSpan;
}

export function formatDiagnostic(d: Diagnostic): string {
  return `${d.span.file}:${d.span.line}:${d.span.column}: ${d.severity}[${d.code}]: ${d.message}`;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Sorted by position, then severity (errors first), so output is stable. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      a.span.file.localeCompare(b.span.file) ||
      a.span.offset - b.span.offset ||
      (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) ||
      a.code.localeCompare(b.code),
  );
}
