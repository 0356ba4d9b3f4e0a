//! AND gates of the differential nets (differential.rs) absorbed into the AND gates that read them: a shared
//! AND whose every reader is itself an AND of the stepped, acyclic part gives those readers its inputs, and
//! no longer flips. The grounder shares prefixes such as speedchess's "the squares along this ray are
//! empty" (ANDs of 2 in a chain, each prefix read by 4–10 legal and next gates), so a square's change flips
//! the chain after it; absorbed, it moves the counters of the gates that read the squares and flips only
//! those that cross (ggplib's nets come without the sharing). More counter moves, fewer flips: a flip costs a
//! mispredicted crossing and a call. Readers capped at `ABSORB_FANOUT` (differential.rs): 16–64 measured
//! alike on speedchess, 4 kept half the gain, no cap lost some on skirmish and checkers.

use crate::ir::{kind, Ir};

/// Gates whose inputs and readers the absorption changed, as lists per gate (CSR) over the whole net.
#[derive(Clone, Debug)]
pub(crate) struct Flattened {
    pub(crate) absorbed: Vec<bool>,
    in_start: Vec<u32>,
    inputs: Vec<u32>,
    out_start: Vec<u32>,
    readers: Vec<u32>,
}

impl Flattened {
    /// The inputs whose values gate `g`'s counter counts (an input may repeat).
    pub(crate) fn inputs_of(&self, g: usize) -> &[u32] {
        &self.inputs[self.in_start[g] as usize..self.in_start[g + 1] as usize]
    }

    /// The gates that count `g` among their inputs (once per occurrence).
    pub(crate) fn readers_of(&self, g: usize) -> &[u32] {
        &self.readers[self.out_start[g] as usize..self.out_start[g + 1] as usize]
    }
}

/// Inputs an absorbed gate may hand on (its own absorbed inputs' included).
const MAX_INPUTS: usize = 64;

/// Absorbs every AND gate with at most `max_fanout` readers and `MAX_INPUTS` inputs (after absorbing its
/// own) that is stepped, acyclic, not an output (legal, next, goal, terminal) and read only by stepped
/// acyclic ANDs or by gates outside both cones.
pub(crate) fn flatten_ands(
    ir: &Ir,
    stepped: &[bool],
    goal: &[bool],
    max_fanout: usize,
) -> Flattened {
    let n = ir.gate_count;
    let mut output = vec![false; n];
    for &g in ir.legal_gate.iter().chain(ir.base_next).chain(ir.goal_gate) {
        output[g as usize] = true;
    }
    output[ir.terminal_gate] = true;
    let and_step = |g: usize| ir.gate_kind[g] == kind::AND && stepped[g] && ir.cycle_of[g] < 0;
    let mut absorbed = vec![false; n];
    let mut in_start = vec![0u32];
    let mut inputs = Vec::with_capacity(ir.fanin.len());
    // In gate order: an acyclic gate's inputs have lower ids (levelled IR), so whether they are absorbed
    // and their lists are known when it is reached.
    for g in 0..n {
        if g >= ir.first_logic && ir.gate_kind[g] == kind::AND && ir.cycle_of[g] < 0 {
            for &x in ir.fanin_of(g) {
                if absorbed[x as usize] {
                    let s = in_start[x as usize] as usize..in_start[x as usize + 1] as usize;
                    inputs.extend_from_within(s);
                } else {
                    inputs.push(x);
                }
            }
        } else {
            inputs.extend_from_slice(ir.fanin_of(g));
        }
        let count = inputs.len() - *in_start.last().expect("starts at 0") as usize;
        in_start.push(inputs.len() as u32);
        // The size bound keeps a shared subtree from being copied into its readers without end.
        absorbed[g] = g >= ir.first_logic
            && and_step(g)
            && !output[g]
            && count <= MAX_INPUTS
            && ir.fanout_of(g).len() <= max_fanout
            && ir.fanout_of(g).iter().all(|&f| {
                let f = f as usize;
                and_step(f) || (!stepped[f] && !goal[f])
            });
    }
    let mut count = vec![0u32; n + 1];
    for g in 0..n {
        if !absorbed[g] {
            for &x in &inputs[in_start[g] as usize..in_start[g + 1] as usize] {
                count[x as usize + 1] += 1;
            }
        }
    }
    for g in 0..n {
        count[g + 1] += count[g];
    }
    let out_start = count.clone();
    let mut readers = vec![0u32; count[n] as usize];
    for g in 0..n {
        if !absorbed[g] {
            for &x in &inputs[in_start[g] as usize..in_start[g + 1] as usize] {
                readers[count[x as usize] as usize] = g as u32;
                count[x as usize] += 1;
            }
        }
    }
    Flattened {
        absorbed,
        in_start,
        inputs,
        out_start,
        readers,
    }
}
