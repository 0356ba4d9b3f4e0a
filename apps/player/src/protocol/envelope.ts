// What the shell needs to know of a message too large to read on its event loop (a START or PREVIEW whose
// rules run to megabytes): its kind, match id and clocks, found by scanning only its first and last tokens.
// The worker reads the whole message later, under the start clock.
import { readSeconds } from './messages.js';
import { MessageSyntaxError } from './sexpr.js';

export type Envelope =
  | {
      readonly kind: 'start';
      readonly matchId: string;
      readonly startClock: number;
      readonly playClock: number;
    }
  | { readonly kind: 'preview'; readonly clock: number };

const SPACE = /\s/;
const DELIMITER = /[\s()]/;

/** Reads the envelope of a large START or PREVIEW; throws MessageSyntaxError for anything else. */
export function peekEnvelope(text: string): Envelope {
  let at = skipSpace(text, 0);
  if (text[at] !== '(') throw new MessageSyntaxError('a large message must be a START or PREVIEW list');
  const head = atomAt(text, skipSpace(text, at + 1));
  at = head.end;
  if (head.name !== 'start' && head.name !== 'preview') {
    throw new MessageSyntaxError(`only START and PREVIEW may be this large, got '${head.name}'`);
  }
  const tail = lastAtoms(text, head.name === 'start' ? 2 : 1);
  if (head.name === 'preview') return { kind: 'preview', clock: readSeconds(tail[0]!, 'clock') };
  const id = atomAt(text, skipSpace(text, at));
  return {
    kind: 'start',
    matchId: id.name,
    startClock: readSeconds(tail[0]!, 'start clock'),
    playClock: readSeconds(tail[1]!, 'play clock'),
  };
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && SPACE.test(text[at]!)) at++;
  return at;
}

function atomAt(text: string, start: number): { name: string; end: number } {
  let end = start;
  while (end < text.length && !DELIMITER.test(text[end]!)) end++;
  if (end === start) throw new MessageSyntaxError(`expected a symbol at offset ${start}`);
  return { name: text.slice(start, end).toLowerCase(), end };
}

/** The last `n` atoms before the closing parenthesis, in order. */
function lastAtoms(text: string, n: number): string[] {
  let at = text.length - 1;
  while (at >= 0 && SPACE.test(text[at]!)) at--;
  if (text[at] !== ')') throw new MessageSyntaxError('the message does not end with )');
  at--;
  const atoms: string[] = [];
  for (let i = 0; i < n; i++) {
    while (at >= 0 && SPACE.test(text[at]!)) at--;
    const end = at + 1;
    while (at >= 0 && !DELIMITER.test(text[at]!)) at--;
    if (end === at + 1) throw new MessageSyntaxError('expected the clocks at the end of the message');
    atoms.unshift(text.slice(at + 1, end));
  }
  return atoms;
}
