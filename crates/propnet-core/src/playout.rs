//! Uniform random playouts in one call, with the move choice of the TypeScript engine's batch playout
//! (packages/propnet/src/reasoner.ts `playouts`): per state, for each role in order, the legal entries that
//! hold are listed in IR order and one is drawn with `next_int(count)`, so a seed gives the same statistics.

use crate::engine::Engine;
use crate::error::{CoreError, Result};
use crate::ir::Ir;
use crate::queries::check_state;
use crate::rng::Rng;

/// The statistics of `PlayoutStats` in packages/core/src/reasoner/types.ts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayoutStats {
    pub playouts: u64,
    /// Every visited state, each playout's start state included.
    pub states: u64,
    pub total_depth: u64,
    /// 0 when there were no playouts.
    pub min_depth: u64,
    pub max_depth: u64,
    /// Per role, the sum of its largest goal value in the final states (none holding counts as 0).
    pub goal_sums: Vec<i64>,
    pub truncated: u64,
}

impl PlayoutStats {
    pub fn empty(roles: usize) -> PlayoutStats {
        PlayoutStats {
            playouts: 0,
            states: 0,
            total_depth: 0,
            min_depth: 0,
            max_depth: 0,
            goal_sums: vec![0; roles],
            truncated: 0,
        }
    }

    /// Adds the statistics of another batch (from another thread).
    pub fn merge(&mut self, other: &PlayoutStats) {
        if other.playouts == 0 {
            return;
        }
        self.min_depth = if self.playouts == 0 {
            other.min_depth
        } else {
            self.min_depth.min(other.min_depth)
        };
        self.playouts += other.playouts;
        self.states += other.states;
        self.total_depth += other.total_depth;
        self.max_depth = self.max_depth.max(other.max_depth);
        self.truncated += other.truncated;
        for (sum, add) in self.goal_sums.iter_mut().zip(&other.goal_sums) {
            *sum += add;
        }
    }
}

/// Runs `count` playouts from `start` with `Rng::new(seed)`, cutting each after `max_depth` joint moves.
pub fn playouts(
    ir: &Ir,
    engine: &mut Engine,
    start: &[u32],
    count: u64,
    seed: u32,
    max_depth: u64,
) -> Result<PlayoutStats> {
    check_state(ir, start)?;
    let roles = ir.role_count;
    let mut rng = Rng::new(seed);
    let mut stats = PlayoutStats::empty(roles);
    stats.min_depth = u64::MAX;
    let mut current = start.to_vec();
    let mut next = vec![0u32; start.len()];
    let mut inputs = vec![0u32; roles];
    let largest = (0..roles)
        .map(|r| ir.legal_range(r).len())
        .max()
        .unwrap_or(0);
    let mut legal: Vec<u32> = Vec::with_capacity(largest);
    for _ in 0..count {
        current.copy_from_slice(start);
        let mut depth = 0u64;
        stats.states += 1;
        loop {
            engine.load(ir, &current);
            if engine.holds(ir.terminal_gate as u32) {
                break;
            }
            if depth >= max_depth {
                stats.truncated += 1;
                break;
            }
            for (r, input) in inputs.iter_mut().enumerate() {
                legal.clear();
                engine.collect_legal(ir, r, &mut legal);
                if legal.is_empty() {
                    return Err(CoreError::NoLegalMove { role: r });
                }
                let pick = legal[rng.next_int(legal.len() as u32) as usize];
                *input = ir.legal_input[pick as usize];
            }
            engine.apply_inputs(ir, &inputs);
            engine.read_next(ir, &mut next);
            std::mem::swap(&mut current, &mut next);
            depth += 1;
            stats.states += 1;
        }
        for (r, sum) in stats.goal_sums.iter_mut().enumerate() {
            *sum += engine.best_goal(ir, r) as i64;
        }
        stats.total_depth += depth;
        stats.min_depth = stats.min_depth.min(depth);
        stats.max_depth = stats.max_depth.max(depth);
    }
    stats.playouts = count;
    if count == 0 {
        stats.min_depth = 0;
    }
    Ok(stats)
}
