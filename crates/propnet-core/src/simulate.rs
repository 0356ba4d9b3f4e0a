//! Policy simulations in one call (the Reasoner's `simulate`, issue 20): each simulation plays from its
//! start state to a terminal state (or `max_depth` joint moves) with the policy choosing every move of a role
//! with several legal moves, then the policy learns the simulation's prefix and playout with its rewards
//! before the next simulation starts: the sequential scheme of paper 03 (section 2) and of core's
//! TypeScript reference (packages/core/src/policy/simulate.ts), with the same draws for a seed.

use crate::engine::Engine;
use crate::error::{CoreError, Result};
use crate::ir::Ir;
use crate::policy::PolicyTables;
use crate::queries::check_state;
use crate::rng::Rng;

/// Simulation i starts in `starts[i * words .. (i + 1) * words]` after the joint moves
/// `prefix[offsets[i] .. offsets[i + 1]]` (legal entries, flat `step * roles + role`).
pub struct SimulationBatch<'a> {
    pub starts: &'a [u32],
    pub prefix: &'a [u32],
    pub offsets: &'a [u32],
    pub seed: u32,
    pub max_depth: u64,
    pub record_moves: bool,
}

/// `SimulationResults` of packages/core/src/reasoner/simulations.ts; moves are term ids.
#[derive(Clone, Debug, PartialEq)]
pub struct SimulationResults {
    pub goals: Vec<f64>,
    pub depths: Vec<i32>,
    pub truncated: Vec<u8>,
    pub moves: Vec<i32>,
    pub move_offsets: Vec<i32>,
}

impl SimulationResults {
    /// Zeroed results for `count` simulations of a game of `roles` roles.
    pub fn new(count: usize, roles: usize, record_moves: bool) -> SimulationResults {
        SimulationResults {
            goals: vec![0.0; count * roles],
            depths: vec![0; count],
            truncated: vec![0; count],
            moves: Vec::new(),
            move_offsets: if record_moves {
                vec![0; count + 1]
            } else {
                Vec::new()
            },
        }
    }
}

/// Checks the shape of a batch: whole states, ordered offsets, each prefix entry a legal entry of its role.
pub(crate) fn check_batch(ir: &Ir, batch: &SimulationBatch) -> Result<usize> {
    let words = ir.state_words();
    let bad = |what: String| Err(CoreError::BadArgument(what));
    if batch.offsets.is_empty() || batch.offsets[0] != 0 {
        return bad("prefix offsets must start with 0".to_owned());
    }
    let count = batch.offsets.len() - 1;
    if batch.starts.len() != count * words {
        return bad(format!(
            "{count} simulations need {} state words, got {}",
            count * words,
            batch.starts.len()
        ));
    }
    let n = ir.role_count;
    for (i, pair) in batch.offsets.windows(2).enumerate() {
        let (from, to) = (pair[0] as usize, pair[1] as usize);
        if to < from || to > batch.prefix.len() || !(to - from).is_multiple_of(n) {
            return bad(format!(
                "prefix {i} ({from}..{to}) is not whole joint moves within the prefixes"
            ));
        }
        for (k, &entry) in batch.prefix[from..to].iter().enumerate() {
            if !ir.legal_range(k % n).contains(&(entry as usize)) {
                return bad(format!(
                    "prefix {i} move {k} is not a legal entry of role {}",
                    k % n
                ));
            }
        }
        check_state(ir, &batch.starts[i * words..(i + 1) * words])?;
    }
    Ok(count)
}

