import { analyseGame, InvalidGameError, validateForAnalysis } from '@gdlkit/core';
import { type Diagnostic, formatDiagnostic, parseKif, sortDiagnostics } from '@gdlkit/gdl';
import { EXIT, UsageError } from '../exit-codes.js';
import { readTextFile } from '../files.js';
import { parseOptions } from '../options.js';

const USAGE = 'gdlkit check FILE... [--strict] [--json]';

/** Validates game files; lenient by default (DESIGN.md section 4a). */
export async function check(args: string[]): Promise<number> {
  const { values, positionals } = parseOptions(
    args,
    { strict: { type: 'boolean' }, json: { type: 'boolean' } },
    USAGE,
  );
  if (positionals.length === 0) throw new UsageError(`no file given\nusage: ${USAGE}`);
  let failed = false;
  const report: { file: string; valid: boolean; diagnostics: Diagnostic[] }[] = [];
  for (const file of positionals) {
    const diagnostics = diagnose(readTextFile(file), file, values.strict === true);
    const valid = !diagnostics.some((d) => d.severity === 'error');
    failed ||= !valid;
    report.push({ file, valid, diagnostics });
  }
  if (values.json) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    for (const { file, valid, diagnostics } of report) {
      for (const d of diagnostics) process.stdout.write(`${formatDiagnostic(d)}\n`);
      const errors = diagnostics.filter((d) => d.severity === 'error').length;
      const warnings = diagnostics.length - errors;
      process.stdout.write(
        `${file}: ${valid ? 'valid' : 'invalid'} (${errors} errors, ${warnings} warnings)\n`,
      );
    }
  }
  return failed ? EXIT.userError : EXIT.ok;
}

function diagnose(text: string, file: string, strict: boolean): Diagnostic[] {
  const { description, diagnostics } = parseKif(text, file);
  if (diagnostics.some((d) => d.severity === 'error')) return sortDiagnostics(diagnostics);
  try {
    const game = analyseGame(description, [...diagnostics, ...validateForAnalysis(description, strict)], {
      strict,
    });
    return sortDiagnostics(game.diagnostics);
  } catch (e) {
    if (e instanceof InvalidGameError) return sortDiagnostics(e.diagnostics);
    throw e;
  }
}
