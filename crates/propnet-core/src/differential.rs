//! Differential (change-only) propagation for one random playout at a time, the mode a tree search uses.
//!
//! Every logic gate keeps a counter of its true inputs and flips when the counter crosses its threshold; a
//! flip moves its readers' counters by one at once, depth first (as ggplib's recursion; nested past
//! `MAX_DEPTH` flips it is queued instead), and the sources' changes are queued as events. So the work per step
//! follows what changed, not the net size, and nothing is scanned per step:
//! - the legal moves of each role are a bit set over its legal entries, flipped by the legal gates
//!   themselves, with a count per role (a draw takes the k-th set bit, in IR order);
//! - the next state is a bit set flipped by the `next` gates, so a step copies it;
//! - a NOT gate is folded into its input (ggplib's inverted components): its readers and outputs become
//!   the input's, marked `INVERT` so a rise moves them as a fall, and the NOT never flips (speedchess: ~11
//!   NOT flips per state);
//! - a shared AND read only by ANDs is absorbed into them (and_flatten.rs): they count its inputs and it
//!   never flips (speedchess's chains of "the squares along this ray are empty": 95 → 55 flips per state,
//!   545 → 668 counter moves, as ggplib's nets, which lack the sharing: 70 and 667);
//! - loading the next state flips only the bases that differ;
//! - gates that only the goals read (the goal cone) are left out of the propagation and evaluated once, at
//!   the terminal state of a playout, unless the net steps the goals (`goals_stepped`, chosen by timing in
//!   calibrate.rs: with playouts of 3 steps tron_10x10 spent about half its time evaluating the cone);
//! - a joint move stays set after its step, and the next step on the same net changes only the roles'
//!   inputs that differ (ggplib keeps the last move the same way): on a net of one side to move the waiting
//!   role's `noop` is set once and never toggled, which spared breakthrough's nets ~290 of their ~320 flips
//!   per step. Legal, goal and terminal gates must not read an input for that (`Ir::state_reads_moves`);
//!   otherwise each step clears its inputs again.
//!
//! A counter holds (true inputs - need), wrapping, so a gate's threshold is crossed exactly when a rise
//! makes it 0 or a fall leaves 0; the hot loop reads only the counters (4 bytes per gate) and the flags on
//! a crossing.
//!
//! The legal bit sets are in IR order, so a draw picks the entry `playout::playouts` would pick.
//!
//! A cyclic component of positive views is re-derived whole as a least fixpoint whenever one of its external
//! inputs flips (giga13-09 section 3.1), as in engine.rs; the re-derivation reads current values, and the
//! last event into the component comes after the last change of its inputs, so the final values are exact.

use crate::and_flatten::{flatten_ands, Flattened};
use crate::fold::{fold_constants, step_and_goal_cones};
use crate::ir::{kind, Ir};

/// An event's direction bit: set when the gate became true.
const RISE: u32 = 1 << 31;
/// A gate's word of `DifferentialNet::meta`: bit 0 inverts, bits 1..=27 hold `need`.
const NEED_MASK: u32 = (1 << 27) - 1;
/// A reader entry with this bit is not a counter to move (the last run of a gate's entries): a cyclic component
/// to re-derive (`CYCLE_READER`), or an output the flipping gate drives — a legal entry's bit (`LEGAL_OUT`)
/// or a next base (`NEXT_OUT`). Outputs as entries, after the readers, keep a flip down to its gate's own
/// 8 bytes (`Gate`), as ggplib's components are: no flag word or output table is read when a gate flips.
const SPECIAL: u32 = 1 << 31;
const CYCLE_READER: u32 = SPECIAL;
const LEGAL_OUT: u32 = SPECIAL | 1 << 30;
const NEXT_OUT: u32 = SPECIAL | 1 << 30 | 1 << 29;
/// An entry with this bit sees the flipping gate inverted: it came from a NOT gate folded into its input
/// (`DifferentialNet::new`), so a rise moves it as a fall and the NOT itself never flips.
const INVERT: u32 = 1 << 28;
const PAYLOAD: u32 = INVERT - 1;
/// Shared AND gates with at most this many readers are absorbed into them (and_flatten.rs).
const ABSORB_FANOUT: usize = 32;
/// Nested flips applied at once before the rest are queued (`DifferentialRun::visit`).
const MAX_DEPTH: u32 = 200;
/// No input set for a role (`DifferentialRun::inputs`).
const NO_INPUT: u32 = u32::MAX;

