//! Bit-sliced random playouts: 64 lanes advance together through the word-compiled net (wordnet.rs), bit k
//! of every gate word being lane k's value. Each lane plays its own playouts with its own generator and the
//! move choice of the scalar path (playout.rs): per state, for each role in order, the legal entries that
//! hold in the lane are listed in IR order and one is drawn with `next_int(count)`. A lane's playouts are
//! therefore exactly the scalar `playouts` with the lane's seed and the number of playouts the lane ran.
//!
//! The nets are lane_nets.rs's: at each step the block runs the net of one side to move, on the lanes in
//! that side; the others wait. Waiting changes when a lane's playouts happen, never what they are.
//!
//! A block is 64 lanes sharing a quota of playouts: a lane that reaches a terminal state (or the depth cap)
//! records its statistics and, while the block's quota lasts, starts over from the start state on the next
//! step (its base words are replaced during the transition), so lanes stay busy until the quota runs out.
//! The order in which lanes take playouts from the quota is fixed by the lanes' trajectories, never by
//! timing, so a block's result depends only on (IR, start, quota, lane seeds, depth cap).

use crate::error::{CoreError, Result};
use crate::ir::Ir;
use crate::lane_draw::{for_each_lane, LaneDraw};
use crate::lane_nets::{LaneNets, LaneSide};
use crate::playout::PlayoutStats;
use crate::queries::check_state;
use crate::rng::Rng;

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
    nets: &'n LaneNets,
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
    tally: LaneTally,
    /// Whether a legal, goal or terminal gate lies in the move phase, so a state query must also evaluate
    /// the move phase with no input set (as the scalar engine does).
    state_reads_moves: bool,
    draw: LaneDraw,
}

impl<'n> LaneRunner<'n> {
    /// Scratch for `nets`, compiled from `ir`, with playouts starting in `start`.
    pub fn new(ir: &Ir, nets: &'n LaneNets, start: &[u32]) -> Result<LaneRunner<'n>> {
        check_state(ir, start)?;
        if nets.gate_count() != ir.gate_count {
            return Err(CoreError::BadArgument(format!(
                "the word nets have {} gates, the IR {}",
                nets.gate_count(),
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
            nets,
            values: vec![0; ir.gate_count],
            next: vec![0; ir.base_count()],
            start: (0..ir.base_count())
                .map(|b| 0u64.wrapping_sub(u64::from(start[b >> 5] >> (b & 31) & 1)))
                .collect(),
            rngs: vec![Rng::new(0); LANES],
            depth: [0; LANES],
            count: [0; LANES],
            tally: LaneTally {
                playouts: [0; LANES],
                total_depth: [0; LANES],
                min_depth: [0; LANES],
                max_depth: [0; LANES],
                truncated: [0; LANES],
                goal_sums: vec![0; LANES * ir.role_count],
            },
            state_reads_moves,
            draw: LaneDraw::detect(),
        })
    }

    /// Draws moves with the portable code even where the CPU has AVX-512 (lane_draw.rs; tests compare the
    /// two).
    pub fn portable_draw(mut self) -> LaneRunner<'n> {
        self.draw = LaneDraw::portable();
        self
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
            let (side, active) = self.nets.choose(&self.values, live);
            self.values[inputs.clone()].fill(0);
            side.net.run_state(&mut self.values);
            if self.state_reads_moves {
                side.net.run_moves(&mut self.values);
            }
            for &(g, word) in &side.fixed {
                self.values[g as usize] = word;
            }
            let terminal = self.values[ir.terminal_gate] & active;
            let capped = at_cap & active & !terminal;
            if terminal | capped != 0 {
                side.net.run_goals(&mut self.values);
            }
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
            let moving = active & live & !restart;
            if moving != 0 {
                self.choose_moves(ir, side, moving)?;
                side.net.run_moves(&mut self.values);
                for_each_lane(moving, |k| {
                    self.depth[k] += 1;
                    at_cap |= u64::from(self.depth[k] >= max_depth) << k;
                });
            }
            // Lanes that did not move (waiting, or ended without a restart) keep their state.
            let kept = !(moving | restart);
            for (b, word) in self.next.iter_mut().enumerate() {
                *word = self.values[ir.base_next[b] as usize] & moving
                    | self.start[b] & restart
                    | self.values[bases.start + b] & kept;
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

    /// Draws one legal move per role for every lane in `moving` and sets the input words (lane_draw.rs).
    /// Two passes over the role's legal words instead of per-lane lists, which would scatter stores over
    /// 64 × (legal entries) slots; the passes skip the words that hold in no moving lane (in a game with
    /// thousands of move entries per role, speedchess 3,833, a lane holds a few dozen).
    fn choose_moves(&mut self, ir: &Ir, side: &LaneSide, moving: u64) -> Result<()> {
        for r in 0..ir.role_count {
            let (legal, inputs) = side.legal(r);
            let mut counts = [0u32; LANES];
            self.draw.count(&self.values, legal, moving, &mut counts);
            let mut missing = false;
            for_each_lane(moving, |k| {
                let n = counts[k];
                missing |= n == 0;
                self.count[k] = self.rngs[k].next_int(n.max(1));
            });
            if missing {
                return Err(CoreError::NoLegalMove { role: r });
            }
            self.draw
                .pick(&mut self.values, inputs, moving, &mut self.count);
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
