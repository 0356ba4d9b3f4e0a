//! Bad input is reported as a typed error, never a panic.
mod common;

use common::load_fixture;
use propnet_core::ir::kind::NOT;
use propnet_core::{playouts, CoreError, Engine};

fn invalid(result: Result<(), CoreError>) -> String {
    match result {
        Err(CoreError::InvalidIr(what)) => what,
        other => panic!("expected InvalidIr, got {other:?}"),
    }
}

#[test]
fn rejects_a_reader_before_its_input() {
    let mut owned = load_fixture("tictactoe").ir;
    let last = owned.gate_kind.len() - 1;
    let at = owned.fanin_start[owned.first_logic] as usize;
    owned.fanin[at] = last as u32;
    assert!(invalid(owned.ir().validate()).contains("does not come before it"));
}

#[test]
fn rejects_broken_offsets_and_ranges() {
    let base = load_fixture("tictactoe").ir;
    let mut owned = base.clone();
    owned.legal_start.pop();
    assert!(invalid(owned.ir().validate()).contains("legalStart"));
    let mut owned = base.clone();
    owned.terminal_gate = owned.gate_kind.len();
    assert!(invalid(owned.ir().validate()).contains("terminalGate"));
    let mut owned = base.clone();
    owned.base_gate[0] = 1;
    assert!(invalid(owned.ir().validate()).contains("baseGate[0]"));
    let mut owned = base;
    let g = owned.first_logic;
    owned.gate_kind[g] = NOT;
    owned.cycle_of[g] = 0;
    owned.cycle_range = vec![g as u32, g as u32 + 1];
    assert!(invalid(owned.ir().validate()).contains("NOT gate"));
}

#[test]
fn rejects_bad_states_and_moves() {
    let owned = load_fixture("tictactoe").ir;
    let ir = owned.ir();
    let mut engine = Engine::new(&ir);
    let start = engine.initial_state(&ir);
    let words = ir.state_words();
    assert_eq!(
        playouts(&ir, &mut engine, &vec![0; words + 1], 1, 1, 10),
        Err(CoreError::BadState {
            expected: words,
            got: words + 1
        })
    );
    let mut stray = start.clone();
    stray[words - 1] |= 1 << 31;
    assert!(matches!(
        engine.is_terminal(&ir, &stray),
        Err(CoreError::BadArgument(_))
    ));
    let mut out = vec![0; words];
    // Role 1's first entry given for role 0, then an entry that does not hold in the start state.
    let role1 = ir.legal_start[1];
    assert_eq!(
        engine.next_state(&ir, &start, &[role1, role1], &mut out),
        Err(CoreError::IllegalMove { role: 0 })
    );
    let mut legal = Vec::new();
    engine.legal(&ir, &start, 0, &mut legal).unwrap();
    let idle = ir
        .legal_range(0)
        .find(|l| !legal.contains(&(*l as u32)))
        .unwrap() as u32;
    assert_eq!(
        engine.next_state(&ir, &start, &[idle, role1], &mut out),
        Err(CoreError::IllegalMove { role: 0 })
    );
    assert!(matches!(
        engine.legal(&ir, &start, 2, &mut legal),
        Err(CoreError::BadArgument(_))
    ));
}

#[test]
fn the_word_compiler_rejects_gate_ids_beyond_the_net_without_validation() {
    let mut owned = load_fixture("tictactoe").ir;
    let at = owned.fanin_start[owned.first_logic] as usize;
    owned.fanin[at] = owned.gate_kind.len() as u32 + 7;
    let compiled = propnet_core::WordNet::compile(&owned.ir()).map(|_| ());
    assert!(invalid(compiled).contains("beyond gateCount"));
}

#[test]
fn bit_sliced_playouts_report_a_role_without_moves_and_bad_states() {
    let mut owned = load_fixture("tictactoe").ir;
    // Role 1 never has a legal move: every legal proposition of it reads the FALSE gate.
    let role1 = owned.legal_start[1] as usize..owned.legal_start[2] as usize;
    owned.legal_gate[role1].fill(0);
    let ir = owned.ir();
    let start = Engine::new(&ir).initial_state(&ir);
    let net = propnet_core::LaneNets::new(&ir, &[], &[]).unwrap();
    for count in [1, 100, 5000] {
        assert_eq!(
            propnet_core::lane_playouts(&ir, &net, &start, count, 3, 100, 2),
            Err(CoreError::NoLegalMove { role: 1 }),
            "{count} playouts"
        );
    }
    assert!(matches!(
        propnet_core::lane_playouts(&ir, &net, &[], 10, 3, 100, 1),
        Err(CoreError::BadState { .. })
    ));
}
