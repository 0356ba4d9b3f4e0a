//! Positive cycles: a component is re-derived from its external inputs, so atoms that only support each
//! other are deleted when their outside support goes (naive counter propagation would keep them true).
mod common;

use common::OwnedIr;
use propnet_core::ir::kind::*;
use propnet_core::{perft, Engine, Propagation};

/// Gates: 0 FALSE, 1 TRUE, 2 base p, 3 input (role 0, noop), 4 = OR(p, 5), 5 = AND(4, TRUE) (cycle {4, 5}),
/// 6 = NOT p. next(p) = NOT p, terminal = FALSE, one legal move (TRUE), goal 100 when gate 5 holds.
fn toggling_cycle() -> OwnedIr {
    let mut ir = OwnedIr::default();
    ir.set_gates(&[
        (FALSE, &[]),
        (TRUE, &[]),
        (BASE, &[]),
        (INPUT, &[]),
        (OR, &[2, 5]),
        (AND, &[4, 1]),
        (NOT, &[2]),
    ]);
    ir.first_logic = 4;
    ir.phase_split = 7;
    ir.cycle_of[4] = 0;
    ir.cycle_of[5] = 0;
    ir.cycle_range = vec![4, 6];
    ir.role_count = 1;
    ir.base_gate = vec![2];
    ir.base_term = vec![100];
    ir.base_next = vec![6];
    ir.input_gate = vec![3];
    ir.input_role = vec![0];
    ir.legal_start = vec![0, 1];
    ir.legal_gate = vec![1];
    ir.legal_term = vec![200];
    ir.legal_input = vec![0];
    ir.goal_start = vec![0, 1];
    ir.goal_gate = vec![5];
    ir.goal_value = vec![100];
    ir.terminal_gate = 0;
    ir.init_gate = vec![1];
    ir.init_base = vec![0];
    ir.sees_start = vec![0, 0];
    ir
}

#[test]
fn a_cycle_loses_its_self_support() {
    let owned = toggling_cycle();
    let ir = owned.ir();
    assert_eq!(ir.validate(), Ok(()));
    for mode in [Propagation::Incremental, Propagation::Levelled] {
        let mut engine = Engine::with_propagation(&ir, mode);
        assert_eq!(&engine.values()[4..6], &[0, 0], "empty state");
        engine.load(&ir, &[1]);
        assert_eq!(
            &engine.values()[4..6],
            &[1, 1],
            "{mode:?}: p holds, the cycle is supported"
        );
        engine.load(&ir, &[0]);
        assert_eq!(
            &engine.values()[4..6],
            &[0, 0],
            "{mode:?}: p gone, the cycle only supported itself"
        );
        let mut goals = Vec::new();
        engine.goals(&ir, &[1], 0, &mut goals).unwrap();
        assert_eq!(goals, vec![100]);
    }
}

#[test]
fn next_states_alternate_through_the_cycle() {
    let owned = toggling_cycle();
    let ir = owned.ir();
    let mut engine = Engine::new(&ir);
    let start = engine.initial_state(&ir);
    assert_eq!(start, vec![1]);
    let mut next = [0u32];
    engine.next_state(&ir, &start, &[0], &mut next).unwrap();
    assert_eq!(next, [0]);
    engine
        .next_state(&ir, &next.clone(), &[0], &mut next)
        .unwrap();
    assert_eq!(next, [1]);
    // Never terminal: a chain of depth + 1 states.
    assert_eq!(perft(&ir, &mut engine, &start, 5), Ok(6));
}
