//! Chooses the propagation mode for a net by timing both on the same short random playouts: which one is
//! faster depends on how much of the net a move touches, which the gate count alone does not tell (connect
//! four's 700 gates favour the incremental update, tic-tac-toe's 200 the levelled sweep). Both modes compute
//! the same values, so the choice changes speed only, never results.

use crate::engine::{Engine, Propagation};
use crate::ir::Ir;
use crate::playout::playouts;
use std::time::{Duration, Instant};

/// Playouts per trial round, their depth cap, and the time after which a mode's trial stops.
const ROUND: u64 = 4;
const TRIAL_DEPTH: u64 = 200;
const TRIAL_TIME: Duration = Duration::from_millis(4);

/// The faster mode on random playouts from `start` (nanoseconds per visited state, same seeds for both).
pub fn choose_propagation(ir: &Ir, start: &[u32]) -> Propagation {
    let incremental = nanos_per_state(ir, start, Propagation::Incremental);
    let levelled = nanos_per_state(ir, start, Propagation::Levelled);
    match (incremental, levelled) {
        (Some(i), Some(l)) if l < i => Propagation::Levelled,
        _ => Propagation::Incremental,
    }
}

fn nanos_per_state(ir: &Ir, start: &[u32], mode: Propagation) -> Option<f64> {
    let mut engine = Engine::with_propagation(ir, mode);
    let mut states = 0;
    let began = Instant::now();
    let mut seed = 1;
    while began.elapsed() < TRIAL_TIME {
        states += playouts(ir, &mut engine, start, ROUND, seed, TRIAL_DEPTH)
            .ok()?
            .states;
        seed += 1;
    }
    Some(began.elapsed().as_nanos() as f64 / states as f64)
}
