//! Policy simulations on real games: every recorded move replays legally to the reported goals, truncation
//! at the depth cap, tables that learn and decay, the same results for a seed, and located errors for a
//! malformed batch.
mod common;

use common::load_fixture;
use propnet_core::{
    lane_simulate, make_forced_moves, simulate, thread_seed, CoreError, Engine, Ir, LaneScratch,
    PolicyKind, PolicySpec, PolicyTables, SimulationBatch, SimulationResults, WordNet,
};

const GAMES: [&str; 3] = ["tictactoe", "connectfour", "montyhall"];
const KINDS: [PolicyKind; 3] = [PolicyKind::Uniform, PolicyKind::Mast, PolicyKind::Nst];

fn spec(kind: PolicyKind, gamma: f64) -> PolicySpec {
    PolicySpec {
        kind,
        tau: 10.0,
        epsilon: 0.2,
        threshold: 1.0,
        gamma,
        max_entries: 1 << 16,
    }
}

/// The joint move of each role's legal move that `pick` chooses in `state`, and the state it leads to.
fn one_step(
    ir: &Ir,
    engine: &mut Engine,
    state: &[u32],
    pick: fn(&[u32]) -> u32,
) -> (Vec<u32>, Vec<u32>) {
    let mut joint = Vec::new();
    for r in 0..ir.role_count {
        let mut legal = Vec::new();
        engine.legal(ir, state, r, &mut legal).unwrap();
        joint.push(pick(&legal));
    }
    let mut next = vec![0; ir.state_words()];
    engine.next_state(ir, state, &joint, &mut next).unwrap();
    (joint, next)
}

/// `count` simulations from the initial state, no prefix, on the lanes of `lanes` or the scalar engine.
fn run(
    ir: &Ir,
    engine: &mut Engine,
    lanes: Option<&WordNet>,
    tables: &mut PolicyTables,
    count: usize,
    seed: u32,
    max_depth: u64,
) -> SimulationResults {
    let start = engine.initial_state(ir);
    let starts: Vec<u32> = (0..count).flat_map(|_| start.iter().copied()).collect();
    let offsets = vec![0u32; count + 1];
    let batch = SimulationBatch {
        starts: &starts,
        prefix: &[],
        offsets: &offsets,
        seed,
        max_depth,
        record_moves: true,
    };
    match lanes {
        Some(net) => lane_simulate(ir, net, &batch, tables, &mut LaneScratch::default()).unwrap(),
        None => simulate(ir, engine, &batch, tables).unwrap(),
    }
}

/// Every policy on the scalar path and on the lanes.
fn paths(net: &WordNet) -> Vec<(Option<&WordNet>, PolicyKind)> {
    [None, Some(net)]
        .into_iter()
        .flat_map(|lanes| KINDS.map(|kind| (lanes, kind)))
        .collect()
}

/// Term id to legal entry of `role`.
fn entry(ir: &Ir, role: usize, term: i32) -> u32 {
    ir.legal_range(role)
        .find(|&l| ir.legal_term[l] == term)
        .unwrap() as u32
}

