//! Bit-sliced random playouts: 64 lanes advance together through the word-compiled net (wordnet.rs), bit k
//! of every gate word being lane k's value. Each lane plays its own playouts with its own generator and the
//! move choice of the scalar path (playout.rs): per state, for each role in order, the legal entries that
//! hold in the lane are listed in IR order and one is drawn with `next_int(count)`. A lane's playouts are
//! therefore exactly the scalar `playouts` with the lane's seed and the number of playouts the lane ran.
//!
//! A block is 64 lanes sharing a quota of playouts: a lane that reaches a terminal state (or the depth cap)
//! records its statistics and, while the block's quota lasts, starts over from the start state on the next
//! step (its base words are replaced during the transition), so lanes stay busy until the quota runs out.
//! The order in which lanes take playouts from the quota is fixed by the lanes' trajectories, never by
//! timing, so a block's result depends only on (IR, start, quota, lane seeds, depth cap).

use crate::error::{CoreError, Result};
use crate::ir::Ir;
use crate::playout::PlayoutStats;
use crate::queries::check_state;
use crate::rng::Rng;
use crate::wordnet::WordNet;

pub const LANES: usize = 64;

/// Per-lane statistics of one block (the fields of `PlayoutStats`, one entry per lane).
#[derive(Clone, Debug)]
struct LaneTally {
    playouts: [u64; LANES],
    total_depth: [u64; LANES],
    min_depth: [u64; LANES],
    max_depth: [u64; LANES],
    truncated: [u64; LANES],
    /// Lane-major: `goal_sums[k * roles + r]`.
    goal_sums: Vec<i64>,
}

/// Scratch of one thread: gate words, per-lane generators, depths and move-choice counters.
pub struct LaneRunner<'n> {
    net: &'n WordNet,
    values: Vec<u64>,
    /// Base words of the next state, built before the base gates are overwritten (a base's next gate may be
    /// a base gate).
    next: Vec<u64>,
    /// Base words of the start state: all ones where the start state holds the base.
    start: Vec<u64>,
    rngs: Vec<Rng>,
    depth: [u64; LANES],
    /// Per lane, while a role's move is chosen: legal entries that hold, then the drawn index still to go.
    count: [u32; LANES],
    /// Bit planes of the per-lane legal counts (enough for the largest role's legal entries).
    planes: Vec<u64>,
    tally: LaneTally,
    /// Whether a legal, goal or terminal gate lies in the move phase, so a state query must also evaluate
    /// the move phase with no input set (as the scalar engine does).
    state_reads_moves: bool,
}

