// The statistics of NST's move sequences (paper 03, section 3.2) in a bounded open-addressing table of typed
// arrays: a key is a context (the earlier moves, packed into one double) and a move. Decay (section 4) is lazy:
// a real move only advances an epoch, and an entry's count is brought up to date when it is next updated or
// swept, so decaying costs nothing on the reply path. A read computes the decayed count without storing it, so
// which entries are read changes nothing (NST skips lookups that cannot count, nst.ts). Entries whose decayed count falls below `pruneBelow` are
// removed by a sweep that advances a few slots per recorded simulation until it has been round the table since
// the last decay (every entry is then up to date or removed, so sweeping on would change nothing); at
// `maxEntries` new sequences are not recorded until the sweep frees room. The Rust table
// (crates/propnet-core/src/gram_table.rs) and the WebAssembly one (packages/propnet/src/wasm/policy-wat.ts)
// sweep alike.

export interface GramTableOptions {
  /** Decay factor γ applied per epoch. */
  readonly gamma: number;
  /** Most entries held. */
  readonly maxEntries: number;
  /** A decayed count below this removes the entry. */
  readonly pruneBelow: number;
}

const EMPTY = -1;
const INITIAL_SLOTS = 1024;

export class GramTable {
  size = 0;
  /** New sequences not recorded because the table was full. */
  dropped = 0;
  private epoch = 0;
  private cursor = 0;
  /** Slots the sweep has still to visit since the last decay. */
  private unswept = 0;
  private mask = INITIAL_SLOTS - 1;
  private contexts = new Float64Array(INITIAL_SLOTS);
  private moves = new Int32Array(INITIAL_SLOTS).fill(EMPTY);
  private counts = new Float64Array(INITIAL_SLOTS);
  private averages = new Float64Array(INITIAL_SLOTS);
  private epochs = new Uint32Array(INITIAL_SLOTS);
  private readonly maxSlots: number;

  constructor(private readonly options: GramTableOptions) {
    // At most half full: linear probes stay short.
    this.maxSlots = Math.max(INITIAL_SLOTS, 2 ** Math.ceil(Math.log2(options.maxEntries * 2)));
  }

  /** The slot of (context, move), or -1. */
  find(context: number, move: number): number {
    for (let i = this.home(context, move); ; i = (i + 1) & this.mask) {
      const m = this.moves[i]!;
      if (m === EMPTY) return -1;
      if (m === move && this.contexts[i] === context) return i;
    }
  }

  /** The decayed visit count of an occupied slot; stores nothing. */
  count(slot: number): number {
    const age = this.epoch - this.epochs[slot]!;
    return age === 0 ? this.counts[slot]! : this.counts[slot]! * this.options.gamma ** age;
  }

  average(slot: number): number {
    return this.averages[slot]!;
  }

  /** One more occurrence of the sequence with `reward`; dropped when the table is full. */
  add(context: number, move: number, reward: number): void {
    let slot = this.find(context, move);
    if (slot < 0) {
      if (this.size >= this.options.maxEntries) {
        this.dropped++;
        return;
      }
      if ((this.size + 1) * 2 > this.mask + 1 && this.mask + 1 < this.maxSlots) this.grow();
      slot = this.insertionSlot(context, move);
      this.contexts[slot] = context;
      this.moves[slot] = move;
      this.counts[slot] = 0;
      this.averages[slot] = 0;
      this.epochs[slot] = this.epoch;
      this.size++;
    }
    this.refresh(slot);
    const n = this.counts[slot]! + 1;
    this.counts[slot] = n;
    this.averages[slot] = n === 1 ? reward : this.averages[slot]! + (reward - this.averages[slot]!) / n;
  }

  /** Multiplies every count by γ, lazily. */
  decay(): void {
    if (this.options.gamma === 1) return;
    this.epoch++;
    this.unswept = this.mask + 1;
  }

  /** Examines `slots` slots from where the last sweep stopped and removes entries decayed below the threshold. */
  sweep(slots: number): void {
    if (this.options.gamma === 1 || this.size === 0) return;
    for (let n = 0; n < slots && this.unswept > 0; n++) {
      const i = this.cursor;
      if (this.moves[i] !== EMPTY && this.epochs[i] !== this.epoch) {
        this.refresh(i);
        // The slot is refilled by the backward shift: look at it again.
        if (this.counts[i]! < this.options.pruneBelow) {
          this.remove(i);
          continue;
        }
      }
      this.cursor = (i + 1) & this.mask;
      this.unswept--;
    }
  }

  /** Stores the decayed count (`count`) as of this epoch. */
  private refresh(slot: number): void {
    this.counts[slot] = this.count(slot);
    this.epochs[slot] = this.epoch;
  }

  private home(context: number, move: number): number {
    const high = Math.floor(context / 2 ** 26);
    const low = context - high * 2 ** 26;
    let h = Math.imul(low ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(high + 0x632be5ab, 0xc2b2ae35);
    h = Math.imul(h ^ move, 0x27d4eb2f);
    h ^= h >>> 15;
    return h & this.mask;
  }

  private insertionSlot(context: number, move: number): number {
    let i = this.home(context, move);
    while (this.moves[i] !== EMPTY) i = (i + 1) & this.mask;
    return i;
  }

  /** Backward-shift deletion: later entries of the probe run move up, so no tombstones are needed. */
  private remove(slot: number): void {
    let hole = slot;
    for (let j = (slot + 1) & this.mask; this.moves[j] !== EMPTY; j = (j + 1) & this.mask) {
      const home = this.home(this.contexts[j]!, this.moves[j]!);
      // The entry at j may fill the hole unless its home lies cyclically in (hole, j].
      const stays = hole <= j ? home > hole && home <= j : home > hole || home <= j;
      if (stays) continue;
      this.move(j, hole);
      hole = j;
    }
    this.moves[hole] = EMPTY;
    this.size--;
  }

  private move(from: number, to: number): void {
    this.contexts[to] = this.contexts[from]!;
    this.moves[to] = this.moves[from]!;
    this.counts[to] = this.counts[from]!;
    this.averages[to] = this.averages[from]!;
    this.epochs[to] = this.epochs[from]!;
  }

  private grow(): void {
    const { contexts, moves, counts, averages, epochs } = this;
    const slots = (this.mask + 1) * 2;
    this.mask = slots - 1;
    this.contexts = new Float64Array(slots);
    this.moves = new Int32Array(slots).fill(EMPTY);
    this.counts = new Float64Array(slots);
    this.averages = new Float64Array(slots);
    this.epochs = new Uint32Array(slots);
    this.cursor = 0;
    this.unswept = this.epoch === 0 ? 0 : slots;
    for (let i = 0; i < moves.length; i++) {
      if (moves[i] === EMPTY) continue;
      const to = this.insertionSlot(contexts[i]!, moves[i]!);
      this.contexts[to] = contexts[i]!;
      this.moves[to] = moves[i]!;
      this.counts[to] = counts[i]!;
      this.averages[to] = averages[i]!;
      this.epochs[to] = epochs[i]!;
    }
  }
}
