//! Bit-sliced playouts on real games: every lane's playouts must be exactly the scalar engine's playouts
//! with the lane's seed (same trajectories, so same depths, truncations and goals), whichever nets the lanes
//! run on (one per side to move, one for every state, or a split whose combinations were not all compiled),
//! and the threaded batch must not depend on the thread count.
mod common;

use common::load_fixture;
use propnet_core::{
    lane_playouts, playouts, thread_seed, Engine, Ir, LaneNets, LaneRunner, PlayoutStats, SideNets,
    BLOCK_PLAYOUTS, LANES,
};

const GAMES: [&str; 4] = ["tictactoe", "montyhall", "connectfour", "recursive-view"];

/// The nets a reasoner builds: split on the bases `SideNets::measure` finds, one per combination it met.
fn side_nets(ir: &Ir, start: &[u32]) -> LaneNets {
    let (split, keys) = SideNets::measure(ir, start);
    LaneNets::new(ir, &split, &keys).unwrap()
}

/// Runs one block on `nets` and checks each lane against the scalar engine; returns the merged statistics.
fn check_block_on(
    name: &str,
    nets: impl Fn(&Ir, &[u32]) -> LaneNets,
    quota: u64,
    seed: u32,
    max_depth: u64,
    portable: bool,
) -> PlayoutStats {
    let fixture = load_fixture(name);
    let ir = fixture.ir.ir();
    let mut engine = Engine::new(&ir);
    let start = engine.initial_state(&ir);
    let net = nets(&ir, &start);
    let mut runner = LaneRunner::new(&ir, &net, &start).unwrap();
    if portable {
        runner = runner.portable_draw();
    }
    let seeds: [u32; LANES] = std::array::from_fn(|k| thread_seed(seed, k));
    runner.run_block(&ir, quota, &seeds, max_depth).unwrap();
    let mut merged = PlayoutStats::empty(ir.role_count);
    let mut total = 0;
    for (k, &lane_seed) in seeds.iter().enumerate() {
        let got = runner.lane_stats(&ir, k);
        let want = playouts(&ir, &mut engine, &start, got.playouts, lane_seed, max_depth).unwrap();
        assert_eq!(
            got, want,
            "{name} lane {k}, quota {quota}, depth cap {max_depth}"
        );
        total += got.playouts;
        merged.merge(&got);
    }
    assert_eq!(total, quota, "{name}: the block runs its whole quota");
    merged
}

fn check_block(name: &str, quota: u64, seed: u32, max_depth: u64) -> PlayoutStats {
    check_block_on(name, side_nets, quota, seed, max_depth, false)
}

#[test]
fn each_lane_replays_the_scalar_playouts_of_its_seed() {
    for name in GAMES {
        for (quota, seed, max_depth) in [
            (1000, 7, 10_000),
            (40, 0xdead_beef, 10_000),
            (300, 3, 4),
            (100, 5, 0),
        ] {
            check_block(name, quota, seed, max_depth);
        }
    }
}

/// Where the CPU has AVX-512 the draws above ran on it (lane_draw.rs); the portable draw must replay the
/// same lanes.
#[test]
fn the_portable_draw_replays_the_same_lanes() {
    for name in GAMES {
        for (quota, seed, max_depth) in [(1000, 7, 10_000), (300, 3, 4)] {
            check_block_on(name, side_nets, quota, seed, max_depth, true);
        }
    }
}

#[test]
fn lanes_replay_their_seeds_on_any_set_of_nets() {
    let one_net = |ir: &Ir, _: &[u32]| LaneNets::new(ir, &[], &[]).unwrap();
    // The split bases with only their first combination compiled: lanes in the others run on the net
    // for every state, and the block alternates between the two.
    let one_side = |ir: &Ir, start: &[u32]| {
        let (split, keys) = SideNets::measure(ir, start);
        LaneNets::new(ir, &split, &keys[..keys.len().min(1)]).unwrap()
    };
    for name in GAMES {
        for (quota, seed, max_depth) in [(1000, 7, 10_000), (300, 3, 4)] {
            check_block_on(name, one_net, quota, seed, max_depth, false);
            check_block_on(name, one_side, quota, seed, max_depth, false);
        }
    }
    let fixture = load_fixture("tictactoe");
    let ir = fixture.ir.ir();
    let start = Engine::new(&ir).initial_state(&ir);
    assert_eq!(
        side_nets(&ir, &start).side_count(),
        3,
        "tictactoe: one net per side to move, one for all"
    );
}

