// Player SPECs of `gdlkit arena --players`: `random`, `gdlkit[:key=value,...]` and `http://HOST:PORT`.
import { type PlayerConfig, settingsFromPairs } from '@gdlkit/player';

export type PlayerSpec =
  /** Uniform random legal moves, chosen by the manager itself (no process, no protocol). */
  | { readonly kind: 'random'; readonly text: string }
  /** Our player as a `gdlkit serve` process on a loopback port the arena starts and stops. */
  | { readonly kind: 'gdlkit'; readonly text: string; readonly config: PlayerConfig }
  /** Any player speaking the GGP HTTP protocol, already running. */
  | { readonly kind: 'http'; readonly text: string; readonly url: string };

export class SpecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpecError';
  }
}

/** Reads one SPEC; throws SpecError naming the SPEC and what is wrong with it. */
export function parsePlayerSpec(text: string): PlayerSpec {
  const spec = text.trim();
  if (spec === 'random') return { kind: 'random', text: spec };
  if (spec === 'gdlkit' || spec.startsWith('gdlkit:')) {
    const body = spec.slice('gdlkit:'.length);
    const pairs = spec === 'gdlkit' || body === '' ? [] : body.split(',').map((p) => pair(spec, p));
    const { top, search } = settingsFromPairs(
      pairs,
      (reason) => new SpecError(`player '${spec}': ${reason}`),
    );
    return { kind: 'gdlkit', text: spec, config: { ...top, search } as PlayerConfig };
  }
  if (/^https?:\/\//.test(spec)) {
    let url: URL;
    try {
      url = new URL(spec);
    } catch {
      throw new SpecError(`player '${spec}': not a URL such as http://127.0.0.1:9147`);
    }
    if (url.protocol !== 'http:')
      throw new SpecError(`player '${spec}': the GGP protocol runs over http://, not ${url.protocol}`);
    if (url.port === '')
      throw new SpecError(`player '${spec}': give the port, e.g. http://${url.hostname}:9147`);
    return { kind: 'http', text: spec, url: url.href };
  }
  throw new SpecError(
    `unknown player '${spec}': expected random, gdlkit[:key=value,...] or http://HOST:PORT`,
  );
}

/** A comma-separated `--players` value: SPECs are separated by commas outside their key=value lists. */
export function parsePlayerList(text: string): PlayerSpec[] {
  const specs: string[] = [];
  for (const part of text.split(',')) {
    const previous = specs[specs.length - 1];
    // `gdlkit:a=1,b=2`: a part holding '=' but no ':' continues the previous gdlkit SPEC's key list.
    if (previous?.startsWith('gdlkit:') && part.includes('=') && !part.includes(':')) {
      specs[specs.length - 1] = `${previous},${part}`;
    } else {
      specs.push(part);
    }
  }
  if (specs.length === 0 || specs.some((s) => s.trim() === '')) {
    throw new SpecError(`--players needs SPECs separated by commas, got '${text}'`);
  }
  return specs.map(parsePlayerSpec);
}

function pair(spec: string, text: string): [string, string] {
  const eq = text.indexOf('=');
  if (eq <= 0 || eq === text.length - 1) {
    throw new SpecError(`player '${spec}': '${text}' is not a key=value pair`);
  }
  return [text.slice(0, eq).trim(), text.slice(eq + 1).trim()];
}

/** Processes of ours that think on this machine while a match runs (external players are not counted). */
export function localThinkers(specs: readonly PlayerSpec[]): number {
  return specs.filter((s) => s.kind === 'gdlkit').length;
}