/// The net compiled for differential propagation: readers restricted to the gates a playout steps through,
/// and per gate the legal entries and bases it drives. Built once per IR, shared by every run.
#[derive(Clone, Debug)]
pub struct DifferentialNet {
    /// Per gate, `flags | need << 1 | invert` (see `NEED_MASK`): a logic gate holds when (true inputs >= need)
    /// XOR invert (AND: need = inputs, OR: need = 1, NOT: need = 1 inverted).
    meta: Vec<u32>,
    /// Readers of each gate inside the stepped part of the net, then the legal bits and next bases the gate
    /// drives (CSR; see `SPECIAL`), those of a folded NOT reader included with `INVERT` (`push_entries`).
    reader_start: Vec<u32>,
    reader: Vec<u32>,
    /// First word of each role's segment of the legal bit set (`role_count + 1` entries), and the role of
    /// each word.
    legal_word: Vec<usize>,
    word_role: Vec<u32>,
    /// Gates only the goals need, in gate order: evaluated at terminal states only.
    goal_cone: Vec<u32>,
    /// Gates a step propagates through, in gate order (the initial evaluation), folded NOTs included.
    stepped: Vec<u32>,
    /// How many of `stepped` may flip: those not folded into their readers.
    flipping: usize,
    /// Per gate, its folded value (0 or 1) or -1 when it is not constant.
    constant: Vec<i8>,
    /// The fixed bases as a state mask: loading a state leaves them alone.
    fixed_mask: Vec<u32>,
    /// Whether a step's inputs may stay set after it (no legal, goal or terminal gate reads an input).
    keep_inputs: bool,
    /// The inputs each gate counts and the readers of each gate, shared ANDs absorbed (and_flatten.rs).
    flat: Flattened,
}

impl DifferentialNet {
    /// Whether a net of `gates` gates over `bases` bases fits the reader entries' payload; a larger one
    /// keeps the engine's propagation (`choose_differential`) instead of failing in `new`.
    pub fn fits(gates: usize, bases: usize) -> bool {
        gates <= PAYLOAD as usize && bases <= PAYLOAD as usize
    }

    /// The net for states in which each base of `fixed` has the given value: gates those values decide are
    /// folded to constants and leave the propagation (control splitting: one net per side to move). With
    /// `goals_stepped` the goal gates propagate with every step instead of being evaluated at the terminal
    /// state: cheaper when playouts are a few steps long and the goal cone is large (tron_10x10).
    pub fn new(ir: &Ir, fixed: &[(u32, bool)], goals_stepped: bool) -> DifferentialNet {
        let n = ir.gate_count;
        let constant = fold_constants(ir, fixed);
        let (stepped_mask, goal_mask) = step_and_goal_cones(ir, &constant, goals_stepped);
        let mut fixed_mask = vec![0u32; ir.state_words()];
        for &(b, _) in fixed {
            fixed_mask[b as usize >> 5] |= 1 << (b & 31);
        }
        let mut legal_word = vec![0];
        for r in 0..ir.role_count {
            legal_word.push(legal_word[r] + ir.legal_range(r).len().div_ceil(64));
        }
        let word_role: Vec<u32> = (0..ir.role_count)
            .flat_map(|r| std::iter::repeat_n(r as u32, legal_word[r + 1] - legal_word[r]))
            .collect();
        let mut legal_bits: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (r, &first) in legal_word[..ir.role_count].iter().enumerate() {
            let range = ir.legal_range(r);
            for l in range.clone() {
                let bit = first * 64 + (l - range.start);
                legal_bits[ir.legal_gate[l] as usize].push(bit as u32);
            }
        }
        let mut next_bases: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (b, &g) in ir.base_next.iter().enumerate() {
            next_bases[g as usize].push(b as u32);
        }
        assert!(
            Self::fits(n, ir.base_count()),
            "a differential net holds at most {PAYLOAD} gates (callers check DifferentialNet::fits)"
        );
        let flat = flatten_ands(ir, &stepped_mask, &goal_mask, ABSORB_FANOUT);
        let folded = folded_nots(ir, &stepped_mask, &goal_mask);
        let mut reader_start = Vec::with_capacity(n + 1);
        let mut reader = Vec::new();
        reader_start.push(0);
        let mut groups: [Vec<u32>; 3] = Default::default();
        for g in 0..n {
            if !folded[g] {
                push_entries(
                    ir,
                    &flat,
                    &stepped_mask,
                    &folded,
                    &legal_bits,
                    &next_bases,
                    g,
                    0,
                    &mut groups,
                );
                for group in &mut groups {
                    reader.append(group);
                }
            }
            reader_start.push(reader.len() as u32);
        }
        DifferentialNet {
            meta: (0..n)
                .map(|g| match ir.gate_kind[g] {
                    kind::AND => (flat.inputs_of(g).len() as u32 & NEED_MASK) << 1,
                    kind::NOT => 1 << 1 | 1,
                    _ => 1 << 1,
                })
                .collect(),
            reader_start,
            reader,
            legal_word,
            word_role,
            goal_cone: (ir.first_logic..n)
                .filter(|&g| goal_mask[g])
                .map(|g| g as u32)
                .collect(),
            stepped: (ir.first_logic..n)
                .filter(|&g| stepped_mask[g])
                .map(|g| g as u32)
                .collect(),
            flipping: (ir.first_logic..n)
                .filter(|&g| stepped_mask[g] && !folded[g] && !flat.absorbed[g])
                .count(),
            constant,
            fixed_mask,
            keep_inputs: !ir.state_reads_moves(),
            flat,
        }
    }

