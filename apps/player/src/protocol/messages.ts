// The GGP competition protocol's messages as typed values. Which reading of a PLAY/STOP payload applies
// (a joint move, or percepts in the older GDL-II form) depends on the game, so the match decides that.
import { isNil, MessageSyntaxError, printSExpr, readSExpr, type SExpr } from './sexpr.js';

/** The Dresden GDL-II server's form: `(play id turn lastmove percepts)`; nil fields read as null / []. */
export interface TurnReport {
  readonly turn: number;
  readonly lastMove: SExpr | null;
  readonly percepts: readonly SExpr[];
}

export type Message =
  | { readonly kind: 'info' }
  /** ggp-base's legacy liveness check, answered with the bare status. */
  | { readonly kind: 'ping' }
  | { readonly kind: 'preview'; readonly rules: string; readonly clock: number }
  | {
      readonly kind: 'start';
      readonly matchId: string;
      readonly role: SExpr;
      readonly rules: string;
      readonly startClock: number;
      readonly playClock: number;
    }
  | {
      readonly kind: 'play' | 'stop';
      readonly matchId: string;
      /** The two-argument forms: nil, a joint move in role order, or (older GDL-II form) a percept list. */
      readonly payload?: SExpr;
      /** The four-argument GDL-II form. */
      readonly report?: TurnReport;
    }
  | { readonly kind: 'abort'; readonly matchId: string };

/** Reads a message; throws MessageSyntaxError with a reason the log can show. */
export function parseMessage(text: string): Message {
  const expr = readSExpr(text);
  if (typeof expr === 'string') {
    if (expr === 'info') return { kind: 'info' };
    if (expr === 'ping') return { kind: 'ping' };
    throw new MessageSyntaxError(`a message is a list such as (info), got '${expr}'`);
  }
  const [head, ...args] = expr;
  if (typeof head !== 'string') throw new MessageSyntaxError('a message must start with its name');
  switch (head) {
    case 'info':
      return { kind: 'info' };
    case 'ping':
      return { kind: 'ping' };
    case 'preview':
      arity(head, args, 2);
      return { kind: 'preview', rules: rulesText(args[0]!), clock: clock(args[1]!, 'clock') };
    case 'start':
      arity(head, args, 5);
      return {
        kind: 'start',
        matchId: matchId(args[0]!),
        role: args[1]!,
        rules: rulesText(args[2]!),
        startClock: clock(args[3]!, 'start clock'),
        playClock: clock(args[4]!, 'play clock'),
      };
    case 'play':
    case 'stop':
      if (args.length === 2) return { kind: head, matchId: matchId(args[0]!), payload: args[1]! };
      if (args.length === 4) {
        return { kind: head, matchId: matchId(args[0]!), report: turnReport(args[1]!, args[2]!, args[3]!) };
      }
      throw new MessageSyntaxError(
        `(${head} ...) takes a match id and a move list, or a match id, turn, last move and percepts; got ${args.length} arguments`,
      );
    case 'abort':
      arity(head, args, 1);
      return { kind: 'abort', matchId: matchId(args[0]!) };
    default:
      throw new MessageSyntaxError(`unknown message '${head}'`);
  }
}

function arity(head: string, args: readonly SExpr[], n: number): void {
  if (args.length !== n) {
    throw new MessageSyntaxError(`(${head} ...) takes ${n} arguments, got ${args.length}`);
  }
}

function matchId(expr: SExpr): string {
  if (typeof expr !== 'string')
    throw new MessageSyntaxError(`a match id is a symbol, got ${printSExpr(expr)}`);
  return expr;
}

function clock(expr: SExpr, what: string): number {
  return readSeconds(typeof expr === 'string' ? expr : printSExpr(expr), what);
}

/** A clock in seconds (a non-negative number); throws MessageSyntaxError naming `what`. */
export function readSeconds(atom: string, what: string): number {
  const n = /^\s*$/.test(atom) ? Number.NaN : Number(atom);
  if (!Number.isFinite(n) || n < 0)
    throw new MessageSyntaxError(`the ${what} must be a number of seconds, got ${atom}`);
  return n;
}

function rulesText(expr: SExpr): string {
  if (typeof expr === 'string') throw new MessageSyntaxError('the rules must be a list of KIF sentences');
  return expr.map(printSExpr).join('\n');
}

function turnReport(turn: SExpr, lastMove: SExpr, percepts: SExpr): TurnReport {
  const n = isNil(turn) ? 0 : typeof turn === 'string' ? Number(turn) : Number.NaN;
  if (!Number.isInteger(n) || n < 0) {
    throw new MessageSyntaxError(`the turn must be a natural number, got ${printSExpr(turn)}`);
  }
  if (typeof percepts === 'string' && !isNil(percepts)) {
    throw new MessageSyntaxError(`the percepts must be a list, got '${percepts}'`);
  }
  return {
    turn: n,
    lastMove: isNil(lastMove) ? null : lastMove,
    percepts: typeof percepts === 'string' ? [] : percepts,
  };
}
