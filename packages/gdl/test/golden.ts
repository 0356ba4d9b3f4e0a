import { checkText, formatDiagnostic } from '../src/index.js';

/** The golden text of a file: its sorted diagnostics in lenient and then in strict mode, one per line. */
export function diagnosticsGolden(text: string, file: string): string {
  const section = (strict: boolean) =>
    checkText(text, file, { strict, syntax: 'kif' })
      .diagnostics.map((d) => `${formatDiagnostic(d)}\n`)
      .join('');
  return `# lenient\n${section(false)}# strict\n${section(true)}`;
}
