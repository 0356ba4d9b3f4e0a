//! Differential propagation (differential.rs) gives exactly the statistics of the scalar engine's playouts:
//! the fixtures' TypeScript statistics, and the engine's from every state of a random match, with the run
//! reused across calls so each new start state is loaded as a diff.
mod common;

use common::load_fixture;
use propnet_core::ir::kind;
use propnet_core::{differential_playouts, playouts, DifferentialNet, Engine, Rng, SideNets};

const GAMES: [&str; 4] = ["tictactoe", "montyhall", "connectfour", "recursive-view"];

#[test]
fn playouts_match_the_typescript_engine() {
    for name in GAMES {
        let fixture = load_fixture(name);
        let ir = fixture.ir.ir();
        let start = Engine::new(&ir).initial_state(&ir);
        let mut sides = SideNets::choose(&ir, &start);
        for ((count, seed, max_depth), want) in fixture.playouts() {
            let got = differential_playouts(&ir, &mut sides, &start, count, seed, max_depth);
            assert_eq!(got, Ok(want), "{name} seed {seed}");
        }
    }
}

#[test]
fn playouts_from_every_state_of_a_match_match_the_engine() {
    for name in GAMES {
        let fixture = load_fixture(name);
        let ir = fixture.ir.ir();
        let mut engine = Engine::new(&ir);
        let mut state = engine.initial_state(&ir);
        let mut sides = SideNets::choose(&ir, &state);
        let mut rng = Rng::new(7);
        let mut legal = Vec::new();
        let mut entries = vec![0u32; ir.role_count];
        for step in 0..40u32 {
            for depth in [0, 1, 3, 1000] {
                let want = playouts(&ir, &mut engine, &state, 3, step, depth);
                let got = differential_playouts(&ir, &mut sides, &state, 3, step, depth);
                assert_eq!(got, want, "{name} step {step} depth cap {depth}");
            }
            if engine.is_terminal(&ir, &state).unwrap() {
                break;
            }
            for (r, entry) in entries.iter_mut().enumerate() {
                legal.clear();
                engine.legal(&ir, &state, r, &mut legal).unwrap();
                *entry = legal[rng.next_int(legal.len() as u32) as usize];
            }
            let mut next = vec![0; state.len()];
            engine.next_state(&ir, &state, &entries, &mut next).unwrap();
            state = next;
        }
    }
}

#[test]
fn alternating_games_split_on_the_side_to_move() {
    for name in ["tictactoe", "connectfour"] {
        let fixture = load_fixture(name);
        let ir = fixture.ir.ir();
        let start = Engine::new(&ir).initial_state(&ir);
        let sides = SideNets::choose(&ir, &start);
        assert_eq!(sides.split().len(), 2, "{name}: the two control bases");
    }
}

#[test]
fn the_waiting_side_plays_its_one_move_as_a_constant() {
    // On a net with the side to move fixed, the waiting role's only legal move (noop) folds to true and its
    // other moves to false, so their logic leaves the net (fold.rs).
    for name in ["tictactoe", "connectfour"] {
        let fixture = load_fixture(name);
        let ir = fixture.ir.ir();
        let start = Engine::new(&ir).initial_state(&ir);
        let split = SideNets::choose(&ir, &start).split().to_vec();
        let fixed: Vec<(u32, bool)> = split
            .iter()
            .enumerate()
            .map(|(i, &b)| (b, i == 0))
            .collect();
        let net = DifferentialNet::new(&ir, &fixed, false);
        let folded: Vec<Vec<Option<bool>>> = (0..ir.role_count)
            .map(|r| {
                (0..ir.input_gate.len())
                    .filter(|&i| ir.input_role[i] as usize == r)
                    .map(|i| net.constant_value(ir.input_gate[i] as usize))
                    .collect()
            })
            .collect();
        let waiting: Vec<&Vec<Option<bool>>> = folded
            .iter()
            .filter(|v| v.iter().all(Option::is_some))
            .collect();
        assert_eq!(waiting.len(), 1, "{name}: one waiting role");
        let plays = waiting[0].iter().filter(|&&v| v == Some(true)).count();
        assert_eq!(plays, 1, "{name}: the waiting role's one move");
        let moving = folded
            .iter()
            .filter(|v| v.iter().any(Option::is_none))
            .count();
        assert_eq!(moving, 1, "{name}: the moving role's moves stay variable");
    }
}

