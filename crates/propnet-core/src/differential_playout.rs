//! Random playouts one at a time by differential propagation (differential.rs) on the side nets of
//! control_split.rs. The move draws are those of `playout::playouts` (per role in order, `next_int(count)`
//! over the legal entries that hold, in IR order), so for a seed the statistics equal the other executors'.

use crate::control_split::SideNets;
use crate::error::{CoreError, Result};
use crate::ir::Ir;
use crate::playout::PlayoutStats;
use crate::queries::check_state;
use crate::rng::Rng;

/// `count` playouts from `start` with `Rng::new(seed)`, cut after `max_depth` joint moves: the statistics of
/// `playout::playouts` for the same arguments.
pub fn differential_playouts(
    ir: &Ir,
    sides: &mut SideNets,
    start: &[u32],
    count: u64,
    seed: u32,
    max_depth: u64,
) -> Result<PlayoutStats> {
    check_state(ir, start)?;
    let mut rng = Rng::new(seed);
    let mut stats = PlayoutStats::empty(ir.role_count);
    stats.min_depth = if count == 0 { 0 } else { u64::MAX };
    let mut best = vec![0; ir.role_count];
    for _ in 0..count {
        let mut visited = 0u64;
        let truncated = play(ir, sides, start, &mut rng, max_depth, &mut best, |_| {
            visited += 1
        })?;
        let depth = visited - 1;
        stats.states += visited;
        stats.truncated += truncated as u64;
        for (sum, &g) in stats.goal_sums.iter_mut().zip(&best) {
            *sum += g as i64;
        }
        stats.total_depth += depth;
        stats.min_depth = stats.min_depth.min(depth);
        stats.max_depth = stats.max_depth.max(depth);
    }
    stats.playouts = count;
    Ok(stats)
}

/// One playout from `start`, calling `visit` on every state (the start included) before it is expanded;
/// writes each role's largest goal value in the last state into `best` (0 when none holds) and tells whether
/// the depth cap cut the playout. Its state buffers are the side nets' scratch, so a playout allocates nothing.
pub(crate) fn play(
    ir: &Ir,
    sides: &mut SideNets,
    start: &[u32],
    rng: &mut Rng,
    max_depth: u64,
    best: &mut [i32],
    mut visit: impl FnMut(&[u32]),
) -> Result<bool> {
    let (mut current, mut inputs) = std::mem::take(&mut sides.scratch);
    current.clear();
    current.extend_from_slice(start);
    inputs.resize(ir.role_count, 0);
    let mut depth = 0u64;
    visit(start);
    loop {
        let rises_first = sides.rises_first;
        let (net, run) = sides.side(ir, &current);
        run.load(ir, net, &current, rises_first);
        if run.values[ir.terminal_gate] != 0 || depth >= max_depth {
            run.evaluate_goal_cone(ir, net);
            for (r, b) in best.iter_mut().enumerate() {
                *b = run.best_goal(ir, r);
            }
            let truncated = run.values[ir.terminal_gate] == 0;
            sides.scratch = (current, inputs);
            return Ok(truncated);
        }
        for (r, input) in inputs.iter_mut().enumerate() {
            let legal = run.legal_count[r];
            if legal == 0 {
                return Err(CoreError::NoLegalMove { role: r });
            }
            let pick = run.kth_legal(ir, net, r, rng.next_int(legal));
            *input = ir.input_gate[ir.legal_input[pick] as usize];
        }
        run.set_inputs(&inputs);
        run.propagate(ir, net);
        current.copy_from_slice(&run.next);
        run.end_step(net);
        depth += 1;
        visit(&current);
    }
}
