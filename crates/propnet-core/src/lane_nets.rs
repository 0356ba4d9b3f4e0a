//! The nets of the bit-sliced playouts (lanes.rs), specialised as the differential executor's are: one word
//! net per combination of the split bases' values (control_split.rs: the side to move), with the gates those
//! values decide folded away, and in every net the gates only the goals read evaluated only when a lane ends
//! (fold.rs). A block runs, at each step, the net of the combination most of its live lanes are in; the
//! other lanes wait for their side's turn. In an alternating game all lanes move in step, and a lane that
//! starts over waits at most one step.
//!
//! A combination the split's trial never met runs on a net with no base fixed, which fits every state.

use crate::error::Result;
use crate::fold::fold_constants;
use crate::ir::Ir;
use crate::wordnet::WordNet;

/// One specialised net and what a lane runner reads through it.
#[derive(Clone, Debug)]
pub(crate) struct LaneSide {
    /// The combination of the split bases' values (bit i: base `split[i]`), or None for the net that fits
    /// every state.
    key: Option<u32>,
    pub(crate) net: WordNet,
    /// Per role, the legal entries that may hold on this side (the others are folded to false), in IR
    /// order, as their legal gates and the input gates of their moves.
    legal_start: Vec<u32>,
    legal_gate: Vec<u32>,
    move_input: Vec<u32>,
    /// Folded gates the runner reads (terminal, goals, next, legal entries that always hold) and their words.
    pub(crate) fixed: Vec<(u32, u64)>,
}

impl LaneSide {
    fn new(ir: &Ir, key: Option<u32>, fixed_bases: &[(u32, bool)]) -> Result<LaneSide> {
        let constant = fold_constants(ir, fixed_bases);
        let net = WordNet::compile_specialised(ir, &constant)?;
        let mut legal_start = vec![0];
        let (mut legal_gate, mut move_input) = (Vec::new(), Vec::new());
        for r in 0..ir.role_count {
            for l in ir.legal_range(r) {
                if constant[ir.legal_gate[l] as usize] != 0 {
                    legal_gate.push(ir.legal_gate[l]);
                    move_input.push(ir.input_gate[ir.legal_input[l] as usize]);
                }
            }
            legal_start.push(legal_gate.len() as u32);
        }
        // The waiting side's legal gates, folded to false, are read by nothing (not in `legal_gate`): left
        // out, they are not rewritten at each step (speedchess: thousands).
        let read = legal_gate
            .iter()
            .chain(ir.goal_gate)
            .chain(ir.base_next)
            .copied()
            .chain([ir.terminal_gate as u32]);
        let mut fixed: Vec<(u32, u64)> = read
            .filter(|&g| g as usize >= ir.first_logic && constant[g as usize] >= 0)
            .map(|g| (g, 0u64.wrapping_sub(constant[g as usize] as u64)))
            .collect();
        fixed.sort_unstable();
        fixed.dedup();
        Ok(LaneSide {
            key,
            net,
            legal_start,
            legal_gate,
            move_input,
            fixed,
        })
    }

    /// The legal entries of role `r` that may hold on this side, in IR order: their legal gates and the
    /// input gates of their moves.
    pub(crate) fn legal(&self, r: usize) -> (&[u32], &[u32]) {
        let range = self.legal_start[r] as usize..self.legal_start[r + 1] as usize;
        (&self.legal_gate[range.clone()], &self.move_input[range])
    }
}

/// The word nets of a game for bit-sliced playouts: one per combination met of the split bases, and one
/// that fits every state.
#[derive(Clone, Debug)]
pub struct LaneNets {
    /// Gates of the split bases.
    split_gates: Vec<u32>,
    /// The combinations' nets, then the net for every state.
    sides: Vec<LaneSide>,
    gate_count: usize,
}

impl LaneNets {
    /// Nets split on the bases `split` (base indices, at most 31), one per combination of `keys` (bit i:
    /// the value of `split[i]`); with no split, one net.
    pub fn new(ir: &Ir, split: &[u32], keys: &[u32]) -> Result<LaneNets> {
        let mut sides = Vec::with_capacity(keys.len() + 1);
        if !split.is_empty() {
            for &k in keys {
                let fixed: Vec<(u32, bool)> = split
                    .iter()
                    .enumerate()
                    .map(|(i, &b)| (b, k >> i & 1 != 0))
                    .collect();
                sides.push(LaneSide::new(ir, Some(k), &fixed)?);
            }
        }
        sides.push(LaneSide::new(ir, None, &[])?);
        Ok(LaneNets {
            split_gates: split.iter().map(|&b| ir.base_gate[b as usize]).collect(),
            sides,
            gate_count: ir.gate_count,
        })
    }

    pub fn gate_count(&self) -> usize {
        self.gate_count
    }

    /// Number of nets (the combinations' and the one for every state).
    pub fn side_count(&self) -> usize {
        self.sides.len()
    }

    /// The side whose net runs next among the lanes `live` (base words in `values`), and the lanes in it:
    /// the combination most live lanes are in (the first on a tie), lanes in no compiled combination
    /// counting for the net that fits every state.
    pub(crate) fn choose(&self, values: &[u64], live: u64) -> (&LaneSide, u64) {
        let mut best = (self.sides.len() - 1, 0u64);
        let mut unmatched = live;
        for (i, side) in self.sides.iter().enumerate() {
            let lanes = match side.key {
                Some(k) => self
                    .split_gates
                    .iter()
                    .enumerate()
                    .fold(live, |m, (j, &g)| {
                        let word = values[g as usize];
                        m & if k >> j & 1 != 0 { word } else { !word }
                    }),
                None => unmatched,
            };
            unmatched &= !lanes;
            if lanes.count_ones() > best.1.count_ones() {
                best = (i, lanes);
            }
        }
        (&self.sides[best.0], best.1)
    }
}