#[test]
fn any_split_gives_the_same_playouts() {
    for name in GAMES {
        let fixture = load_fixture(name);
        let ir = fixture.ir.ir();
        let mut engine = Engine::new(&ir);
        let start = engine.initial_state(&ir);
        let bases = ir.base_count() as u32;
        for split in [vec![0], vec![bases - 1, bases / 2], vec![1, 2, 3]] {
            let split: Vec<u32> = split.into_iter().filter(|&b| b < bases).collect();
            for mut sides in [
                SideNets::new(split.clone()),
                SideNets::new(split.clone()).falls_first(),
                SideNets::new(split.clone()).goals_stepped(),
                SideNets::new(split.clone()).falls_first().goals_stepped(),
            ] {
                let (order, goals) = (sides.rises_first(), sides.steps_goals());
                for seed in 0..5 {
                    let want = playouts(&ir, &mut engine, &start, 4, seed, 1000);
                    let got = differential_playouts(&ir, &mut sides, &start, 4, seed, 1000);
                    assert_eq!(
                        got, want,
                        "{name} split {split:?} rises first {order} goals stepped {goals} seed {seed}"
                    );
                }
            }
        }
    }
}

#[test]
fn a_bad_start_state_is_an_error() {
    let fixture = load_fixture("tictactoe");
    let ir = fixture.ir.ir();
    let mut sides = SideNets::new(Vec::new());
    assert!(differential_playouts(&ir, &mut sides, &[], 1, 1, 10).is_err());
}

#[test]
fn inputs_are_cleared_after_each_step_when_a_goal_reads_one() {
    // A goal proposition moved into the move phase: state queries then evaluate it with no input set, so
    // the differential nets must not keep a step's inputs.
    let mut owned = load_fixture("tictactoe").ir;
    // The first OR of the move phase that reads an input directly (so it holds whenever that input is set),
    // as role 0's best goal.
    let reads_input = |g: usize| {
        let fanin = &owned.fanin[owned.fanin_start[g] as usize..owned.fanin_start[g + 1] as usize];
        fanin.iter().any(|x| owned.input_gate.contains(x))
    };
    let gate = (owned.phase_split..owned.gate_kind.len())
        .find(|&g| owned.gate_kind[g] == kind::OR && reads_input(g))
        .unwrap();
    let first_goal = owned.goal_start[0] as usize;
    owned.goal_gate[first_goal] = gate as u32;
    owned.goal_value[first_goal] = 1000;
    let ir = owned.ir();
    assert!(ir.state_reads_moves());
    let mut engine = Engine::new(&ir);
    let start = engine.initial_state(&ir);
    for split in [Vec::new(), SideNets::choose(&ir, &start).split().to_vec()] {
        let mut sides = SideNets::new(split);
        for seed in 0..20 {
            let want = playouts(&ir, &mut engine, &start, 5, seed, 1000);
            let got = differential_playouts(&ir, &mut sides, &start, 5, seed, 1000);
            assert_eq!(got, want, "seed {seed}");
        }
    }
}

#[test]
fn a_chain_deeper_than_the_nested_flips_propagates_whole() {
    // p's next value is NOT of a chain of 1,000 ORs over p: the flips nested past the recursion limit of
    // differential.rs are queued and still reach the end, so p alternates as in the engine.
    const CHAIN: u32 = 1000;
    let mut gates: Vec<(u8, Vec<u32>)> = vec![
        (kind::FALSE, vec![]),
        (kind::TRUE, vec![]),
        (kind::BASE, vec![]),
        (kind::INPUT, vec![]),
    ];
    for i in 0..CHAIN {
        gates.push((kind::OR, vec![if i == 0 { 2 } else { 3 + i }]));
    }
    let last = 3 + CHAIN;
    gates.push((kind::NOT, vec![last]));
    let owned = one_role_net(&gates, &[last + 1], &[1], last, &[0]);
    let ir = owned.ir();
    assert_eq!(ir.validate(), Ok(()));
    // Unbounded, only a_30 and the OR would flip.
    assert!(DifferentialNet::new(&ir, &[], false).flipping_gates() > 2);
    let mut engine = Engine::new(&ir);
    let start = engine.initial_state(&ir);
    let mut sides = SideNets::new(Vec::new());
    for depth in 0..6 {
        let want = playouts(&ir, &mut engine, &start, 1, 1, depth);
        assert_eq!(
            want.as_ref().map(|s| s.goal_sums[0]),
            Ok(100 * (1 - depth as i64 % 2))
        );
        let got = differential_playouts(&ir, &mut sides, &start, 1, 1, depth);
        assert_eq!(got, want, "depth cap {depth}");
    }
}