    /// How many logic gates a step may flip: the stepped gates but the NOTs folded into their readers.
    pub fn flipping_gates(&self) -> usize {
        self.flipping
    }

    /// The value gate `g` is folded to on this net, or None when it varies.
    pub fn constant_value(&self, g: usize) -> Option<bool> {
        self.constant
            .get(g)
            .and_then(|&c| (c >= 0).then_some(c == 1))
    }
}

/// A gate's counter and where its reader entries start, side by side: a counter move and the flip it may
/// cause touch one 8-byte slot (the entries end where the next gate's start).
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
struct Gate {
    /// For a logic gate, its true inputs minus its need, wrapping (see the module comment).
    count: u32,
    /// Index of its first entry in `DifferentialNet::reader`.
    start: u32,
}

/// The mutable side of differential propagation: gate values and counters, the legal and next bit sets,
/// the loaded state. One per thread; it persists between calls so a new start state costs only its diff.
#[derive(Clone, Debug)]
pub struct DifferentialRun {
    pub(crate) values: Vec<u8>,
    /// Per gate, then one sentinel holding the end of the last gate's entries.
    gates: Vec<Gate>,
    events: Vec<u32>,
    /// Per role, the input gate set by the last step on this net, or `NO_INPUT`.
    inputs: Vec<u32>,
    legal: Vec<u64>,
    pub(crate) legal_count: Vec<u32>,
    pub(crate) next: Vec<u32>,
    loaded: Vec<u32>,
    /// Scratch of `derive_cycle`: the members' values before, and the fixpoint's work list.
    cycle_old: Vec<u8>,
    cycle_work: Vec<u32>,
}

impl DifferentialRun {
    /// A run holding the state with no base and no input set.
    pub fn new(ir: &Ir, net: &DifferentialNet) -> DifferentialRun {
        let mut run = DifferentialRun {
            values: vec![0; ir.gate_count],
            gates: net
                .reader_start
                .iter()
                .map(|&start| Gate { count: 0, start })
                .collect(),
            events: Vec::with_capacity(ir.gate_count),
            inputs: vec![NO_INPUT; ir.role_count],
            legal: vec![0; net.legal_word[ir.role_count]],
            legal_count: vec![0; ir.role_count],
            next: vec![0; ir.state_words()],
            loaded: vec![0; ir.state_words()],
            cycle_old: Vec::new(),
            cycle_work: Vec::new(),
        };
        for (g, &c) in net.constant.iter().enumerate() {
            if c >= 0 {
                run.values[g] = c as u8;
            }
        }
        run.evaluate_in_order(ir, net, &net.stepped);
        for g in 0..ir.gate_count {
            for &entry in run.entries(net, g) {
                if (run.values[g] != 0) != (entry & INVERT != 0) {
                    run.mark_output::<true>(net, entry);
                }
            }
        }
        run
    }