/// Makes the forced first moves of a batch (core's `SimulationBatch.forcedFirstMove`): where `forced[i]` is
/// not 0, start i (in `starts`, replaced in place) is advanced by the last joint move of its prefix, so that
/// `simulate` and `lane_simulate` then play exactly as from a start given after its whole prefix. Done on the
/// scalar engine before the simulations, so the lanes take and finish simulations as they would from those
/// starts (the same results). Returns the first simulation whose start is terminal or whose forced move is
/// not legal there (then `starts` is partly advanced); a malformed batch is an error.
pub fn make_forced_moves(
    ir: &Ir,
    engine: &mut Engine,
    starts: &mut [u32],
    prefix: &[u32],
    offsets: &[u32],
    forced: &[u8],
) -> Result<Option<usize>> {
    let count = check_batch(
        ir,
        &SimulationBatch {
            starts,
            prefix,
            offsets,
            seed: 0,
            max_depth: 0,
            record_moves: false,
        },
    )?;
    if forced.len() != count {
        return Err(CoreError::BadArgument(format!(
            "{count} simulations need {count} forced flags, got {}",
            forced.len()
        )));
    }
    let n = ir.role_count;
    let words = ir.state_words();
    let mut inputs = vec![0u32; n];
    for (i, _) in forced.iter().enumerate().filter(|(_, &f)| f != 0) {
        let to = offsets[i + 1] as usize;
        if to < offsets[i] as usize + n {
            return Err(CoreError::BadArgument(format!(
                "simulation {i} forces its first move but its prefix has no joint move"
            )));
        }
        let start = &mut starts[i * words..(i + 1) * words];
        engine.load(ir, start);
        if engine.holds(ir.terminal_gate as u32) {
            return Ok(Some(i));
        }
        for (r, input) in inputs.iter_mut().enumerate() {
            let l = prefix[to - n + r] as usize;
            if !engine.holds(ir.legal_gate[l]) {
                return Ok(Some(i));
            }
            *input = ir.legal_input[l];
        }
        engine.apply_inputs(ir, &inputs);
        engine.read_next(ir, start);
    }
    Ok(None)
}

/// Runs the batch under `policy`, updating it after every simulation.
pub fn simulate(
    ir: &Ir,
    engine: &mut Engine,
    batch: &SimulationBatch,
    policy: &mut PolicyTables,
) -> Result<SimulationResults> {
    let count = check_batch(ir, batch)?;
    let n = ir.role_count;
    let words = ir.state_words();
    let mut rng = Rng::new(batch.seed);
    let mut out = SimulationResults::new(count, n, batch.record_moves);
    let mut current = vec![0u32; words];
    let mut next = vec![0u32; words];
    let mut inputs = vec![0u32; n];
    let mut legal: Vec<u32> = Vec::new();
    let mut history: Vec<u32> = Vec::new();
    let mut rewards = vec![0.0; n];
    for i in 0..count {
        let (from, to) = (batch.offsets[i] as usize, batch.offsets[i + 1] as usize);
        history.clear();
        history.extend_from_slice(&batch.prefix[from..to]);
        current.copy_from_slice(&batch.starts[i * words..(i + 1) * words]);
        let mut depth = 0u64;
        loop {
            engine.load(ir, &current);
            if engine.holds(ir.terminal_gate as u32) {
                break;
            }
            if depth >= batch.max_depth {
                out.truncated[i] = 1;
                break;
            }
            let joint = history.len();
            for (r, input) in inputs.iter_mut().enumerate() {
                legal.clear();
                engine.collect_legal(ir, r, &mut legal);
                let pick = match legal.len() {
                    0 => return Err(CoreError::NoLegalMove { role: r }),
                    1 => legal[0],
                    _ => legal[policy.choose(r, &legal, &history[..joint], &mut rng)],
                };
                history.push(pick);
                *input = ir.legal_input[pick as usize];
            }
            engine.apply_inputs(ir, &inputs);
            engine.read_next(ir, &mut next);
            std::mem::swap(&mut current, &mut next);
            depth += 1;
        }
        for (r, reward) in rewards.iter_mut().enumerate() {
            *reward = f64::from(engine.best_goal(ir, r));
            out.goals[i * n + r] = *reward;
        }
        out.depths[i] = depth as i32;
        policy.record(&history, &rewards);
        if batch.record_moves {
            out.moves.extend(
                history[to - from..]
                    .iter()
                    .map(|&l| ir.legal_term[l as usize]),
            );
            out.move_offsets[i + 1] = out.moves.len() as i32;
        }
    }
    Ok(out)
}