#[test]
fn a_not_gate_is_folded_into_its_readers() {
    // n = NOT p feeds two gates, a legal entry and a second NOT (m = NOT n, the next of r and another legal
    // entry): both NOTs fold into p's readers, inverted, so only the AND and the OR still flip, and the
    // playouts (one legal move a step, through n or m) stay the engine's.
    let gates: Vec<(u8, Vec<u32>)> = vec![
        (kind::FALSE, vec![]),
        (kind::TRUE, vec![]),
        (kind::BASE, vec![]),  // 2: p
        (kind::BASE, vec![]),  // 3: q
        (kind::BASE, vec![]),  // 4: r
        (kind::INPUT, vec![]), // 5
        (kind::INPUT, vec![]), // 6
        (kind::NOT, vec![2]),  // 7: n
        (kind::AND, vec![7, 3]),
        (kind::OR, vec![7, 3]),
        (kind::NOT, vec![7]),   // 10: m
        (kind::OR, vec![4, 3]), // 11: the goal
    ];
    let owned = one_role_net(&gates, &[8, 9, 10], &[7, 10], 11, &[0]);
    let ir = owned.ir();
    assert_eq!(ir.validate(), Ok(()));
    assert_eq!(DifferentialNet::new(&ir, &[], false).flipping_gates(), 2);
    plays_as_the_engine_in_both_load_orders(&ir);
}

#[test]
fn a_net_past_the_reader_payload_does_not_fit() {
    // 2^28 - 1 is the largest gate or base index a reader entry carries beside its flag bits.
    let payload = (1usize << 28) - 1;
    assert!(DifferentialNet::fits(payload, payload));
    assert!(!DifferentialNet::fits(payload + 1, 10));
    assert!(!DifferentialNet::fits(10, payload + 1));
}

#[test]
fn a_shared_and_is_absorbed_into_the_ands_that_read_it() {
    // y = p AND q is read by two ANDs (a, b), so they count p and q themselves and y never flips; z is read
    // by an OR and stays. Flipping: a, b, z, o (n = NOT r folds into r's readers). The playouts (the next
    // state through a, b, o) stay the engine's.
    let gates: Vec<(u8, Vec<u32>)> = vec![
        (kind::FALSE, vec![]),
        (kind::TRUE, vec![]),
        (kind::BASE, vec![]),    // 2: p
        (kind::BASE, vec![]),    // 3: q
        (kind::BASE, vec![]),    // 4: r
        (kind::INPUT, vec![]),   // 5
        (kind::INPUT, vec![]),   // 6
        (kind::NOT, vec![4]),    // 7: n
        (kind::AND, vec![2, 3]), // 8: y
        (kind::AND, vec![8, 4]), // 9: a
        (kind::AND, vec![8, 7]), // 10: b
        (kind::AND, vec![2, 4]), // 11: z
        (kind::OR, vec![11, 3]), // 12: o
        (kind::OR, vec![4, 3]),  // 13: the goal
    ];
    let owned = one_role_net(&gates, &[12, 10, 9], &[1, 7], 13, &[0, 1]);
    let ir = owned.ir();
    assert_eq!(ir.validate(), Ok(()));
    assert_eq!(DifferentialNet::new(&ir, &[], false).flipping_gates(), 4);
    plays_as_the_engine_in_both_load_orders(&ir);
}

