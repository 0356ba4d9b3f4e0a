//! Incremental propagation over the IR, the same algorithm as the TypeScript engine
//! (packages/propnet/src/engine.ts): per-gate counters of true inputs, and only gates whose inputs changed
//! are re-evaluated, in gate order, so each gate is evaluated at most once per update. A cyclic component of
//! positive views is re-derived as a whole by a least fixpoint from its external inputs, so an atom that
//! only supported itself through the cycle is deleted (the level assignment of giga13-09 section 3.1: levels
//! from the strongly connected components in topological order).
//!
//! The work queue is a bit set over gates scanned upward: `Ir::validate` guarantees every reader comes after
//! the gate it reads (outside a cycle), so the lowest queued gate is always the next one to evaluate.

use crate::ir::{kind, Ir};

#[derive(Clone, Debug)]
pub struct Engine {
    values: Vec<u8>,
    counts: Vec<u32>,
    queued: Vec<u64>,
    /// Lowest and highest word of `queued` that may hold a bit.
    low: usize,
    high: usize,
    /// The base bits currently loaded.
    loaded: Vec<u32>,
    /// Input gates set by the last joint move.
    active: Vec<u32>,
    cycle_old: Vec<u8>,
    cycle_work: Vec<u32>,
}

impl Engine {
    /// An engine for a validated IR, holding the state with no base and no input set.
    pub fn new(ir: &Ir) -> Engine {
        let n = ir.gate_count;
        let largest = ir
            .cycle_range
            .chunks_exact(2)
            .map(|c| (c[1] - c[0]) as usize)
            .max()
            .unwrap_or(0);
        let mut engine = Engine {
            values: vec![0; n],
            counts: vec![0; n],
            queued: vec![0; n.div_ceil(64)],
            low: usize::MAX,
            high: 0,
            loaded: vec![0; ir.state_words()],
            active: Vec::with_capacity(ir.role_count),
            cycle_old: vec![0; largest],
            cycle_work: vec![0; largest],
        };
        engine.evaluate_all(ir);
        engine
    }

    /// Gate values after the last `load`/`apply_inputs`, one byte (0 or 1) per gate.
    #[inline]
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    #[inline]
    pub fn holds(&self, gate: u32) -> bool {
        self.values[gate as usize] != 0
    }

    fn evaluate_all(&mut self, ir: &Ir) {
        self.values.fill(0);
        self.values[1] = 1;
        for g in ir.first_logic..ir.gate_count {
            let c = ir.cycle_of[g];
            if c >= 0 {
                if g == ir.cycle_range[2 * c as usize] as usize {
                    self.derive_cycle(ir, c as usize, false);
                }
                continue;
            }
            let count = ir.fanin_of(g).iter().map(|&x| self.values[x as usize] as u32).sum();
            self.counts[g] = count;
            self.values[g] = evaluate(ir, g, count);
        }
    }

    /// Makes `state` (a bit set over bases, `ir.state_words()` words) current, with no input set.
    // An index loop: `set_source` needs `self` mutably while `loaded` is walked.
    #[allow(clippy::needless_range_loop)]
    pub fn load(&mut self, ir: &Ir, state: &[u32]) {
        self.clear_inputs(ir);
        for w in 0..self.loaded.len() {
            let mut diff = self.loaded[w] ^ state[w];
            if diff == 0 {
                continue;
            }
            self.loaded[w] = state[w];
            while diff != 0 {
                let bit = diff.trailing_zeros() as usize;
                diff &= diff - 1;
                let g = ir.base_gate[w * 32 + bit];
                let value = self.values[g as usize] ^ 1;
                self.set_source(ir, g, value);
            }
        }
        self.propagate(ir);
    }

    /// Sets one input per role (input indices) on the loaded state, replacing the last joint move.
    pub fn apply_inputs(&mut self, ir: &Ir, inputs: &[u32]) {
        self.clear_inputs(ir);
        for &i in inputs {
            let g = ir.input_gate[i as usize];
            self.active.push(g);
            self.set_source(ir, g, 1);
        }
        self.propagate(ir);
    }

