// games/breakthrough.kif on bitboards: square (x, y) is bit (y - 1) * 8 + (x - 1) of a 64-bit board kept as a
// low word (rows 1-4) and a high word (rows 5-8). White moves up (+8 straight onto an empty cell, +7 / +9
// diagonally onto a cell without a white piece, capturing a black one), black moves down. The file has no step
// counter; a side wins on reaching the far row or when the other side has no piece left (MG's bugfix).
import { type GoalValue, goalValueOf } from '@gdlkit/core';
import type { BitboardRules, FluentSlot } from './bitboard-rules.js';

const WHITE_LO = 0;
const WHITE_HI = 1;
const BLACK_LO = 2;
const BLACK_HI = 3;
/** Bit r set: (control <role r>) holds. */
const CONTROL = 4;
/** Move code of `noop`; `(move x1 y1 x2 y2)` is from * 64 + to. */
const NOOP = 4096;
const NOT_FILE_1 = 0xfefefefe | 0;
const NOT_FILE_8 = 0x7f7f7f7f;
const ROW_8 = 0xff000000 | 0;
const ROW_1 = 0xff;

function square(x: number, y: number): number {
  return (y - 1) * 8 + (x - 1);
}

function fluents(): FluentSlot[] {
  const slots: FluentSlot[] = [];
  for (const [colour, word] of [
    ['white', WHITE_LO],
    ['black', BLACK_LO],
  ] as const) {
    for (let y = 1; y <= 8; y++)
      for (let x = 1; x <= 8; x++) {
        const s = square(x, y);
        slots.push({ word: word + (s >> 5), bit: s & 31, text: `(cellHolds ${x} ${y} ${colour})` });
      }
  }
  slots.push({ word: CONTROL, bit: 0, text: '(control white)' });
  slots.push({ word: CONTROL, bit: 1, text: '(control black)' });
  return slots;
}

/** Every one-row step straight or diagonal, up or down: the moves of either side. */
function moves(): Map<number, string> {
  const m = new Map<number, string>();
  for (let y1 = 1; y1 <= 8; y1++)
    for (let x1 = 1; x1 <= 8; x1++)
      for (const dy of [1, -1])
        for (const dx of [-1, 0, 1]) {
          const x2 = x1 + dx;
          const y2 = y1 + dy;
          if (x2 < 1 || x2 > 8 || y2 < 1 || y2 > 8) continue;
          m.set(square(x1, y1) * 64 + square(x2, y2), `(move ${x1} ${y1} ${x2} ${y2})`);
        }
  m.set(NOOP, 'noop');
  return m;
}

/** Writes a move per target bit of (lo, hi); the source square is target - delta. */
function emit(out: Int32Array, n: number, lo: number, hi: number, delta: number): number {
  let w = lo;
  while (w !== 0) {
    const b = w & -w;
    const to = 31 - Math.clz32(b);
    out[n++] = (to - delta) * 64 + to;
    w ^= b;
  }
  w = hi;
  while (w !== 0) {
    const b = w & -w;
    const to = 63 - Math.clz32(b);
    out[n++] = (to - delta) * 64 + to;
    w ^= b;
  }
  return n;
}

function whiteWin(b: Int32Array): boolean {
  return (b[WHITE_HI]! & ROW_8) !== 0 || (b[BLACK_LO]! | b[BLACK_HI]!) === 0;
}

function blackWin(b: Int32Array): boolean {
  return (b[BLACK_LO]! & ROW_1) !== 0 || (b[WHITE_LO]! | b[WHITE_HI]!) === 0;
}

export const breakthroughRules: BitboardRules = {
  file: 'breakthrough.kif',
  roleNames: ['white', 'black'],
  words: 5,
  // 16 pieces x 3 directions, and noop.
  maxMoves: 16 * 3 + 1,
  fluents: fluents(),
  moves: moves(),

  initial(board) {
    board[WHITE_LO] = 0xffff;
    board[WHITE_HI] = 0;
    board[BLACK_LO] = 0;
    board[BLACK_HI] = 0xffff0000 | 0;
    board[CONTROL] = 1;
  },

  legal(b, role, out) {
    let n = 0;
    const control = b[CONTROL]!;
    if ((control >> role) & 1) {
      const wl = b[WHITE_LO]!;
      const wh = b[WHITE_HI]!;
      const bl = b[BLACK_LO]!;
      const bh = b[BLACK_HI]!;
      const el = ~(wl | bl);
      const eh = ~(wh | bh);
      if (role === 0) {
        n = emit(out, n, (wl << 8) & el, ((wh << 8) | (wl >>> 24)) & eh, 8);
        const fl = wl & NOT_FILE_1;
        const fh = wh & NOT_FILE_1;
        n = emit(out, n, (fl << 7) & ~wl, ((fh << 7) | (fl >>> 25)) & ~wh, 7);
        const gl = wl & NOT_FILE_8;
        const gh = wh & NOT_FILE_8;
        n = emit(out, n, (gl << 9) & ~wl, ((gh << 9) | (gl >>> 23)) & ~wh, 9);
      } else {
        n = emit(out, n, ((bl >>> 8) | (bh << 24)) & el, (bh >>> 8) & eh, -8);
        const fl = bl & NOT_FILE_1;
        const fh = bh & NOT_FILE_1;
        n = emit(out, n, ((fl >>> 9) | (fh << 23)) & ~bl, (fh >>> 9) & ~bh, -9);
        const gl = bl & NOT_FILE_8;
        const gh = bh & NOT_FILE_8;
        n = emit(out, n, ((gl >>> 7) | (gh << 25)) & ~bl, (gh >>> 7) & ~bh, -7);
      }
    }
    // `legal white noop` needs (control black) and vice versa.
    if ((control >> (1 - role)) & 1) out[n++] = NOOP;
    return n;
  },

  next(src, codes, dst) {
    // The frame rule keeps a cell when some role's move has neither its source nor its target there, so
    // with no move at all nothing is kept, and with two moves only cells touched by both disappear.
    let keepLo = 0;
    let keepHi = 0;
    for (let role = 0; role < 2; role++) {
      const c = codes[role]!;
      if (c === NOOP) continue;
      let ml = -1;
      let mh = -1;
      const from = c >> 6;
      const to = c & 63;
      if (from < 32) ml &= ~(1 << from);
      else mh &= ~(1 << (from - 32));
      if (to < 32) ml &= ~(1 << to);
      else mh &= ~(1 << (to - 32));
      keepLo |= ml;
      keepHi |= mh;
    }
    dst[WHITE_LO] = src[WHITE_LO]! & keepLo;
    dst[WHITE_HI] = src[WHITE_HI]! & keepHi;
    dst[BLACK_LO] = src[BLACK_LO]! & keepLo;
    dst[BLACK_HI] = src[BLACK_HI]! & keepHi;
    for (let role = 0; role < 2; role++) {
      const c = codes[role]!;
      if (c === NOOP) continue;
      const to = c & 63;
      const word = (role === 0 ? WHITE_LO : BLACK_LO) + (to >> 5);
      dst[word]! |= 1 << (to & 31);
    }
    const control = src[CONTROL]!;
    dst[CONTROL] = ((control & 1) << 1) | ((control >> 1) & 1);
  },

  terminal(b) {
    return whiteWin(b) || blackWin(b);
  },

  goal(b, role): GoalValue {
    return goalValueOf([this.goalNumber(b, role)]);
  },

  goalNumber(b, role) {
    return (role === 0 ? whiteWin(b) : blackWin(b)) ? 100 : 0;
  },
};