    /// The reader entries of gate `g`, outputs included (see `SPECIAL`).
    #[inline(always)]
    fn entries<'n>(&self, net: &'n DifferentialNet, g: usize) -> &'n [u32] {
        // SAFETY: `gates` has gate_count + 1 slots and `g` is a gate id (an event's or a reader's, both
        // below gate_count by `Ir::validate`); the starts are offsets into `reader`, made in order by
        // `DifferentialNet::new`. This is the hot path of a playout.
        unsafe {
            let start = self.gates.get_unchecked(g).start as usize;
            let end = self.gates.get_unchecked(g + 1).start as usize;
            net.reader.get_unchecked(start..end)
        }
    }

    /// Counts the true inputs of logic gate `g` from scratch; returns whether it then holds.
    fn count_inputs(&mut self, net: &DifferentialNet, g: usize) -> u8 {
        let count: u32 = net
            .flat
            .inputs_of(g)
            .iter()
            .map(|&x| self.values[x as usize] as u32)
            .sum();
        self.gates[g].count = count.wrapping_sub(need(net.meta[g]));
        holds(net.meta[g], self.gates[g].count)
    }

    /// Counts the true inputs of logic gate `g` from scratch and sets its value.
    fn recount(&mut self, net: &DifferentialNet, g: usize) {
        self.values[g] = self.count_inputs(net, g);
    }

    /// Applies an output entry (`LEGAL_OUT` or `NEXT_OUT`) of a gate that rose (`RISE`) or fell.
    #[inline]
    fn mark_output<const RISE: bool>(&mut self, net: &DifferentialNet, entry: u32) {
        let payload = entry & PAYLOAD;
        if entry & NEXT_OUT == NEXT_OUT {
            self.next[payload as usize >> 5] ^= 1 << (payload & 31);
        } else if entry & LEGAL_OUT == LEGAL_OUT {
            let word = payload as usize >> 6;
            self.legal[word] ^= 1 << (payload & 63);
            let count = &mut self.legal_count[net.word_role[word] as usize];
            *count = if RISE {
                count.wrapping_add(1)
            } else {
                count.wrapping_sub(1)
            };
        }
    }

    /// Sets source gate `g` (a base or an input) to `value`, queueing the change.
    #[inline]
    pub(crate) fn set_source(&mut self, g: u32, value: u8) {
        if self.values[g as usize] != value {
            self.values[g as usize] = value;
            self.queue(g as usize, value);
        }
    }

    /// Queues the change of gate `g` to `value` for its readers and outputs, if it has any.
    #[inline(always)]
    fn queue(&mut self, g: usize, value: u8) {
        // SAFETY: as in `entries`.
        let has_entries =
            unsafe { self.gates.get_unchecked(g).start != self.gates.get_unchecked(g + 1).start };
        if has_entries {
            self.events
                .push(g as u32 | if value != 0 { RISE } else { 0 });
        }
    }

    /// Sets the joint move's input gates (one per role) on the loaded state: only a role whose input differs
    /// from the last step's on this net changes, and the inputs stay set until the next call or
    /// `clear_inputs`. Propagate afterwards. The old input's fall is queued first so the new one's rise
    /// propagates first (as ggplib orders them): a gate true for any move of the role (checkers' "a piece
    /// moved") then stays up instead of falling and rising again with its cone, ~180 flips per state.
    pub(crate) fn set_inputs(&mut self, gates: &[u32]) {
        for (r, &g) in gates.iter().enumerate() {
            let old = self.inputs[r];
            if old != g {
                if old != NO_INPUT {
                    self.set_source(old, 0);
                }
                self.set_source(g, 1);
                self.inputs[r] = g;
            }
        }
    }

    /// Clears the inputs after a step unless the net may keep them (`keep_inputs`); the change is propagated
    /// with the next load.
    pub(crate) fn end_step(&mut self, net: &DifferentialNet) {
        if net.keep_inputs {
            return;
        }
        for r in 0..self.inputs.len() {
            let g = std::mem::replace(&mut self.inputs[r], NO_INPUT);
            if g != NO_INPUT {
                self.set_source(g, 0);
            }
        }
    }

    /// Applies the queued flips depth first until no counter crosses its threshold.
    pub(crate) fn propagate(&mut self, ir: &Ir, net: &DifferentialNet) {
        while let Some(event) = self.events.pop() {
            let entries = self.entries(net, (event & !RISE) as usize);
            if event & RISE != 0 {
                self.move_readers::<true>(ir, net, entries, 0);
            } else {
                self.move_readers::<false>(ir, net, entries, 0);
            }
        }
    }

    /// Moves the counters of the readers `entries` of a gate that rose (`RISE`) or fell, and flips those
    /// that crossed: a rise crosses when it makes the counter 0, a fall when it leaves 0; applies the gate's
    /// outputs and re-derives the cyclic components it feeds. One copy per direction keeps the loop free of
    /// a branch on it.
    #[inline(always)]
    fn move_readers<const RISE: bool>(
        &mut self,
        ir: &Ir,
        net: &DifferentialNet,
        entries: &[u32],
        depth: u32,
    ) {
        // The entries come in three runs (`push_entries`): plain readers, readers through a folded NOT, then
        // the special entries; a loop per run keeps the plain readers' loop as tight as with no NOT folded
        // (one test per entry: a branch-free sign or one loop testing both bits cost checkers 7-15 %).
        let n = entries.len();
        let mut i = 0;
        // SAFETY (the three reads): i < n = entries.len().
        while i < n {
            let f = unsafe { *entries.get_unchecked(i) };
            if f >= INVERT {
                break;
            }
            self.move_counter::<RISE>(ir, net, f, depth);
            i += 1;
        }
        while i < n {
            let f = unsafe { *entries.get_unchecked(i) };
            if f & SPECIAL != 0 {
                break;
            }
            if RISE {
                self.move_counter::<false>(ir, net, f & PAYLOAD, depth);
            } else {
                self.move_counter::<true>(ir, net, f & PAYLOAD, depth);
            }
            i += 1;
        }
        while i < n {
            let f = unsafe { *entries.get_unchecked(i) };
            self.special::<RISE>(ir, net, f);
            i += 1;
        }
    }

    /// Moves the counter of reader `f` up (`RISE`) or down and flips it when it crossed.
    #[inline(always)]
    fn move_counter<const RISE: bool>(
        &mut self,
        ir: &Ir,
        net: &DifferentialNet,
        f: u32,
        depth: u32,
    ) {
        // SAFETY: plain reader entries are gate ids below `gate_count` (checked by `Ir::validate`), the
        // length of `values` and less than that of `gates`; this loop is the hot path of a playout.
        let count = unsafe { &mut self.gates.get_unchecked_mut(f as usize).count };
        let crossed = if RISE {
            *count = count.wrapping_add(1);
            *count == 0
        } else {
            let was = *count;
            *count = was.wrapping_sub(1);
            was == 0
        };
        if crossed {
            let value = unsafe {
                let value = self.values.get_unchecked_mut(f as usize);
                *value ^= 1;
                *value
            };
            self.visit(ir, net, f as usize, value, depth + 1);
        }
    }

    /// Applies a flip of `g` to its readers at once, depth first, as ggplib's recursion does; past
    /// `MAX_DEPTH` nested flips it is queued instead, so a long chain cannot exhaust the stack.
    #[inline(never)]
    fn visit(&mut self, ir: &Ir, net: &DifferentialNet, g: usize, value: u8, depth: u32) {
        if depth >= MAX_DEPTH {
            self.queue(g, value);
            return;
        }
        let entries = self.entries(net, g);
        if value != 0 {
            self.move_readers::<true>(ir, net, entries, depth);
        } else {
            self.move_readers::<false>(ir, net, entries, depth);
        }
    }

    /// The entries that are not counters: a cyclic component to re-derive, or an output of a gate that rose
    /// (`RISE`) or fell, seen through a folded NOT when the entry has `INVERT`.
    #[cold]
    fn special<const RISE: bool>(&mut self, ir: &Ir, net: &DifferentialNet, entry: u32) {
        if entry & INVERT != 0 {
            let entry = entry & !INVERT;
            if RISE {
                self.special::<false>(ir, net, entry);
            } else {
                self.special::<true>(ir, net, entry);
            }
        } else if entry & LEGAL_OUT == LEGAL_OUT {
            self.mark_output::<RISE>(net, entry);
        } else {
            let c = ir.cycle_of[(entry & PAYLOAD) as usize];
            self.derive_cycle(ir, net, c as usize, true);
        }
    }

    /// Re-derives cyclic component `c` as the least fixpoint of its current external inputs; members that
    /// changed are queued (their readers inside the component are skipped by `propagate`).
    fn derive_cycle(&mut self, ir: &Ir, net: &DifferentialNet, c: usize, notify: bool) {
        let s = ir.cycle_range[2 * c] as usize;
        let e = ir.cycle_range[2 * c + 1] as usize;
        self.cycle_old.clear();
        self.cycle_old.extend_from_slice(&self.values[s..e]);
        self.values[s..e].fill(0);
        self.cycle_work.clear();
        for g in s..e {
            if self.count_inputs(net, g) != 0 {
                self.cycle_work.push(g as u32);
            }
        }
        while let Some(g) = self.cycle_work.pop() {
            let g = g as usize;
            if self.values[g] != 0 {
                continue;
            }
            self.values[g] = 1;
            for &f in ir.fanout_of(g) {
                let f = f as usize;
                if ir.cycle_of[f] != c as i32 {
                    continue;
                }
                self.gates[f].count = self.gates[f].count.wrapping_add(1);
                if self.values[f] == 0 && holds(net.meta[f], self.gates[f].count) != 0 {
                    self.cycle_work.push(f as u32);
                }
            }
        }
        if !notify {
            return;
        }
        for g in s..e {
            if self.values[g] != self.cycle_old[g - s] {
                self.queue(g, self.values[g]);
            }
        }
    }

    /// Makes `state` current with no input set; only the bases that differ from the loaded state flip. The
    /// queue is last in, first out, so the order in which the changed bases are queued decides which
    /// propagate first, and a gate fed by a rising and a falling base flips twice (with its cone) or not at
    /// all depending on it: an OR over "a piece on any square" when a piece moves stays up if the rise runs
    /// first, an AND of both stays down if the fall does. Which order flips less depends on the game's
    /// net, so `calibrate.rs` times both (`rises_first`).
    pub(crate) fn load(
        &mut self,
        ir: &Ir,
        net: &DifferentialNet,
        state: &[u32],
        rises_first: bool,
    ) {
        // The first batch queued propagates last.
        for rises in [!rises_first, rises_first] {
            for (w, &word) in state.iter().enumerate() {
                let loaded = self.loaded[w];
                let mut diff =
                    (loaded ^ word) & !net.fixed_mask[w] & if rises { word } else { loaded };
                while diff != 0 {
                    let b = w * 32 + diff.trailing_zeros() as usize;
                    diff &= diff - 1;
                    self.set_source(ir.base_gate[b], rises as u8);
                }
            }
        }
        for (loaded, (&word, &fixed)) in self
            .loaded
            .iter_mut()
            .zip(state.iter().zip(&net.fixed_mask))
        {
            *loaded = (*loaded & fixed) | (word & !fixed);
        }
        self.propagate(ir, net);
    }

    /// The legal entry (IR index) of role `r` that is the `k`-th holding one in IR order.
    pub(crate) fn kth_legal(&self, ir: &Ir, net: &DifferentialNet, r: usize, mut k: u32) -> usize {
        for w in net.legal_word[r]..net.legal_word[r + 1] {
            let mut word = self.legal[w];
            if word == 0 {
                continue;
            }
            let ones = word.count_ones();
            if k >= ones {
                k -= ones;
                continue;
            }
            for _ in 0..k {
                word &= word - 1;
            }
            let local = (w - net.legal_word[r]) * 64 + word.trailing_zeros() as usize;
            return ir.legal_start[r] as usize + local;
        }
        unreachable!("k is below the role's legal count")
    }

    /// Evaluates the goal cone from the current values (the stepped gates are up to date).
    pub(crate) fn evaluate_goal_cone(&mut self, ir: &Ir, net: &DifferentialNet) {
        self.evaluate_in_order(ir, net, &net.goal_cone);
    }

    /// Evaluates `gates` (logic gates in gate order) from their inputs; a cyclic component is derived whole
    /// at its first member.
    fn evaluate_in_order(&mut self, ir: &Ir, net: &DifferentialNet, gates: &[u32]) {
        for &g in gates {
            let g = g as usize;
            let c = ir.cycle_of[g];
            if c < 0 {
                self.recount(net, g);
            } else if g == ir.cycle_range[2 * c as usize] as usize {
                self.derive_cycle(ir, net, c as usize, false);
            }
        }
    }

    /// The largest goal value of role `r` that holds (0 when none does), as `Engine::best_goal`; valid after
    /// `evaluate_goal_cone`.
    pub(crate) fn best_goal(&self, ir: &Ir, r: usize) -> i32 {
        ir.goal_range(r)
            .filter(|&k| self.values[ir.goal_gate[k] as usize] != 0)
            .map(|k| ir.goal_value[k])
            .max()
            .unwrap_or(0)
    }
}

