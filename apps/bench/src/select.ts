/** Names matching any of the comma-separated patterns (`*` any run of characters, `?` one character). */
export function selectByPatterns(names: readonly string[], patterns: string | undefined): string[] {
  if (patterns === undefined || patterns.trim() === '') return [...names];
  const regexes = patterns
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map(globToRegExp);
  return names.filter((n) => regexes.some((r) => r.test(n)));
}

/** The patterns that match none of the names (to report typos instead of silently running nothing). */
export function unmatchedPatterns(names: readonly string[], patterns: string | undefined): string[] {
  if (patterns === undefined) return [];
  return patterns
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '' && !names.some((n) => globToRegExp(p).test(n)));
}

function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`);
}
