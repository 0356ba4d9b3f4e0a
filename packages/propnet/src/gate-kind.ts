/** Gate kinds of the propnet and of its IR (IR.md). Values are part of the IR format. */
export const GateKind = {
  False: 0,
  True: 1,
  /** A base proposition: true(f), set from the state. */
  Base: 2,
  /** An input proposition: does(r, m), set from the joint move. */
  Input: 3,
  And: 4,
  Or: 5,
  Not: 6,
} as const;
export type GateKind = (typeof GateKind)[keyof typeof GateKind];

/** Gate ids of the two constants in every net. */
export const FALSE_GATE = 0;
export const TRUE_GATE = 1;
