//! Chooses the propagation mode for a net by timing both on the same short random playouts: which one is
//! faster depends on how much of the net a move touches, which the gate count alone does not tell (connect
//! four's 700 gates favour the incremental update, tic-tac-toe's 200 the levelled sweep). Both modes compute
//! the same values, so the choice changes speed only, never results. The same timing decides whether
//! one-at-a-time playouts run by differential propagation (differential.rs), which draws the same moves.

use crate::control_split::SideNets;
use crate::cpu_clock::CpuInstant;
use crate::differential::DifferentialNet;
use crate::differential_playout::differential_playouts;
use crate::engine::{Engine, Propagation};
use crate::error::Result;
use crate::ir::Ir;
use crate::playout::{playouts, PlayoutStats};

/// Playouts per trial round, their depth cap, and the CPU time after which a mode's trial stops.
const ROUND: u64 = 4;
const TRIAL_DEPTH: u64 = 200;
const TRIAL_NANOS: u64 = 4_000_000;
/// Alternating timing rounds of `choose_differential`.
const ROUNDS: usize = 3;

/// The faster mode on random playouts from `start` (nanoseconds per visited state, same seeds for both).
pub fn choose_propagation(ir: &Ir, start: &[u32]) -> Propagation {
    let incremental = nanos_per_state(ir, start, Propagation::Incremental);
    let levelled = nanos_per_state(ir, start, Propagation::Levelled);
    match (incremental, levelled) {
        (Some(i), Some(l)) if l < i => Propagation::Levelled,
        _ => Propagation::Incremental,
    }
}

/// The fastest differential set-up (differential.rs) for one-at-a-time playouts from `start` — split on
/// the bases `SideNets::choose` finds, or one net; loading states with the rising or the falling bases
/// propagated first; then the goals evaluated at the terminal state or propagated at every step — when it
/// beats the engine in `mode`; None otherwise. Each candidate is timed `ROUNDS` times on this thread's CPU
/// clock, alternately with the others, and keeps its best time. The goals' choice is made on the winner
/// alone, so it adds one candidate's timing, not four.
pub fn choose_differential(ir: &Ir, start: &[u32], mode: Propagation) -> Option<SideNets> {
    if !DifferentialNet::fits(ir.gate_count, ir.base_count()) {
        return None;
    }
    let split = SideNets::choose(ir, start);
    let mut nets = vec![SideNets::new(Vec::new())];
    if !split.split().is_empty() {
        nets.push(split);
    }
    let mut candidates: Vec<(f64, SideNets)> = nets
        .into_iter()
        .flat_map(|sides| [sides.clone(), sides.falls_first()])
        .map(|sides| (f64::INFINITY, sides))
        .collect();
    let mut engine = f64::INFINITY;
    for (_, sides) in &mut candidates {
        // Compiles the side nets before they are timed.
        differential_playouts(ir, sides, start, 1, 0, TRIAL_DEPTH).ok()?;
    }
    for _ in 0..ROUNDS {
        for (best, sides) in &mut candidates {
            let t =
                timed(|seed| differential_playouts(ir, sides, start, ROUND, seed, TRIAL_DEPTH))?;
            *best = best.min(t);
        }
        engine = engine.min(nanos_per_state(ir, start, mode).unwrap_or(f64::INFINITY));
    }
    let (mut time, mut sides) = candidates.into_iter().min_by(|a, b| a.0.total_cmp(&b.0))?;
    let mut stepped = SideNets::new(sides.split().to_vec()).goals_stepped();
    if !sides.rises_first() {
        stepped = stepped.falls_first();
    }
    differential_playouts(ir, &mut stepped, start, 1, 0, TRIAL_DEPTH).ok()?;
    let mut stepped_time = f64::INFINITY;
    for _ in 0..ROUNDS {
        let t =
            timed(|seed| differential_playouts(ir, &mut sides, start, ROUND, seed, TRIAL_DEPTH))?;
        time = time.min(t);
        let t =
            timed(|seed| differential_playouts(ir, &mut stepped, start, ROUND, seed, TRIAL_DEPTH))?;
        stepped_time = stepped_time.min(t);
    }
    if stepped_time < time {
        (time, sides) = (stepped_time, stepped);
    }
    (time < engine).then_some(sides)
}

fn nanos_per_state(ir: &Ir, start: &[u32], mode: Propagation) -> Option<f64> {
    let mut engine = Engine::with_propagation(ir, mode);
    timed(|seed| playouts(ir, &mut engine, start, ROUND, seed, TRIAL_DEPTH))
}

/// CPU nanoseconds of this thread per visited state of `round(seed)`, for seeds 1, 2, … until `TRIAL_NANOS`
/// have been spent.
fn timed(mut round: impl FnMut(u32) -> Result<PlayoutStats>) -> Option<f64> {
    let mut states = 0;
    let began = CpuInstant::now();
    let mut seed = 1;
    while began.elapsed_nanos() < TRIAL_NANOS {
        states += round(seed).ok()?.states;
        seed += 1;
    }
    Some(began.elapsed_nanos() as f64 / states as f64)
}
