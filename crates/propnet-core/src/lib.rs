//! Executor of the gdlkit propnet IR (packages/propnet/src/ir.ts, IR.md): the IR is read in place as
//! borrowed slices, checked once, and run by an incremental propagation engine; batch entry points run whole
//! random playouts, policy simulations (MAST, NST) and perft counts, optionally across threads. No Node dependency: the napi binding lives
//! in crates/propnet-napi.

mod and_flatten;
pub mod calibrate;
pub mod control_split;
pub mod cpu_clock;
pub mod differential;
pub mod differential_playout;
pub mod engine;
pub mod error;
pub mod fold;
pub mod gram_table;
pub mod ir;
mod lane_draw;
pub mod lane_nets;
pub mod lane_simulate;
pub mod lanes;
pub mod parallel;
pub mod perft;
pub mod playout;
pub mod policy;
pub mod queries;
pub mod rng;
pub mod simulate;
pub mod wordnet;

pub use calibrate::{choose_differential, choose_propagation};
pub use control_split::SideNets;
pub use differential::{DifferentialNet, DifferentialRun};
pub use differential_playout::differential_playouts;
pub use engine::{Engine, Propagation};
pub use error::{CoreError, Result};
pub use ir::{Ir, IR_VERSION};
pub use lane_nets::LaneNets;
pub use lane_simulate::{lane_simulate, LaneScratch};
pub use lanes::{LaneRunner, LANES};
pub use parallel::{
    lane_playouts, parallel_perft, parallel_playouts, resolve_threads, thread_seed, BLOCK_PLAYOUTS,
};
pub use perft::{perft, Perft};
pub use playout::{playouts, PlayoutStats};
pub use policy::{PolicyKind, PolicySpec, PolicyTables};
pub use queries::check_state;
pub use rng::Rng;
pub use simulate::{make_forced_moves, simulate, SimulationBatch, SimulationResults};
pub use wordnet::WordNet;
