//! Net reductions shared by the executors that specialise the IR: constants folded from fixed base values
//! (control splitting: the side to move fixed per net, as galvanise/ggplib build one net per side) and the
//! backward cones that tell which gates a step needs and which only the goals read (evaluated at terminal
//! states only). differential.rs and lane_nets.rs build their nets from these.

use crate::ir::{kind, Ir};

/// Per gate, its value when the `fixed` bases have their values (gates 0 and 1 are the constants), or -1
/// when it varies. Gates in cyclic components are left variable.
pub(crate) fn fold_constants(ir: &Ir, fixed: &[(u32, bool)]) -> Vec<i8> {
    let mut constant = vec![-1i8; ir.gate_count];
    constant[0] = 0;
    constant[1] = 1;
    for &(b, v) in fixed {
        constant[ir.base_gate[b as usize] as usize] = v as i8;
    }
    for g in ir.first_logic..ir.gate_count {
        if ir.cycle_of[g] >= 0 {
            continue;
        }
        let inputs = ir.fanin_of(g).iter().map(|&x| constant[x as usize]);
        let known = inputs.clone().filter(|&c| c >= 0).count();
        let ones = inputs.clone().filter(|&c| c == 1).count();
        let all = ir.fanin_of(g).len();
        constant[g] = match ir.gate_kind[g] {
            kind::AND if known > ones => 0,
            kind::OR if ones > 0 => 1,
            kind::NOT if known == 1 => 1 - ones as i8,
            kind::AND if known == all => 1,
            kind::OR if known == all => 0,
            _ => -1,
        };
    }
    constant
}

/// Which gates a step needs — those the legal, next and terminal gates depend on — and which only the goals
/// need, given the gates `constant` folds (neither includes a folded gate).
pub(crate) fn step_and_goal_cones(ir: &Ir, constant: &[i8]) -> (Vec<bool>, Vec<bool>) {
    let folded: Vec<bool> = constant.iter().map(|&c| c >= 0).collect();
    let step_roots = ir.legal_gate.iter().chain(ir.base_next).copied();
    let stepped = backward_closure(ir, step_roots.chain([ir.terminal_gate as u32]), &folded);
    let taken: Vec<bool> = folded.iter().zip(&stepped).map(|(&f, &s)| f || s).collect();
    let goal_only = backward_closure(ir, ir.goal_gate.iter().copied(), &taken);
    (stepped, goal_only)
}

/// The gates `roots` depend on (themselves included), except those already in `taken`.
fn backward_closure(ir: &Ir, roots: impl Iterator<Item = u32>, taken: &[bool]) -> Vec<bool> {
    let mut mark = vec![false; ir.gate_count];
    let mut stack: Vec<u32> = roots.collect();
    while let Some(g) = stack.pop() {
        let g = g as usize;
        if mark[g] || taken[g] {
            continue;
        }
        mark[g] = true;
        stack.extend(ir.fanin_of(g));
    }
    mark
}
