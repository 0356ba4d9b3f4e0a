//! Policy simulations on the 64 lanes of the word-compiled net (wordnet.rs), one simulation per lane: each
//! lane lists the legal entries that hold in its own state and the policy picks among them, as in the scalar
//! path (simulate.rs), while the net's propagation serves 64 states per pass. A lane that ends its
//! simulation takes the next one of the batch on the following step (its base bits are replaced by the new
//! start state), so lanes stay busy until the batch runs out.
//!
//! This differs from the sequential reference of paper 03 (section 2), where each simulation is learnt
//! before the next begins: here the finished simulations are learnt in groups of 64, in the order they
//! finish, so a simulation chooses with tables that may lack up to 63 (plus the 63 still running) of the
//! simulations before it. Each simulation draws from its own generator (`thread_seed(seed, i)`), and the
//! order lanes take simulations and finish them is fixed by their trajectories, so a batch's results
//! depend only on (IR, batch, tables), never on timing. The tests compare it with the reference
//! statistically (packages/native/test/simulate.test.ts).

use crate::error::{CoreError, Result};
use crate::ir::Ir;
use crate::lane_draw::for_each_lane;
use crate::lanes::LANES;
use crate::parallel::thread_seed;
use crate::policy::PolicyTables;
use crate::rng::Rng;
use crate::simulate::{check_batch, SimulationBatch, SimulationResults};
use crate::wordnet::WordNet;

/// Simulations finished and not yet learnt; learnt once this many have finished.
const LEARN_EVERY: usize = LANES;

/// What a lane is doing: the simulation it plays, its generator, depth and joint moves so far.
struct Lane {
    simulation: usize,
    rng: Rng,
    depth: u64,
    /// Legal entries, flat: the simulation's prefix, then its playout.
    history: Vec<u32>,
    prefix: usize,
    /// The legal entries that hold for the role being chosen.
    legal: Vec<u32>,
}

/// A finished simulation waiting to be learnt (its rewards are its goals in the results).
struct Finished {
    simulation: usize,
    history: Vec<u32>,
}

/// The buffers of `lane_simulate`, kept between calls so that a batch allocates only its results.
#[derive(Default)]
pub struct LaneScratch {
    values: Vec<u64>,
    next: Vec<u64>,
    lanes: Vec<Lane>,
    pending: Vec<Finished>,
    /// Histories of learnt simulations, reused by the lanes' next simulations.
    spare: Vec<Vec<u32>>,
}