impl<'n> LaneRunner<'n> {
    /// Scratch for `net`, compiled from `ir`, with playouts starting in `start`.
    pub fn new(ir: &Ir, net: &'n WordNet, start: &[u32]) -> Result<LaneRunner<'n>> {
        check_state(ir, start)?;
        if net.gate_count() != ir.gate_count {
            return Err(CoreError::BadArgument(format!(
                "the word net has {} gates, the IR {}",
                net.gate_count(),
                ir.gate_count
            )));
        }
        let split = ir.phase_split as u32;
        let state_reads_moves = ir
            .legal_gate
            .iter()
            .chain(ir.goal_gate)
            .any(|&g| g >= split)
            || ir.terminal_gate >= ir.phase_split;
        Ok(LaneRunner {
            net,
            values: vec![0; net.gate_count()],
            next: vec![0; ir.base_count()],
            start: (0..ir.base_count())
                .map(|b| 0u64.wrapping_sub(u64::from(start[b >> 5] >> (b & 31) & 1)))
                .collect(),
            rngs: vec![Rng::new(0); LANES],
            depth: [0; LANES],
            count: [0; LANES],
            planes: vec![
                0;
                (0..ir.role_count)
                    .map(|r| ir.legal_range(r).len())
                    .max()
                    .unwrap_or(0)
                    .checked_ilog2()
                    .map_or(1, |b| b as usize + 1)
            ],
            tally: LaneTally {
                playouts: [0; LANES],
                total_depth: [0; LANES],
                min_depth: [0; LANES],
                max_depth: [0; LANES],
                truncated: [0; LANES],
                goal_sums: vec![0; LANES * ir.role_count],
            },
            state_reads_moves,
        })
    }

    /// Runs a block of `quota` playouts on 64 lanes seeded `seeds[k]`, each cut after `max_depth` joint moves.
    pub fn run_block(
        &mut self,
        ir: &Ir,
        quota: u64,
        seeds: &[u32; LANES],
        max_depth: u64,
    ) -> Result<()> {
        self.reset(ir);
        let first = quota.min(LANES as u64);
        let mut live: u64 = if first == LANES as u64 {
            !0
        } else {
            (1u64 << first) - 1
        };
        let mut remaining = quota - first;
        for (rng, &seed) in self.rngs.iter_mut().zip(seeds).take(first as usize) {
            *rng = Rng::new(seed);
        }
        let bases = 2..2 + ir.base_count();
        let inputs = bases.end..ir.first_logic;
        self.values[1] = !0;
        self.values[bases.clone()].copy_from_slice(&self.start);
        // Lanes whose depth has reached the cap (all of them at depth 0 when the cap is 0).
        let fresh = if max_depth == 0 { !0u64 } else { 0 };
        let mut at_cap = fresh;
        while live != 0 {
            self.values[inputs.clone()].fill(0);
            self.net.run_state(&mut self.values);
            if self.state_reads_moves {
                self.net.run_moves(&mut self.values);
            }
            let terminal = self.values[ir.terminal_gate] & live;
            let capped = at_cap & live & !terminal;
            let mut restart = 0u64;
            for_each_lane(terminal | capped, |k| {
                self.record(ir, k, capped >> k & 1 != 0);
                at_cap = at_cap & !(1 << k) | fresh & 1 << k;
                if remaining > 0 {
                    remaining -= 1;
                    restart |= 1 << k;
                } else {
                    live &= !(1 << k);
                }
            });
            let moving = live & !restart;
            if moving != 0 {
                self.choose_moves(ir, moving)?;
                self.net.run_moves(&mut self.values);
                for_each_lane(moving, |k| {
                    self.depth[k] += 1;
                    at_cap |= u64::from(self.depth[k] >= max_depth) << k;
                });
            }
            for (b, word) in self.next.iter_mut().enumerate() {
                *word = self.values[ir.base_next[b] as usize] & !restart | self.start[b] & restart;
            }
            self.values[bases.clone()].copy_from_slice(&self.next);
        }
        Ok(())
    }

    fn reset(&mut self, ir: &Ir) {
        let t = &mut self.tally;
        t.playouts = [0; LANES];
        t.total_depth = [0; LANES];
        t.min_depth = [u64::MAX; LANES];
        t.max_depth = [0; LANES];
        t.truncated = [0; LANES];
        t.goal_sums.fill(0);
        self.depth = [0; LANES];
        self.count = [0; LANES];
        self.values.fill(0);
        debug_assert_eq!(t.goal_sums.len(), LANES * ir.role_count);
    }

    /// Lane `k` ends a playout in the current state: its depth, truncation and best goal per role (0 when
    /// none holds, as `PlayoutStats` counts it).
    fn record(&mut self, ir: &Ir, k: usize, truncated: bool) {
        let t = &mut self.tally;
        let depth = self.depth[k];
        t.playouts[k] += 1;
        t.total_depth[k] += depth;
        t.min_depth[k] = t.min_depth[k].min(depth);
        t.max_depth[k] = t.max_depth[k].max(depth);
        t.truncated[k] += u64::from(truncated);
        for r in 0..ir.role_count {
            let best = ir
                .goal_range(r)
                .filter(|&l| self.values[ir.goal_gate[l] as usize] >> k & 1 != 0)
                .map(|l| ir.goal_value[l])
                .max()
                .unwrap_or(0);
            t.goal_sums[k * ir.role_count + r] += i64::from(best);
        }
        self.depth[k] = 0;
    }

    /// Draws one legal move per role for every lane in `moving` and sets the input words. Two passes over
    /// the role's legal words instead of per-lane lists: count the entries that hold in each lane, draw an
    /// index per lane, then walk the entries again until every lane has met its index. Both passes touch
    /// only the gate words and two 64-entry arrays, where lists would scatter stores over
    /// 64 × (legal entries) slots.
    fn choose_moves(&mut self, ir: &Ir, moving: u64) -> Result<()> {
        for r in 0..ir.role_count {
            let range = ir.legal_range(r);
            // Per-lane counts as a vertical (bit-sliced) binary counter: plane p holds bit p of every
            // lane's count, and adding an entry's word is a ripple of half adders.
            self.planes.fill(0);
            for &g in &ir.legal_gate[range.clone()] {
                let mut carry = self.values[g as usize] & moving;
                // No early exit when the carry dies: a data-dependent branch here mispredicts more
                // than the few extra word operations cost.
                for plane in self.planes.iter_mut() {
                    let next = *plane & carry;
                    *plane ^= carry;
                    carry = next;
                }
            }
            let mut missing = false;
            for_each_lane(moving, |k| {
                let n = self
                    .planes
                    .iter()
                    .enumerate()
                    .fold(0, |n, (p, &plane)| n | ((plane >> k & 1) as u32) << p);
                missing |= n == 0;
                self.count[k] = self.rngs[k].next_int(n.max(1));
            });
            if missing {
                return Err(CoreError::NoLegalMove { role: r });
            }
            // Without a branch per lane: a lane whose index reaches 0 picks the entry and its index wraps
            // to u32::MAX, so it never picks again.
            let mut pending = moving;
            for l in range {
                if pending == 0 {
                    break;
                }
                let mut hits = 0u64;
                for_each_lane(self.values[ir.legal_gate[l] as usize] & pending, |k| {
                    let left = self.count[k];
                    hits |= u64::from(left == 0) << k;
                    self.count[k] = left.wrapping_sub(1);
                });
                let gate = ir.input_gate[ir.legal_input[l] as usize];
                self.values[gate as usize] |= hits;
                pending &= !hits;
            }
        }
        Ok(())
    }

    /// Statistics of lane `k` in the last block.
    pub fn lane_stats(&self, ir: &Ir, k: usize) -> PlayoutStats {
        let t = &self.tally;
        let roles = ir.role_count;
        PlayoutStats {
            playouts: t.playouts[k],
            states: t.playouts[k] + t.total_depth[k],
            total_depth: t.total_depth[k],
            min_depth: if t.playouts[k] == 0 {
                0
            } else {
                t.min_depth[k]
            },
            max_depth: t.max_depth[k],
            goal_sums: t.goal_sums[k * roles..(k + 1) * roles].to_vec(),
            truncated: t.truncated[k],
        }
    }

    /// Adds the statistics of every lane of the last block to `out`.
    pub fn merge_into(&self, ir: &Ir, out: &mut PlayoutStats) {
        for k in 0..LANES {
            if self.tally.playouts[k] > 0 {
                out.merge(&self.lane_stats(ir, k));
            }
        }
    }
}

/// Calls `f` with the index of every set bit of `mask`, lowest first.
#[inline(always)]
fn for_each_lane(mut mask: u64, mut f: impl FnMut(usize)) {
    while mask != 0 {
        f(mask.trailing_zeros() as usize);
        mask &= mask - 1;
    }
}
