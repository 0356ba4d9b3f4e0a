//! Incremental propagation over the IR, the same algorithm as the TypeScript engine
//! (packages/propnet/src/engine.ts): per-gate counters of true inputs, and only gates whose inputs changed
//! are re-evaluated, in gate order, so each gate is evaluated at most once per update. A cyclic component of
//! positive views is re-derived as a whole by a least fixpoint from its external inputs, so an atom that
//! only supported itself through the cycle is deleted (the level assignment of giga13-09 section 3.1: levels
//! from the strongly connected components in topological order).
//!
//! The work queue is a bit set over gates scanned upward: `Ir::validate` guarantees every reader comes after
//! the gate it reads (outside a cycle), so the lowest queued gate is always the next one to evaluate.
//!
//! On small nets the bookkeeping of the incremental update costs more than the gates it skips, so the engine
//! can instead re-evaluate whole phases in gate order (the WebAssembly module's levelled evaluation): a new
//! state re-evaluates the state-only gates [firstLogic, phaseSplit), a joint move the move-dependent gates
//! [phaseSplit, gateCount). Both modes give the same values; `choose_propagation` (calibrate.rs) picks the faster.

use crate::ir::{kind, Ir};

/// How the engine brings gate values up to date after a change of state or joint move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Propagation {
    /// Re-evaluate only the gates whose inputs changed.
    Incremental,
    /// Re-evaluate every gate of the changed phase in order.
    Levelled,
}

#[derive(Clone, Debug)]
pub struct Engine {
    mode: Propagation,
    /// Levelled mode: whether a state query may read a move-dependent gate, so loading a state must also
    /// evaluate the move phase (with no input set), as the incremental mode does.
    state_reads_moves: bool,
    values: Vec<u8>,
    counts: Vec<u32>,
    /// Per logic gate, `need << 1 | invert`: the gate holds when (true inputs >= need) XOR invert
    /// (AND: need = inputs, OR: need = 1, NOT: need = 1 inverted), one load instead of kind and offsets.
    rule: Vec<u32>,
    /// The levelled mode's schedule and per-gate input/output inversions (see `sweep`).
    runs: Vec<Run>,
    flips: Vec<u8>,
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
    /// An incremental engine for a validated IR, holding the state with no base and no input set.
    pub fn new(ir: &Ir) -> Engine {
        Engine::with_propagation(ir, Propagation::Incremental)
    }