    /// Writes the next state (after `apply_inputs`) into `out`.
    pub fn read_next(&self, ir: &Ir, out: &mut [u32]) {
        out.fill(0);
        for (b, &g) in ir.base_next.iter().enumerate() {
            out[b >> 5] |= (self.values[g as usize] as u32) << (b & 31);
        }
    }

    fn clear_inputs(&mut self, ir: &Ir) {
        while let Some(g) = self.active.pop() {
            self.set_source(ir, g, 0);
        }
    }

    #[inline]
    fn set_source(&mut self, ir: &Ir, g: u32, value: u8) {
        if self.values[g as usize] == value {
            return;
        }
        self.values[g as usize] = value;
        self.push_fanout(ir, g as usize, value, -1);
    }

    /// Tells the readers of `g` (except members of cycle `skip`) that it became `value`.
    #[inline]
    fn push_fanout(&mut self, ir: &Ir, g: usize, value: u8, skip: i32) {
        for &f in ir.fanout_of(g) {
            let f = f as usize;
            if skip >= 0 && ir.cycle_of[f] == skip {
                continue;
            }
            if value != 0 {
                self.counts[f] += 1;
            } else {
                self.counts[f] -= 1;
            }
            let w = f >> 6;
            self.queued[w] |= 1 << (f & 63);
            self.low = self.low.min(w);
            self.high = self.high.max(w);
        }
    }

    fn propagate(&mut self, ir: &Ir) {
        while self.low <= self.high && self.low < self.queued.len() {
            let word = self.queued[self.low];
            if word == 0 {
                self.low += 1;
                continue;
            }
            let g = (self.low << 6) | word.trailing_zeros() as usize;
            self.queued[self.low] = word & (word - 1);
            let c = ir.cycle_of[g];
            if c >= 0 {
                self.derive_cycle(ir, c as usize, true);
                continue;
            }
            let v = evaluate(ir, g, self.counts[g]);
            if v != self.values[g] {
                self.values[g] = v;
                self.push_fanout(ir, g, v, -1);
            }
        }
        self.low = usize::MAX;
        self.high = 0;
    }

    /// Re-derives cyclic component `c` from scratch: all members false, counts from the (final) external
    /// inputs, then a least fixpoint inside the component; changed members notify their external readers.
    fn derive_cycle(&mut self, ir: &Ir, c: usize, notify: bool) {
        let s = ir.cycle_range[2 * c] as usize;
        let e = ir.cycle_range[2 * c + 1] as usize;
        for g in s..e {
            self.cycle_old[g - s] = self.values[g];
            self.values[g] = 0;
            self.queued[g >> 6] &= !(1 << (g & 63));
        }
        let mut top = 0;
        for g in s..e {
            let count = ir.fanin_of(g).iter().map(|&x| self.values[x as usize] as u32).sum();
            self.counts[g] = count;
            if evaluate(ir, g, count) != 0 {
                self.cycle_work[top] = g as u32;
                top += 1;
            }
        }
        while top > 0 {
            top -= 1;
            let g = self.cycle_work[top] as usize;
            if self.values[g] != 0 {
                continue;
            }
            self.values[g] = 1;
            for &f in ir.fanout_of(g) {
                let f = f as usize;
                if ir.cycle_of[f] != c as i32 {
                    continue;
                }
                self.counts[f] += 1;
                if self.values[f] == 0 && evaluate(ir, f, self.counts[f]) != 0 {
                    // A member becomes true at most once per derivation and is pushed at most once per
                    // fanin edge turning true, so the stack never holds more than the component's edges;
                    // it grows on demand beyond the member count.
                    if top == self.cycle_work.len() {
                        self.cycle_work.push(0);
                    }
                    self.cycle_work[top] = f as u32;
                    top += 1;
                }
            }
        }
        if !notify {
            return;
        }
        for g in s..e {
            if self.values[g] != self.cycle_old[g - s] {
                let v = self.values[g];
                self.push_fanout(ir, g, v, c as i32);
            }
        }
    }
}

/// Value of logic gate `g` with `count` true inputs.
#[inline]
fn evaluate(ir: &Ir, g: usize, count: u32) -> u8 {
    match ir.gate_kind[g] {
        kind::AND => (count as usize == ir.fanin_of(g).len()) as u8,
        kind::OR => (count > 0) as u8,
        _ => (count == 0) as u8,
    }
}