#[test]
fn recorded_moves_replay_legally_to_the_reported_goals() {
    for name in GAMES {
        let fixture = load_fixture(name);
        let ir = fixture.ir.ir();
        let mut engine = Engine::new(&ir);
        let net = WordNet::compile(&ir).unwrap();
        let n = ir.role_count;
        for (lanes, kind) in paths(&net) {
            for max_depth in [10_000, 3] {
                let mut tables = PolicyTables::new(&ir, spec(kind, 0.5)).unwrap();
                let out = run(&ir, &mut engine, lanes, &mut tables, 150, 9, max_depth);
                for i in 0..150 {
                    let mut state = engine.initial_state(&ir);
                    let moves =
                        &out.moves[out.move_offsets[i] as usize..out.move_offsets[i + 1] as usize];
                    assert_eq!(
                        moves.len() / n,
                        out.depths[i] as usize,
                        "{name} {kind:?} lanes {} {i}",
                        lanes.is_some()
                    );
                    let mut inputs = Vec::new();
                    for joint in moves.chunks(n) {
                        let entries: Vec<u32> = joint
                            .iter()
                            .enumerate()
                            .map(|(r, &t)| entry(&ir, r, t))
                            .collect();
                        engine
                            .apply_joint_move(&ir, &state, &entries, &mut inputs)
                            .unwrap();
                        let mut next = vec![0; state.len()];
                        engine.read_next(&ir, &mut next);
                        state = next;
                    }
                    let terminal = engine.is_terminal(&ir, &state).unwrap();
                    assert_eq!(
                        out.truncated[i] == 1,
                        !terminal,
                        "{name} {kind:?} lanes {} {i}",
                        lanes.is_some()
                    );
                    if !terminal {
                        assert_eq!(out.depths[i] as u64, max_depth);
                    }
                    for r in 0..n {
                        let mut goals = Vec::new();
                        engine.goals(&ir, &state, r, &mut goals).unwrap();
                        let best = goals.iter().copied().max().unwrap_or(0);
                        assert_eq!(
                            out.goals[i * n + r],
                            f64::from(best),
                            "{name} {kind:?} {i} role {r}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn same_seed_same_results_and_decay_to_zero_forgets() {
    for name in GAMES {
        let fixture = load_fixture(name);
        let ir = fixture.ir.ir();
        let mut engine = Engine::new(&ir);
        let net = WordNet::compile(&ir).unwrap();
        for (lanes, kind) in paths(&net) {
            let mut a = PolicyTables::new(&ir, spec(kind, 0.0)).unwrap();
            let mut b = PolicyTables::new(&ir, spec(kind, 0.0)).unwrap();
            let first = run(&ir, &mut engine, lanes, &mut a, 130, 1, 10_000);
            assert_eq!(
                first,
                run(&ir, &mut engine, lanes, &mut b, 130, 1, 10_000),
                "{name} {kind:?}"
            );
            if kind != PolicyKind::Uniform {
                assert!(a.size() > 0, "{name} {kind:?} learns");
            }
            a.decay();
            let mut fresh = PolicyTables::new(&ir, spec(kind, 0.0)).unwrap();
            assert_eq!(
                run(&ir, &mut engine, lanes, &mut a, 130, 2, 10_000),
                run(&ir, &mut engine, lanes, &mut fresh, 130, 2, 10_000),
                "{name} {kind:?}: γ = 0 forgets everything"
            );
        }
    }
}

#[test]
fn mast_counts_every_move_of_every_simulation_and_decay_scales_them() {
    let fixture = load_fixture("tictactoe");
    let ir = fixture.ir.ir();
    let mut engine = Engine::new(&ir);
    let mut tables = PolicyTables::new(&ir, spec(PolicyKind::Mast, 0.25)).unwrap();
    let out = run(&ir, &mut engine, None, &mut tables, 50, 4, 10_000);
    let steps: i32 = out.depths.iter().sum();
    for r in 0..ir.role_count {
        let total: f64 = ir.legal_range(r).map(|l| tables.count(l as u32)).sum();
        assert_eq!(total, f64::from(steps), "role {r}");
    }
    let before: Vec<f64> = (0..ir.legal_gate.len() as u32)
        .map(|l| tables.count(l))
        .collect();
    tables.decay();
    for (l, &c) in before.iter().enumerate() {
        assert_eq!(tables.count(l as u32), c * 0.25);
    }
}

#[test]
fn a_malformed_batch_is_a_located_error() {
    let fixture = load_fixture("tictactoe");
    let ir = fixture.ir.ir();
    let mut engine = Engine::new(&ir);
    let mut tables = PolicyTables::new(&ir, spec(PolicyKind::Nst, 1.0)).unwrap();
    let start = engine.initial_state(&ir);
    let other_role = ir.legal_start[1];
    let bad = SimulationBatch {
        starts: &start,
        prefix: &[other_role, other_role],
        offsets: &[0, 2],
        seed: 1,
        max_depth: 5,
        record_moves: false,
    };
    match simulate(&ir, &mut engine, &bad, &mut tables) {
        Err(CoreError::BadArgument(m)) => assert!(m.contains("prefix 0 move 0"), "{m}"),
        other => panic!("expected a bad argument, got {other:?}"),
    }
    let short = SimulationBatch {
        starts: &start[..0],
        prefix: &[],
        offsets: &[0, 0],
        seed: 1,
        max_depth: 5,
        record_moves: false,
    };
    assert!(matches!(
        simulate(&ir, &mut engine, &short, &mut tables),
        Err(CoreError::BadArgument(_))
    ));
}

#[test]
fn each_lane_plays_the_scalar_simulation_of_its_seed_from_its_own_start() {
    // Uniform choices learn nothing, so simulation i on the lanes is the scalar simulation seeded
    // thread_seed(seed, i): this checks the lanes' starts, prefixes, restarts and depth caps.
    for name in GAMES {
        let fixture = load_fixture(name);
        let ir = fixture.ir.ir();
        let mut engine = Engine::new(&ir);
        let net = WordNet::compile(&ir).unwrap();
        let n = ir.role_count;
        let words = ir.state_words();
        let initial = engine.initial_state(&ir);
        // A second start: after the first listed joint move, which is its prefix.
        let (first, second) = one_step(&ir, &mut engine, &initial, |legal| legal[0]);
        let count = 150;
        let mut starts = Vec::new();
        let mut prefix = Vec::new();
        let mut offsets = vec![0u32];
        for i in 0..count {
            if i % 3 == 0 {
                starts.extend_from_slice(&second);
                prefix.extend_from_slice(&first);
            } else {
                starts.extend_from_slice(&initial);
            }
            offsets.push(prefix.len() as u32);
        }
        // One scratch for every batch, as the binding keeps it.
        let mut scratch = LaneScratch::default();
        for max_depth in [10_000, 4, 0] {
            let batch = SimulationBatch {
                starts: &starts,
                prefix: &prefix,
                offsets: &offsets,
                seed: 77,
                max_depth,
                record_moves: true,
            };
            let mut tables = PolicyTables::new(&ir, spec(PolicyKind::Uniform, 1.0)).unwrap();
            let lanes = lane_simulate(&ir, &net, &batch, &mut tables, &mut scratch).unwrap();
            for i in 0..count {
                let (from, to) = (offsets[i] as usize, offsets[i + 1] as usize);
                let one = [0, (to - from) as u32];
                let single = SimulationBatch {
                    starts: &starts[i * words..(i + 1) * words],
                    prefix: &prefix[from..to],
                    offsets: &one,
                    seed: thread_seed(77, i),
                    max_depth,
                    record_moves: true,
                };
                let want = simulate(&ir, &mut engine, &single, &mut tables).unwrap();
                let moves = &lanes.moves
                    [lanes.move_offsets[i] as usize..lanes.move_offsets[i + 1] as usize];
                assert_eq!(
                    moves,
                    &want.moves[..],
                    "{name} simulation {i} depth cap {max_depth}"
                );
                assert_eq!(
                    &lanes.goals[i * n..(i + 1) * n],
                    &want.goals[..],
                    "{name} {i}"
                );
                assert_eq!(lanes.depths[i], want.depths[0], "{name} {i}");
                assert_eq!(lanes.truncated[i], want.truncated[0], "{name} {i}");
            }
        }
    }
}

#[test]
fn moves_from_outside_are_checked_before_use() {
    let fixture = load_fixture("tictactoe");
    let ir = fixture.ir.ir();
    let tables = PolicyTables::new(&ir, spec(PolicyKind::Nst, 1.0)).unwrap();
    let entries = ir.legal_gate.len() as u32;
    assert!(tables.check_moves(0, &[0], &[0, 1], None).is_ok());
    assert!(tables
        .check_moves(0, &[], &[0, 1], Some(&[0.0, 100.0]))
        .is_ok());
    for (role, legal, history, rewards) in [
        (2, vec![0], vec![], None),
        (0, vec![entries], vec![], None),
        (0, vec![0], vec![0], None),
        (0, vec![0], vec![0, entries], None),
        (0, vec![], vec![], None),
        (0, vec![], vec![0, 1], Some(vec![1.0])),
    ] {
        let result = tables.check_moves(role, &legal, &history, rewards.as_deref());
        assert!(
            matches!(result, Err(CoreError::BadArgument(_))),
            "{role} {legal:?} {history:?}"
        );
    }
}

#[test]
fn forced_first_moves_make_the_starts_the_states_after_their_prefixes() {
    for name in GAMES {
        let fixture = load_fixture(name);
        let ir = fixture.ir.ir();
        let mut engine = Engine::new(&ir);
        let n = ir.role_count;
        let initial = engine.initial_state(&ir);
        let (first, second) = one_step(&ir, &mut engine, &initial, |legal| *legal.last().unwrap());
        // Three simulations: no prefix, the move forced from the initial state, the move as a plain prefix.
        let mut starts = [&initial[..], &initial[..], &second[..]].concat();
        let prefix = [&first[..], &first[..]].concat();
        let offsets = [0, 0, n as u32, 2 * n as u32];
        let forced =
            make_forced_moves(&ir, &mut engine, &mut starts, &prefix, &offsets, &[0, 1, 0]);
        assert_eq!(forced.unwrap(), None, "{name}");
        let want = [&initial[..], &second[..], &second[..]].concat();
        assert_eq!(starts, want, "{name}");
        // The move forced again from the state it led to: refused, naming the simulation, where it is not
        // legal there (tictactoe and connectfour: the mover's noop is not legal on the next turn).
        let mut again = [&second[..], &second[..]].concat();
        let twice = [0, 0, 2 * n as u32];
        let mut legal_again = true;
        for (r, &l) in first.iter().enumerate() {
            let mut legal = Vec::new();
            engine.legal(&ir, &second, r, &mut legal).unwrap();
            legal_again &= legal.contains(&l);
        }
        let refused =
            make_forced_moves(&ir, &mut engine, &mut again, &prefix, &twice, &[0, 1]).unwrap();
        assert_eq!(refused, if legal_again { None } else { Some(1) }, "{name}");
    }
}

#[test]
fn a_forced_move_without_a_prefix_or_flags_of_the_wrong_length_is_a_located_error() {
    let fixture = load_fixture("tictactoe");
    let ir = fixture.ir.ir();
    let mut engine = Engine::new(&ir);
    let mut start = engine.initial_state(&ir);
    match make_forced_moves(&ir, &mut engine, &mut start, &[], &[0, 0], &[1]) {
        Err(CoreError::BadArgument(m)) => assert!(m.contains("simulation 0 forces"), "{m}"),
        other => panic!("expected a bad argument, got {other:?}"),
    }
    assert!(matches!(
        make_forced_moves(&ir, &mut engine, &mut start, &[], &[0, 0], &[]),
        Err(CoreError::BadArgument(_))
    ));
}
