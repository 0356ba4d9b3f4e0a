//! The propnet as functions of the current state (base variables) and the joint move (input variables),
//! built in the IR's topological order (IR.md). A gate's function is one BDD while that stays within
//! LEAF_LIMIT nodes, and otherwise the gate itself over its inputs' functions (func.rs). A cyclic component
//! is evaluated to its least fixpoint, as the IR defines it. Only the gates the model reads are kept; the
//! others are dropped once their last reader is built.

use crate::budget::{Budget, Fit};
use crate::func::Func;
use biodivine_lib_bdd::{op_function, Bdd, BddVariable, BddVariableSet};
use propnet_core::Ir;
use std::rc::Rc;

/// Gate kinds of the IR (IR.md).
const FALSE: u8 = 0;
const TRUE: u8 = 1;
const BASE: u8 = 2;
const INPUT: u8 = 3;
const AND: u8 = 4;
const OR: u8 = 5;
const NOT: u8 = 6;

/// The largest BDD kept for one gate; a larger one stays a gate over its inputs.
pub const LEAF_LIMIT: usize = 100_000;

/// Builds the function of every gate in `wanted` (indexed like `wanted`).
pub fn gate_functions(
    ir: &Ir,
    set: &BddVariableSet,
    base_var: &[BddVariable],
    input_var: &[BddVariable],
    wanted: &[usize],
    budget: &Budget,
) -> Fit<Vec<Rc<Func>>> {
    let gates = ir.gate_count;
    let mut keep = vec![false; gates];
    for &g in wanted {
        keep[g] = true;
    }
    // Readers not yet built, so a gate's function can be dropped after its last reader.
    let mut readers: Vec<u32> = (0..gates).map(|g| ir.fanout_of(g).len() as u32).collect();
    let mut value: Vec<Option<Rc<Func>>> = vec![None; gates];
    let source = |g: usize| -> Rc<Func> {
        Rc::new(Func::Leaf(match ir.gate_kind[g] {
            FALSE => set.mk_false(),
            TRUE => set.mk_true(),
            BASE => set.mk_var(base_var[g - 2]),
            INPUT => set.mk_var(input_var[g - 2 - base_var.len()]),
            kind => {
                unreachable!("gate {g} of kind {kind} among the sources (the IR was validated)")
            }
        }))
    };
    for (g, v) in value.iter_mut().enumerate().take(ir.first_logic) {
        *v = Some(source(g));
    }
    let all = set.mk_true();
    let mut g = ir.first_logic;
    while g < gates {
        budget.check("building the propnet's BDDs")?;
        let c = ir.cycle_of[g];
        let (start, end) = if c >= 0 {
            (
                ir.cycle_range[2 * c as usize] as usize,
                ir.cycle_range[2 * c as usize + 1] as usize,
            )
        } else {
            (g, g + 1)
        };
        if c >= 0 {
            for v in &mut value[start..end] {
                *v = Some(Rc::new(Func::Leaf(set.mk_false())));
            }
            // Least fixpoint on whole BDDs: members only grow (a component has no NOT gate).
            loop {
                let mut changed = false;
                for m in start..end {
                    let v = whole_gate(ir, m, &value, &all, budget)?;
                    if !v.iff(value[m].as_ref().unwrap().leaf().unwrap()).is_true() {
                        changed = true;
                        value[m] = Some(Rc::new(Func::Leaf(v)));
                    }
                }
                if !changed {
                    break;
                }
            }
        } else {
            value[g] = Some(gate(ir, g, &value, budget)?);
        }
        for m in start..end {
            for &f in ir.fanin_of(m) {
                let f = f as usize;
                readers[f] -= 1;
                if readers[f] == 0 && !keep[f] && f >= ir.first_logic {
                    value[f] = None;
                }
            }
        }
        g = end;
    }
    Ok(wanted
        .iter()
        .map(|&g| value[g].clone().unwrap_or_else(|| source(g)))
        .collect())
}

/// A gate's function: one BDD if its inputs are BDDs and the result fits LEAF_LIMIT, else the gate.
fn gate(ir: &Ir, g: usize, value: &[Option<Rc<Func>>], budget: &Budget) -> Fit<Rc<Func>> {
    let args: Vec<Rc<Func>> = ir
        .fanin_of(g)
        .iter()
        .map(|&f| {
            value[f as usize]
                .clone()
                .expect("fanin built before its reader")
        })
        .collect();
    let kind = ir.gate_kind[g];
    if kind == NOT {
        return Ok(Rc::new(match args[0].leaf() {
            Some(b) => Func::Leaf(b.not()),
            None => Func::Not(args[0].clone()),
        }));
    }
    let op = match kind {
        AND => op_function::and,
        OR => op_function::or,
        kind => {
            unreachable!("gate {g} of kind {kind} among the logic gates (the IR was validated)")
        }
    };
    if args.iter().all(|a| a.leaf().is_some()) {
        budget.check("building the propnet's BDDs")?;
        let mut acc = args[0].leaf().unwrap().clone();
        let mut fits = true;
        for a in &args[1..] {
            match Bdd::binary_op_with_limit(LEAF_LIMIT, &acc, a.leaf().unwrap(), op) {
                Some(b) => acc = b,
                None => {
                    fits = false;
                    break;
                }
            }
        }
        if fits {
            return Ok(Rc::new(Func::Leaf(acc)));
        }
    }
    Ok(Rc::new(if kind == AND {
        Func::And(args)
    } else {
        Func::Or(args)
    }))
}

/// A cycle member's function as one BDD (within the budget's node bound).
fn whole_gate(
    ir: &Ir,
    g: usize,
    value: &[Option<Rc<Func>>],
    all: &Bdd,
    budget: &Budget,
) -> Fit<Bdd> {
    let what = "building a recursive gate's BDD";
    let arg = |f: &u32| {
        value[*f as usize]
            .as_ref()
            .expect("fanin built before its reader")
            .to_bdd(all, budget)
    };
    let inputs = ir.fanin_of(g);
    match ir.gate_kind[g] {
        AND => inputs
            .iter()
            .try_fold(all.clone(), |acc, f| budget.and(&acc, &arg(f)?, what)),
        OR => inputs
            .iter()
            .try_fold(all.not(), |acc, f| budget.or(&acc, &arg(f)?, what)),
        kind => {
            unreachable!("gate {g} of kind {kind} in a cyclic component (the IR was validated)")
        }
    }
}
