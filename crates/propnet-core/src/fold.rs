//! Net reductions shared by the executors that specialise the IR: constants folded from fixed base values
//! (control splitting: the side to move fixed per net, as galvanise/ggplib build one net per side) and the
//! backward cones that tell which gates a step needs and which only the goals read (evaluated at terminal
//! states only). differential.rs and lane_nets.rs build their nets from these.

use crate::ir::{kind, Ir};

/// Per gate, its value when the `fixed` bases have their values (gates 0 and 1 are the constants), or -1
/// when it varies. Gates in cyclic components are left variable.
///
/// Moves are folded too, as ggplib folds them when it splits on the side to move: only legal moves are
/// played, so an input whose legal entries are all folded to false is false on this net (the waiting
/// side's whole move logic goes), and a role left with exactly one legal entry, folded to true, always
/// plays it (the waiting side's `noop`). Valid only while no legal gate reads an input
/// (`Ir::state_reads_moves`): then the legal gates' values do not depend on the inputs folded from them,
/// and a step's inputs are kept set (differential.rs), so a folded input is never toggled.
pub(crate) fn fold_constants(ir: &Ir, fixed: &[(u32, bool)]) -> Vec<i8> {
    let mut constant = vec![-1i8; ir.gate_count];
    constant[0] = 0;
    constant[1] = 1;
    for &(b, v) in fixed {
        constant[ir.base_gate[b as usize] as usize] = v as i8;
    }
    fold_logic(ir, &mut constant);
    if ir.state_reads_moves() {
        return constant;
    }
    let moves = folded_moves(ir, &constant);
    if moves.is_empty() {
        return constant;
    }
    for (g, v) in moves {
        constant[g as usize] = v;
    }
    fold_logic(ir, &mut constant);
    constant
}

/// Folds the logic gates, in gate order, from the constants of the source gates in `constant`.
fn fold_logic(ir: &Ir, constant: &mut [i8]) {
    for g in ir.first_logic..ir.gate_count {
        if ir.cycle_of[g] >= 0 {
            constant[g] = -1;
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
}

/// The input gates the folded legal gates decide (see `fold_constants`), with their values.
fn folded_moves(ir: &Ir, constant: &[i8]) -> Vec<(u32, i8)> {
    // Per input, whether some legal entry of it may hold.
    let mut playable = vec![false; ir.input_gate.len()];
    let mut moves = Vec::new();
    for r in 0..ir.role_count {
        let range = ir.legal_range(r);
        let legal = |l: usize| constant[ir.legal_gate[l] as usize];
        for l in range.clone() {
            if legal(l) != 0 {
                playable[ir.legal_input[l] as usize] = true;
            }
        }
        let mut open = range.clone().filter(|&l| legal(l) != 0);
        if let (Some(only), None) = (open.next(), open.next()) {
            if legal(only) == 1 {
                moves.push((ir.input_gate[ir.legal_input[only] as usize], 1));
            }
        }
    }
    for (i, &g) in ir.input_gate.iter().enumerate() {
        if !playable[i] {
            moves.push((g, 0));
        }
    }
    moves
}

/// Which gates a step needs — those the legal, next and terminal gates depend on — and which only the goals
/// need, given the gates `constant` folds (neither includes a folded gate). With `goals_stepped` the goal
/// gates count among a step's roots, so the goal cone is empty.
pub(crate) fn step_and_goal_cones(
    ir: &Ir,
    constant: &[i8],
    goals_stepped: bool,
) -> (Vec<bool>, Vec<bool>) {
    let folded: Vec<bool> = constant.iter().map(|&c| c >= 0).collect();
    let goal_roots = if goals_stepped { ir.goal_gate } else { &[] };
    let step_roots = ir
        .legal_gate
        .iter()
        .chain(ir.base_next)
        .chain(goal_roots)
        .copied();
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