#[test]
fn a_single_playout_equals_the_scalar_path_for_the_same_seed() {
    for name in GAMES {
        let fixture = load_fixture(name);
        let ir = fixture.ir.ir();
        let mut engine = Engine::new(&ir);
        let start = engine.initial_state(&ir);
        let net = side_nets(&ir, &start);
        for seed in [1, 99, u32::MAX] {
            let want = playouts(&ir, &mut engine, &start, 1, seed, 10_000);
            assert_eq!(
                lane_playouts(&ir, &net, &start, 1, seed, 10_000, 1),
                want,
                "{name}"
            );
        }
    }
}

#[test]
fn the_batch_is_the_merge_of_its_blocks_on_any_thread_count() {
    let fixture = load_fixture("connectfour");
    let ir = fixture.ir.ir();
    let mut engine = Engine::new(&ir);
    let start = engine.initial_state(&ir);
    let net = side_nets(&ir, &start);
    let count = 2 * BLOCK_PLAYOUTS + 5;
    let one = lane_playouts(&ir, &net, &start, count, 21, 10_000, 1).unwrap();
    assert_eq!(one.playouts, count);
    assert_eq!(one.states, one.playouts + one.total_depth);
    for threads in [2, 3] {
        assert_eq!(
            lane_playouts(&ir, &net, &start, count, 21, 10_000, threads),
            Ok(one.clone())
        );
    }
    // 2053 playouts in three blocks of 685, 684 and 684; block b's lanes are seeded 64 b + k.
    let mut want = PlayoutStats::empty(ir.role_count);
    let mut runner = LaneRunner::new(&ir, &net, &start).unwrap();
    for (b, quota) in [685, 684, 684].into_iter().enumerate() {
        let seeds: [u32; LANES] = std::array::from_fn(|k| thread_seed(21, b * LANES + k));
        runner.run_block(&ir, quota, &seeds, 10_000).unwrap();
        runner.merge_into(&ir, &mut want);
    }
    assert_eq!(one, want);
}

#[test]
fn statistics_agree_with_the_scalar_path_within_sampling_error() {
    // Different seeds per playout, same distribution: mean depth and mean goals of 4000 playouts each.
    for name in ["tictactoe", "connectfour", "montyhall"] {
        let fixture = load_fixture(name);
        let ir = fixture.ir.ir();
        let mut engine = Engine::new(&ir);
        let start = engine.initial_state(&ir);
        let net = side_nets(&ir, &start);
        let n = 4000;
        let lanes = lane_playouts(&ir, &net, &start, n, 5, 10_000, 1).unwrap();
        let scalar = playouts(&ir, &mut engine, &start, n, 5, 10_000).unwrap();
        let mean = |s: &PlayoutStats, x: u64| x as f64 / s.playouts as f64;
        let depth = (
            mean(&lanes, lanes.total_depth),
            mean(&scalar, scalar.total_depth),
        );
        assert!(
            (depth.0 - depth.1).abs() < 0.05 * depth.1,
            "{name} depth {depth:?}"
        );
        for r in 0..ir.role_count {
            let goal = (
                lanes.goal_sums[r] as f64 / n as f64,
                scalar.goal_sums[r] as f64 / n as f64,
            );
            // Goals lie in 0..=100: 4000 samples put the standard error of a mean below 1.6.
            assert!(
                (goal.0 - goal.1).abs() < 6.0,
                "{name} role {r} goal {goal:?}"
            );
        }
    }
}