/// The NOT gates folded into their readers (ggplib's inverted components): stepped, outside cyclic
/// components, and read only by stepped acyclic gates and outputs. Their value is never read after the
/// first evaluation, so it may go stale: not the terminal or a goal gate, not read by a goal-cone gate or
/// a cyclic component (those read values, not counters).
fn folded_nots(ir: &Ir, stepped: &[bool], goal: &[bool]) -> Vec<bool> {
    let mut folded = vec![false; ir.gate_count];
    let mut read = vec![false; ir.gate_count];
    read[ir.terminal_gate] = true;
    for &g in ir.goal_gate {
        read[g as usize] = true;
    }
    for g in ir.first_logic..ir.gate_count {
        folded[g] = ir.gate_kind[g] == kind::NOT
            && stepped[g]
            && !read[g]
            && ir.cycle_of[g] < 0
            && ir.fanout_of(g).iter().all(|&f| {
                let f = f as usize;
                !goal[f] && (!stepped[f] || ir.cycle_of[f] < 0)
            });
    }
    folded
}

/// Appends the entries of gate `g` (`invert` is 0 or `INVERT`) to `out`'s three runs — plain readers,
/// inverted readers, special entries (`DifferentialRun::move_readers`) — each folded NOT among its readers
/// replaced by that NOT's own entries inverted (two NOTs in a row cancel).
#[allow(clippy::too_many_arguments)]
fn push_entries(
    ir: &Ir,
    flat: &Flattened,
    stepped: &[bool],
    folded: &[bool],
    legal_bits: &[Vec<u32>],
    next_bases: &[Vec<u32>],
    g: usize,
    invert: u32,
    out: &mut [Vec<u32>; 3],
) {
    // A reader in g's own cyclic component is left to that component's re-derivation.
    let c = ir.cycle_of[g];
    for &f in flat.readers_of(g) {
        let fu = f as usize;
        if !stepped[fu] || (c >= 0 && ir.cycle_of[fu] == c) {
            continue;
        }
        if folded[fu] {
            push_entries(
                ir,
                flat,
                stepped,
                folded,
                legal_bits,
                next_bases,
                fu,
                invert ^ INVERT,
                out,
            );
        } else if ir.cycle_of[fu] >= 0 {
            out[2].push(f | CYCLE_READER | invert);
        } else {
            out[(invert != 0) as usize].push(f | invert);
        }
    }
    out[2].extend(legal_bits[g].iter().map(|&bit| LEGAL_OUT | bit | invert));
    out[2].extend(next_bases[g].iter().map(|&b| NEXT_OUT | b | invert));
}

#[inline]
fn need(meta: u32) -> u32 {
    meta >> 1 & NEED_MASK
}

/// Whether a gate with flags `meta` holds when its counter (true inputs - need) is `count`.
#[inline]
fn holds(meta: u32, count: u32) -> u8 {
    ((count as i32) >= 0) as u8 ^ (meta & 1) as u8
}
