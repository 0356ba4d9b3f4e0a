// Which SPEC plays which role in each match, so that every SPEC plays every role equally often.

/** A seating: for each role (in the game's order), the index of the SPEC in `--players`. */
export type Seating = readonly number[];

/**
 * The seatings a run cycles through (match i plays seating i mod length).
 * - Up to 3 roles: every assignment of SPECs to roles in which every SPEC plays (with fewer SPECs than roles)
 *   or no SPEC plays twice (with more) — with as many SPECs as roles, every permutation. With two SPECs on
 *   three roles these are the six configurations of paper 03, section 5.2 (the two where one program takes
 *   all three roles are left out).
 * - More roles: the SPECs cycled over the roles, then every rotation of that, so each SPEC meets each role.
 */
export function seatings(specCount: number, roleCount: number): Seating[] {
  if (specCount < 1 || roleCount < 1) throw new Error('seatings need at least one SPEC and one role');
  if (roleCount > 3) {
    const width = Math.max(specCount, roleCount);
    return Array.from({ length: width }, (_, shift) =>
      Array.from({ length: roleCount }, (_, r) => ((r + shift) % width) % specCount),
    );
  }
  const all: Seating[] = [];
  const seat = new Array<number>(roleCount).fill(0);
  const visit = (role: number) => {
    if (role === roleCount) {
      const used = new Set(seat);
      const fits = specCount <= roleCount ? used.size === specCount : used.size === roleCount;
      if (fits) all.push([...seat]);
      return;
    }
    for (let s = 0; s < specCount; s++) {
      seat[role] = s;
      visit(role + 1);
    }
  };
  visit(0);
  return all;
}
