/**
 * Gives every variable of one rule a name the target syntax can read back, keeping distinct variables
 * distinct: KIF reads names case-insensitively, infix needs an uppercase or '_' start.
 */
export class RuleVariableNames {
  private readonly printed = new Map<string, string>();
  private readonly taken = new Set<string>();

  constructor(
    private readonly spell: (name: string) => string,
    /** The identity under which two printed names would be read as the same variable. */
    private readonly key: (printed: string) => string = (s) => s,
  ) {}

  nameOf(original: string): string {
    let name = this.printed.get(original);
    if (name === undefined) {
      const base = this.spell(original);
      name = base;
      for (let k = 2; this.taken.has(this.key(name)); k++) name = `${base}_${k}`;
      this.printed.set(original, name);
      this.taken.add(this.key(name));
    }
    return name;
  }
}
