//! Real games: the IR of corpus games with the TypeScript engine's perft counts and playout statistics
//! (fixtures written by packages/native/test/fixtures.test.ts).
mod common;

use common::load_fixture;
use propnet_core::{
    parallel_perft, parallel_playouts, perft, playouts, Engine, PlayoutStats, Propagation,
};

const MODES: [Propagation; 2] = [Propagation::Incremental, Propagation::Levelled];

const GAMES: [&str; 4] = ["tictactoe", "montyhall", "connectfour", "recursive-view"];

#[test]
fn fixtures_are_valid_irs() {
    for name in GAMES {
        let fixture = load_fixture(name);
        assert_eq!(fixture.ir.ir().validate(), Ok(()), "{name}");
    }
}

#[test]
fn initial_state_matches() {
    for name in GAMES {
        let fixture = load_fixture(name);
        let ir = fixture.ir.ir();
        let want: Vec<u32> = fixture
            .lines
            .iter()
            .find(|(k, _)| k == "initial")
            .unwrap()
            .1
            .iter()
            .map(|&v| v as u32)
            .collect();
        assert_eq!(Engine::new(&ir).initial_state(&ir), want, "{name}");
    }
}

#[test]
fn perft_matches_the_typescript_engine_on_one_and_two_threads() {
    for name in GAMES {
        let fixture = load_fixture(name);
        let ir = fixture.ir.ir();
        for mode in MODES {
            let mut engine = Engine::with_propagation(&ir, mode);
            let start = engine.initial_state(&ir);
            for (_, v) in fixture.lines.iter().filter(|(k, _)| k == "perft") {
                let (depth, nodes) = (v[0] as u32, v[1] as u64);
                let context = format!("{name} {mode:?} depth {depth}");
                assert_eq!(
                    perft(&ir, &mut engine, &start, depth),
                    Ok(nodes),
                    "{context}"
                );
                assert_eq!(
                    parallel_perft(&ir, &mut engine, &start, depth, 2),
                    Ok(nodes),
                    "{context}, 2 threads"
                );
            }
        }
    }
}

#[test]
fn playouts_match_the_typescript_engine() {
    for name in GAMES {
        let fixture = load_fixture(name);
        let ir = fixture.ir.ir();
        for mode in MODES {
            let mut engine = Engine::with_propagation(&ir, mode);
            let start = engine.initial_state(&ir);
            for ((count, seed, max_depth), want) in fixture.playouts() {
                let context = format!("{name} {mode:?} seed {seed}");
                let got = playouts(&ir, &mut engine, &start, count, seed, max_depth);
                assert_eq!(got.as_ref(), Ok(&want), "{context}");
                // One thread through the parallel entry point is the same computation.
                let got = parallel_playouts(&ir, &mut engine, &start, count, seed, max_depth, 1);
                assert_eq!(got, Ok(want), "{context}, parallel entry");
            }
        }
    }
}

#[test]
fn threaded_playouts_are_the_merge_of_per_thread_runs() {
    let fixture = load_fixture("connectfour");
    let ir = fixture.ir.ir();
    let mut engine = Engine::new(&ir);
    let start = engine.initial_state(&ir);
    let got = parallel_playouts(&ir, &mut engine, &start, 41, 9, 10_000, 3).unwrap();
    let mut want = PlayoutStats::empty(ir.role_count);
    for (t, count) in [(0, 14), (1, 14), (2, 13)] {
        let seed = propnet_core::thread_seed(9, t);
        want.merge(&playouts(&ir, &mut Engine::new(&ir), &start, count, seed, 10_000).unwrap());
    }
    assert_eq!(got, want);
    assert_eq!(got.playouts, 41);
    assert_ne!(
        propnet_core::thread_seed(9, 1),
        propnet_core::thread_seed(9, 2)
    );
}

#[test]
fn perft_to_a_huge_depth_allocates_only_what_the_game_reaches() {
    let fixture = load_fixture("tictactoe");
    let ir = fixture.ir.ir();
    let mut engine = Engine::new(&ir);
    let start = engine.initial_state(&ir);
    let deepest = fixture.lines.iter().rfind(|(k, _)| k == "perft").unwrap().1[1] as u64;
    // Tic-tac-toe ends within 9 moves, so depth u32::MAX counts the whole tree (more than depth 4 does).
    let whole = perft(&ir, &mut engine, &start, u32::MAX).unwrap();
    assert!(whole > deepest);
    assert_eq!(perft(&ir, &mut engine, &start, 9), Ok(whole));
}