    pub fn with_propagation(ir: &Ir, mode: Propagation) -> Engine {
        let n = ir.gate_count;
        let split = ir.phase_split as u32;
        let state_reads_moves = ir
            .legal_gate
            .iter()
            .chain(ir.goal_gate)
            .chain(ir.init_gate)
            .any(|&g| g >= split)
            || ir.terminal_gate >= ir.phase_split;
        let largest = ir
            .cycle_range
            .chunks_exact(2)
            .map(|c| (c[1] - c[0]) as usize)
            .max()
            .unwrap_or(0);
        let mut engine = Engine {
            mode,
            state_reads_moves,
            values: vec![0; n],
            counts: vec![0; n],
            rule: (0..n)
                .map(|g| match ir.gate_kind[g] {
                    kind::AND => (ir.fanin_of(g).len() as u32) << 1,
                    kind::NOT => 1 << 1 | 1,
                    _ => 1 << 1,
                })
                .collect(),
            runs: runs(ir),
            flips: ir
                .gate_kind
                .iter()
                .map(|&k| match k {
                    kind::AND => 0b11,
                    kind::NOT => 0b10,
                    _ => 0,
                })
                .collect(),
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

    /// Gate values after the last `load`/`apply_inputs`, one byte (0 or 1) per gate. In levelled mode the
    /// move-dependent gates [phaseSplit, gateCount) are current only after `apply_inputs` (or when a state
    /// query reads one of them, see `state_reads_moves`).
    #[inline]
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    #[inline]
    pub fn holds(&self, gate: u32) -> bool {
        self.values[gate as usize] != 0
    }

    pub fn propagation(&self) -> Propagation {
        self.mode
    }

    fn evaluate_all(&mut self, ir: &Ir) {
        self.values.fill(0);
        self.values[1] = 1;
        self.evaluate_range(ir, ir.first_logic, ir.gate_count);
    }

    /// Evaluates gates [start, end) in order from their inputs (counts kept for the incremental mode).
    fn evaluate_range(&mut self, ir: &Ir, start: usize, end: usize) {
        for g in start..end {
            let c = ir.cycle_of[g];
            if c >= 0 {
                if g == ir.cycle_range[2 * c as usize] as usize {
                    self.derive_cycle(ir, c as usize, false);
                }
                continue;
            }
            let count = ir
                .fanin_of(g)
                .iter()
                .map(|&x| self.values[x as usize] as u32)
                .sum();
            self.counts[g] = count;
            self.values[g] = evaluate(ir, g, count);
        }
    }

    /// Makes `state` (a bit set over bases, `ir.state_words()` words) current, with no input set.
    // An index loop: `set_source` needs `self` mutably while `loaded` is walked.
    #[allow(clippy::needless_range_loop)]
    pub fn load(&mut self, ir: &Ir, state: &[u32]) {
        if self.mode == Propagation::Levelled {
            return self.load_levelled(ir, state);
        }
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
        if self.mode == Propagation::Levelled {
            return self.apply_levelled(ir, inputs);
        }
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

    // An index loop: the base gates are written while `loaded` is walked.
    #[allow(clippy::needless_range_loop)]
    fn load_levelled(&mut self, ir: &Ir, state: &[u32]) {
        for g in self.active.drain(..) {
            self.values[g as usize] = 0;
        }
        let mut changed = false;
        for w in 0..self.loaded.len() {
            let mut diff = self.loaded[w] ^ state[w];
            if diff == 0 {
                continue;
            }
            changed = true;
            self.loaded[w] = state[w];
            while diff != 0 {
                let bit = diff.trailing_zeros() as usize;
                diff &= diff - 1;
                self.values[ir.base_gate[w * 32 + bit] as usize] ^= 1;
            }
        }
        // State-only gates do not read inputs, so an unchanged state leaves them valid.
        if changed {
            self.evaluate_levelled(ir, ir.first_logic, ir.phase_split);
        }
        if self.state_reads_moves {
            self.evaluate_levelled(ir, ir.phase_split, ir.gate_count);
        }
    }

    fn apply_levelled(&mut self, ir: &Ir, inputs: &[u32]) {
        for g in self.active.drain(..) {
            self.values[g as usize] = 0;
        }
        for &i in inputs {
            let g = ir.input_gate[i as usize];
            self.active.push(g);
            self.values[g as usize] = 1;
        }
        self.evaluate_levelled(ir, ir.phase_split, ir.gate_count);
    }

    /// The levelled sweep over gates [start, end) (a phase): plain runs of gates as branch-free AND/OR folds
    /// over their input bytes, walking `fanin` in order; cyclic components re-derived whole.
    fn evaluate_levelled(&mut self, ir: &Ir, start: usize, end: usize) {
        let first = self.runs.partition_point(|run| run.start < start);
        for r in first..self.runs.len() {
            let run = self.runs[r];
            if run.start >= end {
                break;
            }
            if run.cycle >= 0 {
                self.derive_cycle(ir, run.cycle as usize, false);
            } else {
                sweep(&mut self.values, &self.flips, ir, run.start, run.end);
            }
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
        let delta = if value != 0 { 1 } else { u32::MAX };
        for &f in ir.fanout_of(g) {
            let f = f as usize;
            if skip >= 0 && ir.cycle_of[f] == skip {
                continue;
            }
            self.counts[f] = self.counts[f].wrapping_add(delta);
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
            let rule = self.rule[g];
            let v = (self.counts[g] >= rule >> 1) as u8 ^ (rule & 1) as u8;
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
            let count = ir
                .fanin_of(g)
                .iter()
                .map(|&x| self.values[x as usize] as u32)
                .sum();
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

/// Evaluates the acyclic gates [start, end) in order, without a branch on the gate kind: every gate is an OR
/// of its inputs, each XORed with `in`, the result XORed with `out` (AND = NOT OR NOT, NOT = NOT OR).
fn sweep(values: &mut [u8], flips: &[u8], ir: &Ir, start: usize, end: usize) {
    let offsets = &ir.fanin_start[start..=end];
    for (i, &flip) in flips[start..end].iter().enumerate() {
        let inputs = &ir.fanin[offsets[i] as usize..offsets[i + 1] as usize];
        let flip_in = flip & 1;
        let any = inputs
            .iter()
            .fold(0, |acc, &x| acc | (values[x as usize] ^ flip_in));
        values[start + i] = any ^ (flip >> 1);
    }
}

/// A maximal run of logic gates outside cycles (`cycle` = -1), or one cyclic component.
#[derive(Clone, Copy, Debug)]
struct Run {
    start: usize,
    end: usize,
    cycle: i32,
}

/// The logic gates cut into runs at cycle and phase boundaries, in gate order.
fn runs(ir: &Ir) -> Vec<Run> {
    let mut out = Vec::new();
    let mut g = ir.first_logic;
    while g < ir.gate_count {
        let c = ir.cycle_of[g];
        let end = if c >= 0 {
            ir.cycle_range[2 * c as usize + 1] as usize
        } else {
            let limit = if g < ir.phase_split {
                ir.phase_split
            } else {
                ir.gate_count
            };
            (g..limit).find(|&x| ir.cycle_of[x] >= 0).unwrap_or(limit)
        };
        out.push(Run {
            start: g,
            end,
            cycle: c,
        });
        g = end;
    }
    out
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