#[test]
fn a_deeply_shared_and_tree_is_absorbed_within_bounds() {
    // a_k = a_(k-1) AND a_(k-2): every a_k is read by two ANDs, so absorbing them all would hand a_30
    // Fibonacci(30) inputs (a net of two flipping gates); the size bound stops the absorption every few
    // levels, and the net still plays the engine's playouts.
    let mut gates: Vec<(u8, Vec<u32>)> = vec![
        (kind::FALSE, vec![]),
        (kind::TRUE, vec![]),
        (kind::BASE, vec![]),    // 2: p
        (kind::BASE, vec![]),    // 3: q
        (kind::INPUT, vec![]),   // 4
        (kind::INPUT, vec![]),   // 5
        (kind::AND, vec![2, 3]), // 6: a_0
        (kind::AND, vec![6, 3]), // 7: a_1
    ];
    for k in 2..=30u32 {
        gates.push((kind::AND, vec![6 + k - 1, 6 + k - 2]));
    }
    let last = gates.len() as u32 - 1;
    gates.push((kind::NOT, vec![2])); // not p
    gates.push((kind::OR, vec![last, last + 1]));
    let owned = one_role_net(&gates, &[last + 2, last], &[1, 1], 3, &[0, 1]);
    let ir = owned.ir();
    assert_eq!(ir.validate(), Ok(()));
    // Unbounded, only a_30 and the OR would flip.
    assert!(DifferentialNet::new(&ir, &[], false).flipping_gates() > 2);
    let mut engine = Engine::new(&ir);
    let start = engine.initial_state(&ir);
    let mut sides = SideNets::new(Vec::new());
    for seed in 0..3 {
        let want = playouts(&ir, &mut engine, &start, 2, seed, 6);
        assert_eq!(
            differential_playouts(&ir, &mut sides, &start, 2, seed, 6),
            want
        );
    }
}

/// A one-role net built by hand: gate 0 false (the terminal), gate 1 true, the bases from gate 2 (base b's next
/// gate `base_next[b]`), then one input per legal gate, then the logic; one goal worth 100; the `init` bases
/// start true.
fn one_role_net(
    gates: &[(u8, Vec<u32>)],
    base_next: &[u32],
    legal_gate: &[u32],
    goal: u32,
    init: &[u32],
) -> common::OwnedIr {
    let bases = base_next.len() as u32;
    let inputs = legal_gate.len() as u32;
    let mut owned = common::OwnedIr::default();
    let refs: Vec<(u8, &[u32])> = gates.iter().map(|(k, v)| (*k, v.as_slice())).collect();
    owned.set_gates(&refs);
    owned.first_logic = (2 + bases + inputs) as usize;
    owned.phase_split = gates.len();
    owned.role_count = 1;
    owned.base_gate = (2..2 + bases).collect();
    owned.base_term = (0..bases as i32).map(|b| 100 + b).collect();
    owned.base_next = base_next.to_vec();
    owned.input_gate = (2 + bases..2 + bases + inputs).collect();
    owned.input_role = vec![0; inputs as usize];
    owned.legal_start = vec![0, inputs];
    owned.legal_gate = legal_gate.to_vec();
    owned.legal_term = (0..inputs as i32).map(|i| 200 + i).collect();
    owned.legal_input = (0..inputs).collect();
    owned.goal_start = vec![0, 1];
    owned.goal_gate = vec![goal];
    owned.goal_value = vec![100];
    owned.terminal_gate = 0;
    owned.init_gate = vec![1; init.len()];
    owned.init_base = init.to_vec();
    owned.sees_start = vec![0, 0];
    owned
}

/// Two playouts a seed, depth caps 0-7, on one net loading rises first and falls first, the goals evaluated
/// at the end or stepped: the engine's statistics.
fn plays_as_the_engine_in_both_load_orders(ir: &propnet_core::Ir) {
    let mut engine = Engine::new(ir);
    let start = engine.initial_state(ir);
    for mut sides in [
        SideNets::new(Vec::new()),
        SideNets::new(Vec::new()).falls_first(),
        SideNets::new(Vec::new()).goals_stepped(),
        SideNets::new(Vec::new()).falls_first().goals_stepped(),
    ] {
        for depth in 0..8 {
            for seed in 0..3 {
                let want = playouts(ir, &mut engine, &start, 2, seed, depth);
                let got = differential_playouts(ir, &mut sides, &start, 2, seed, depth);
                assert_eq!(got, want, "depth cap {depth} seed {seed}");
            }
        }
    }
}