/// Runs the batch on 64 lanes under `policy` (see the module documentation for when it learns).
pub fn lane_simulate(
    ir: &Ir,
    net: &WordNet,
    batch: &SimulationBatch,
    policy: &mut PolicyTables,
    scratch: &mut LaneScratch,
) -> Result<SimulationResults> {
    let count = check_batch(ir, batch)?;
    if net.gate_count() != ir.gate_count {
        return Err(CoreError::BadArgument(format!(
            "the word net has {} gates, the IR {}",
            net.gate_count(),
            ir.gate_count
        )));
    }
    let n = ir.role_count;
    let words = ir.state_words();
    let mut out = SimulationResults::new(count, n, batch.record_moves);
    let mut playouts: Vec<Vec<i32>> = if batch.record_moves {
        vec![Vec::new(); count]
    } else {
        Vec::new()
    };
    let state_reads_moves = ir.state_reads_moves();
    let bases = 2..2 + ir.base_count();
    let inputs = bases.end..ir.first_logic;
    let LaneScratch {
        values,
        next,
        lanes,
        pending,
        spare,
    } = scratch;
    values.clear();
    values.resize(net.gate_count(), 0);
    next.clear();
    next.resize(ir.base_count(), 0);
    values[1] = !0;
    if lanes.is_empty() {
        lanes.extend((0..LANES).map(|_| Lane {
            simulation: 0,
            rng: Rng::new(0),
            depth: 0,
            history: Vec::new(),
            prefix: 0,
            legal: Vec::new(),
        }));
    }
    for f in pending.drain(..) {
        spare.push(f.history);
    }
    // Simulations handed to lanes, and those promised to lanes restarting on this step.
    let mut taken = 0usize;
    let mut claimed = count.min(LANES);
    let mut live = 0u64;
    // Lanes whose depth has reached the cap.
    let mut at_cap = 0u64;
    let assign = |k: usize, lane: &mut Lane, base_words: &mut [u64], taken: &mut usize| {
        let i = *taken;
        *taken += 1;
        let (from, to) = (batch.offsets[i] as usize, batch.offsets[i + 1] as usize);
        lane.simulation = i;
        lane.rng = Rng::new(thread_seed(batch.seed, i));
        lane.depth = 0;
        lane.history.clear();
        lane.history.extend_from_slice(&batch.prefix[from..to]);
        lane.prefix = to - from;
        let state = &batch.starts[i * words..(i + 1) * words];
        let bit = 1u64 << k;
        for (b, word) in base_words.iter_mut().enumerate() {
            let holds = u64::from(state[b >> 5] >> (b & 31) & 1);
            *word = *word & !bit | holds << k;
        }
    };
    for (k, lane) in lanes.iter_mut().enumerate().take(count) {
        assign(k, lane, &mut values[bases.clone()], &mut taken);
        live |= 1 << k;
        if batch.max_depth == 0 {
            at_cap |= 1 << k;
        }
    }
    while live != 0 {
        values[inputs.clone()].fill(0);
        net.run_state(values);
        if state_reads_moves {
            net.run_moves(values);
        }
        let terminal = values[ir.terminal_gate] & live;
        let capped = at_cap & live & !terminal;
        let mut restart = 0u64;
        for_each_lane(terminal | capped, |k| {
            let lane = &mut lanes[k];
            let i = lane.simulation;
            for r in 0..n {
                let best = ir
                    .goal_range(r)
                    .filter(|&l| values[ir.goal_gate[l] as usize] >> k & 1 != 0)
                    .map(|l| ir.goal_value[l])
                    .max()
                    .unwrap_or(0);
                out.goals[i * n + r] = f64::from(best);
            }
            out.depths[i] = lane.depth as i32;
            out.truncated[i] = u8::from(capped >> k & 1 != 0);
            if batch.record_moves {
                playouts[i] = lane.history[lane.prefix..]
                    .iter()
                    .map(|&l| ir.legal_term[l as usize])
                    .collect();
            }
            let history = std::mem::replace(&mut lane.history, spare.pop().unwrap_or_default());
            pending.push(Finished {
                simulation: i,
                history,
            });
            if pending.len() >= LEARN_EVERY {
                learn(policy, pending, spare, &out.goals, n);
            }
            at_cap &= !(1 << k);
            if claimed < count {
                claimed += 1;
                restart |= 1 << k;
            } else {
                live &= !(1 << k);
            }
        });
        let moving = live & !restart;
        if moving != 0 {
            choose_moves(ir, values, lanes, moving, policy)?;
            net.run_moves(values);
            for_each_lane(moving, |k| {
                lanes[k].depth += 1;
                at_cap |= u64::from(lanes[k].depth >= batch.max_depth) << k;
            });
        }
        for (b, word) in next.iter_mut().enumerate() {
            *word = values[ir.base_next[b] as usize];
        }
        for_each_lane(restart, |k| {
            assign(k, &mut lanes[k], next, &mut taken);
            if batch.max_depth == 0 {
                at_cap |= 1 << k;
            }
        });
        values[bases.clone()].copy_from_slice(next);
    }
    learn(policy, pending, spare, &out.goals, n);
    if batch.record_moves {
        for (i, moves) in playouts.into_iter().enumerate() {
            out.moves.extend(moves);
            out.move_offsets[i + 1] = out.moves.len() as i32;
        }
    }
    Ok(out)
}

/// Learns the pending simulations in the order they finished, with their goals as rewards.
fn learn(
    policy: &mut PolicyTables,
    pending: &mut Vec<Finished>,
    spare: &mut Vec<Vec<u32>>,
    goals: &[f64],
    n: usize,
) {
    for f in pending.drain(..) {
        let i = f.simulation;
        policy.record(&f.history, &goals[i * n..(i + 1) * n]);
        spare.push(f.history);
    }
}

/// Lists, for every role and moving lane, the legal entries that hold in the lane (one pass over the role's
/// legal words), lets the policy pick one and sets its input bit; the picks join the lanes' histories.
fn choose_moves(
    ir: &Ir,
    values: &mut [u64],
    lanes: &mut [Lane],
    moving: u64,
    policy: &mut PolicyTables,
) -> Result<()> {
    for r in 0..ir.role_count {
        let mut m = moving;
        while m != 0 {
            let k = m.trailing_zeros() as usize;
            m &= m - 1;
            lanes[k].legal.clear();
        }
        for l in ir.legal_range(r) {
            let mut holds = values[ir.legal_gate[l] as usize] & moving;
            while holds != 0 {
                let k = holds.trailing_zeros() as usize;
                holds &= holds - 1;
                lanes[k].legal.push(l as u32);
            }
        }
        let mut m = moving;
        while m != 0 {
            let k = m.trailing_zeros() as usize;
            m &= m - 1;
            let lane = &mut lanes[k];
            // The joint moves before this step: the roles chosen so far in this step are not context.
            let joint = lane.history.len() - r;
            let pick = match lane.legal.len() {
                0 => return Err(CoreError::NoLegalMove { role: r }),
                1 => lane.legal[0],
                _ => {
                    lane.legal[policy.choose_cached(
                        r,
                        &lane.legal,
                        &lane.history[..joint],
                        &mut lane.rng,
                    )]
                }
            };
            lane.history.push(pick);
            values[ir.input_gate[ir.legal_input[pick as usize] as usize] as usize] |= 1 << k;
        }
    }
    Ok(())
}
