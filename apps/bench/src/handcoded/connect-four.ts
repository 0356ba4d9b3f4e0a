// games/connectfour.kif on bitboards: 8 columns x 6 rows. Column c (x = c + 1) takes 8 bits, row r (y = r + 1)
// is bit r of them; columns 1-4 fill the low word of a colour, columns 5-8 the high word, so the 64-bit
// number low | high << 32 has stride 8 between columns and two always-empty padding rows that stop runs from
// wrapping. Lines are runs of four at distance 1 (vertical), 8 (horizontal), 9 and 7 (the two diagonals).
import { type GoalValue, goalValueOf } from '@gdlkit/core';
import { type BitboardRules, type FluentSlot, hasRunOfFour } from './bitboard-rules.js';

const RED_LO = 0;
const RED_HI = 1;
const BLACK_LO = 2;
const BLACK_HI = 3;
/** Bit r set: (control <role r>) holds. */
const CONTROL = 4;
const COLUMNS = 8;
const ROWS = 6;
const COLUMN_BITS = 0x3f;
/** The top cell (y = 6) of each column in one word. */
const TOP_CELLS = 0x20202020;
/** Move code of `noop`; `(drop x)` is x - 1. */
const NOOP = COLUMNS;

function fluents(): FluentSlot[] {
  const slots: FluentSlot[] = [];
  for (const [colour, word] of [
    ['red', RED_LO],
    ['black', BLACK_LO],
  ] as const) {
    for (let c = 0; c < COLUMNS; c++)
      for (let r = 0; r < ROWS; r++)
        slots.push({
          word: word + (c >> 2),
          bit: (c & 3) * 8 + r,
          text: `(cell ${c + 1} ${r + 1} ${colour})`,
        });
  }
  slots.push({ word: CONTROL, bit: 0, text: '(control red)' });
  slots.push({ word: CONTROL, bit: 1, text: '(control black)' });
  return slots;
}

function moves(): Map<number, string> {
  const m = new Map<number, string>();
  for (let c = 0; c < COLUMNS; c++) m.set(c, `(drop ${c + 1})`);
  m.set(NOOP, 'noop');
  return m;
}

/** `boardOpen`: some column's top cell is empty. */
function boardOpen(b: Int32Array): boolean {
  return (~(b[RED_LO]! | b[BLACK_LO]!) & TOP_CELLS) !== 0 || (~(b[RED_HI]! | b[BLACK_HI]!) & TOP_CELLS) !== 0;
}

/** `(line <colour>)` for the colour whose low word is at `lo`. */
function line(b: Int32Array, lo: number): boolean {
  const l = b[lo]!;
  const h = b[lo + 1]!;
  return hasRunOfFour(l, h, 1) || hasRunOfFour(l, h, 8) || hasRunOfFour(l, h, 9) || hasRunOfFour(l, h, 7);
}

export const connectFourRules: BitboardRules = {
  file: 'connectfour.kif',
  roleNames: ['red', 'black'],
  words: 5,
  maxMoves: COLUMNS + 1,
  fluents: fluents(),
  moves: moves(),

  initial(board) {
    board.fill(0);
    board[CONTROL] = 1;
  },

  legal(b, role, out) {
    let n = 0;
    const control = b[CONTROL]!;
    if ((control >> role) & 1) {
      const openLo = ~(b[RED_LO]! | b[BLACK_LO]!) & TOP_CELLS;
      const openHi = ~(b[RED_HI]! | b[BLACK_HI]!) & TOP_CELLS;
      for (let c = 0; c < 4; c++) if ((openLo >>> (c * 8 + 5)) & 1) out[n++] = c;
      for (let c = 0; c < 4; c++) if ((openHi >>> (c * 8 + 5)) & 1) out[n++] = c + 4;
    }
    // `legal red noop` needs (control black) and vice versa.
    if ((control >> (1 - role)) & 1) out[n++] = NOOP;
    return n;
  },

  next(src, codes, dst) {
    dst[RED_LO] = src[RED_LO]!;
    dst[RED_HI] = src[RED_HI]!;
    dst[BLACK_LO] = src[BLACK_LO]!;
    dst[BLACK_HI] = src[BLACK_HI]!;
    for (let role = 0; role < 2; role++) {
      const c = codes[role]!;
      if (c === NOOP) continue;
      const word = c >> 2;
      const shift = (c & 3) * 8;
      // The piece lands on every open cell whose cell below is not open (`columnEmpty` for y = 1): in a
      // reachable state that is the lowest empty cell; both drops are computed on the old state.
      const open = (~(src[RED_LO + word]! | src[BLACK_LO + word]!) >>> shift) & COLUMN_BITS;
      const landing = open & ~(open << 1) & COLUMN_BITS;
      dst[(role === 0 ? RED_LO : BLACK_LO) + word]! |= landing << shift;
    }
    const control = src[CONTROL]!;
    dst[CONTROL] = ((control & 1) << 1) | ((control >> 1) & 1);
  },

  terminal(b) {
    return line(b, RED_LO) || line(b, BLACK_LO) || !boardOpen(b);
  },

  goal(b, role): GoalValue {
    const mine = line(b, role === 0 ? RED_LO : BLACK_LO);
    const theirs = line(b, role === 0 ? BLACK_LO : RED_LO);
    const open = boardOpen(b);
    const values: number[] = [];
    if (mine) values.push(100);
    if (theirs) values.push(0);
    if (!mine && !theirs) values.push(open ? 0 : 50);
    return goalValueOf(values);
  },

  goalNumber(b, role) {
    if (line(b, role === 0 ? RED_LO : BLACK_LO)) return 100;
    if (line(b, role === 0 ? BLACK_LO : RED_LO)) return 0;
    return boardOpen(b) ? 0 : 50;
  },
};
