/** The i-th term (from 1) of Luby, Sinclair and Zuckerman's restart sequence 1, 1, 2, 1, 1, 2, 4, 1, … */
export function luby(i: number): number {
  for (;;) {
    let k = 1;
    while ((1 << k) - 1 < i) k++;
    if ((1 << k) - 1 === i) return 1 << (k - 1);
    i -= (1 << (k - 1)) - 1;
  }
}
