//! Symbolic labelling (Clarke–Emerson fixpoints on BDDs) of the checker's CTL normal form with knowledge
//! (packages/epistemic/src/formula/ctl.ts), three-valued: every subformula gets a lower set (states where it
//! surely holds, at every reachable point ending there) and an upper set (outside it, it surely fails).
//! Atoms are exact unless a large function is only bounded on the universe (space.rs), the temporal
//! operators follow with the space's may/must predecessors, and K_i and its dual use the determined-bases
//! bounds of determined.rs. The formula is `holds` when the initial state is in the lower set of the whole, `fails`
//! when it is outside the upper set.

use crate::budget::{Budget, Fit};
use crate::determined::{determined_bases, Determined};
use crate::game::SymbolicGame;
use crate::space::{bound_within, Space};
use biodivine_lib_bdd::Bdd;

/// Node opcodes of the flat formula encoding: four integers per node `[op, a, b, c]`; children are
/// indices of earlier nodes, the last node is the root.
pub mod op {
    /// c: 0 false, 1 true.
    pub const CONST: i32 = 0;
    /// a: atom kind (below), b: index (base, legal entry or goal entry; -1 for none), c: 1 positive.
    pub const LIT: i32 = 1;
    pub const AND: i32 = 2;
    pub const OR: i32 = 3;
    pub const EX: i32 = 4;
    pub const AX: i32 = 5;
    /// a: left, b: right.
    pub const EU: i32 = 6;
    pub const AU: i32 = 7;
    pub const ER: i32 = 8;
    pub const AR: i32 = 9;
    /// a: argument, c: role.
    pub const K: i32 = 10;
    pub const MK: i32 = 11;
    pub const ATOM_TERMINAL: i32 = 0;
    pub const ATOM_TRUE: i32 = 1;
    pub const ATOM_LEGAL: i32 = 2;
    pub const ATOM_GOAL: i32 = 3;
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Node {
    pub op: i32,
    pub a: i32,
    pub b: i32,
    pub c: i32,
}

/// Decodes and checks a flat formula against the game's sizes.
pub fn decode(flat: &[i32], game: &SymbolicGame) -> Result<Vec<Node>, String> {
    if flat.is_empty() || !flat.len().is_multiple_of(4) {
        return Err(format!(
            "a formula is a non-empty list of 4-integer nodes, got {} integers",
            flat.len()
        ));
    }
    let nodes: Vec<Node> = flat
        .chunks(4)
        .map(|c| Node {
            op: c[0],
            a: c[1],
            b: c[2],
            c: c[3],
        })
        .collect();
    for (k, n) in nodes.iter().enumerate() {
        let child = |x: i32| x >= 0 && (x as usize) < k;
        let ok = match n.op {
            op::CONST => true,
            op::LIT => match n.a {
                op::ATOM_TERMINAL => true,
                op::ATOM_TRUE => n.b < game.cur.len() as i32,
                op::ATOM_LEGAL => n.b < game.legal.len() as i32,
                op::ATOM_GOAL => n.b < game.goal.len() as i32,
                _ => false,
            },
            op::AND | op::OR | op::EU | op::AU | op::ER | op::AR => child(n.a) && child(n.b),
            op::EX | op::AX => child(n.a),
            op::K | op::MK => child(n.a) && n.c >= 0 && (n.c as usize) < game.role_count,
            _ => false,
        };
        if !ok {
            return Err(format!("formula node {k} {n:?} is malformed"));
        }
    }
    Ok(nodes)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Holds,
    Fails,
    /// The knowledge bounds did not meet at the initial state.
    Undecided,
}

/// The bounds of each node of one formula, within the space's universe.
pub struct Labels {
    pub lower: Vec<Bdd>,
    pub upper: Vec<Bdd>,
}

/// Labels a formula on a space; `determined` caches each role's determined bases, computed on
/// `determined_space` (same universe, possibly live states a superset of `space`'s).
pub fn label(
    game: &SymbolicGame,
    space: &Space,
    determined_space: &Space,
    block_of: &[u32],
    nodes: &[Node],
    determined: &mut [Option<Determined>],
    budget: &Budget,
) -> Fit<Labels> {
    let u = &space.universe;
    let all = game.set.mk_true();
    let mut lower: Vec<Bdd> = Vec::with_capacity(nodes.len());
    let mut upper: Vec<Bdd> = Vec::with_capacity(nodes.len());
    for n in nodes {
        let (lo, up) = match n.op {
            op::CONST => {
                let v = if n.c != 0 {
                    u.clone()
                } else {
                    game.set.mk_false()
                };
                (v.clone(), v)
            }
            op::LIT => {
                let (holds_lo, holds_up) = match n.a {
                    op::ATOM_TERMINAL => space.terminal.clone(),
                    _ if n.b < 0 => (game.set.mk_false(), game.set.mk_false()),
                    op::ATOM_TRUE => {
                        let v = budget.and(
                            u,
                            &game.set.mk_var(game.cur[n.b as usize]),
                            "labelling atoms",
                        )?;
                        (v.clone(), v)
                    }
                    op::ATOM_LEGAL => {
                        let v = budget.and(u, &game.legal[n.b as usize], "labelling atoms")?;
                        (v.clone(), v)
                    }
                    _ => bound_within(&game.goal[n.b as usize], u, &all, space.cap, budget)?,
                };
                if n.c != 0 {
                    (holds_lo, holds_up)
                } else {
                    (
                        budget.and_not(u, &holds_up, "labelling atoms")?,
                        budget.and_not(u, &holds_lo, "labelling atoms")?,
                    )
                }
            }
            op::AND | op::OR => {
                let f = |x: &Bdd, y: &Bdd| {
                    if n.op == op::AND {
                        budget.and(x, y, "labelling")
                    } else {
                        budget.or(x, y, "labelling")
                    }
                };
                let (a, b) = (n.a as usize, n.b as usize);
                (f(&lower[a], &lower[b])?, f(&upper[a], &upper[b])?)
            }
            op::EX | op::AX => {
                let a = n.a as usize;
                if n.op == op::EX {
                    (
                        space.pre_exists_lower(game, &lower[a], budget)?,
                        space.pre_exists_upper(game, &upper[a], budget)?,
                    )
                } else {
                    (
                        space.pre_forall_lower(game, &lower[a], budget)?,
                        space.pre_forall_upper(game, &upper[a], budget)?,
                    )
                }
            }
            op::EU | op::AU | op::ER | op::AR => {
                let (a, b) = (n.a as usize, n.b as usize);
                let exists = n.op == op::EU || n.op == op::ER;
                let pre = |sure: bool| {
                    move |y: &Bdd| -> Fit<Bdd> {
                        match (exists, sure) {
                            (true, true) => space.pre_exists_lower(game, y, budget),
                            (true, false) => space.pre_exists_upper(game, y, budget),
                            (false, true) => space.pre_forall_lower(game, y, budget),
                            (false, false) => space.pre_forall_upper(game, y, budget),
                        }
                    }
                };
                if n.op == op::AU
                    && nodes[a].op == op::CONST
                    && nodes[a].c != 0
                    && implied_by_terminal(nodes, b)
                    && space.terminates(game, block_of, budget)?
                {
                    (u.clone(), until(&upper[a], &upper[b], pre(false), budget)?)
                } else if n.op == op::AU && implied_by_terminal(nodes, b) {
                    let early = |y: &Bdd| space.pre_forall_stopping_early(game, y, budget);
                    (
                        until(&lower[a], &lower[b], early, budget)?,
                        until(&upper[a], &upper[b], pre(false), budget)?,
                    )
                } else if n.op == op::EU || n.op == op::AU {
                    (
                        until(&lower[a], &lower[b], pre(true), budget)?,
                        until(&upper[a], &upper[b], pre(false), budget)?,
                    )
                } else {
                    (
                        release(u, &lower[a], &lower[b], pre(true), budget)?,
                        release(u, &upper[a], &upper[b], pre(false), budget)?,
                    )
                }
            }
            _ => {
                let (a, role) = (n.a as usize, n.c as usize);
                if determined[role].is_none() {
                    determined[role] =
                        Some(determined_bases(game, determined_space, role, budget)?);
                }
                let d = determined[role].as_ref().unwrap();
                if n.op == op::K {
                    (d.knows_lower(u, &lower[a], budget)?, upper[a].clone())
                } else {
                    (lower[a].clone(), d.possible_upper(u, &upper[a], budget)?)
                }
            }
        };
        lower.push(lo);
        upper.push(up);
    }
    Ok(Labels { lower, upper })
}

/// Whether node k is `terminal` or a disjunction with `terminal` as a disjunct (so terminal implies it).
fn implied_by_terminal(nodes: &[Node], k: usize) -> bool {
    let n = nodes[k];
    match n.op {
        op::LIT => n.a == op::ATOM_TERMINAL && n.c != 0,
        op::OR => {
            implied_by_terminal(nodes, n.a as usize) || implied_by_terminal(nodes, n.b as usize)
        }
        _ => false,
    }
}

/// The verdict at the initial state from the root's bounds.
pub fn verdict(game: &SymbolicGame, labels: &Labels) -> Verdict {
    let root = labels.lower.len() - 1;
    if !game.init.and(&labels.lower[root]).is_false() {
        Verdict::Holds
    } else if game.init.and(&labels.upper[root]).is_false() {
        Verdict::Fails
    } else {
        Verdict::Undecided
    }
}

/// The least fixpoint Y = r ∨ (l ∧ pre(Y)) (E[l U r] or A[l U r] by the predecessor operator).
pub fn until(l: &Bdd, r: &Bdd, pre: impl Fn(&Bdd) -> Fit<Bdd>, budget: &Budget) -> Fit<Bdd> {
    let mut y = r.clone();
    loop {
        let step = budget.and(l, &pre(&y)?, "labelling U")?;
        let grown = budget.and_not(&step, &y, "labelling U")?;
        if grown.is_false() {
            return Ok(y);
        }
        y = budget.or(&y, &grown, "labelling U")?;
    }
}

/// The greatest fixpoint Y = r ∧ (l ∨ pre(Y)) within the universe (E[l R r] or A[l R r]).
pub fn release(
    universe: &Bdd,
    l: &Bdd,
    r: &Bdd,
    pre: impl Fn(&Bdd) -> Fit<Bdd>,
    budget: &Budget,
) -> Fit<Bdd> {
    let mut y = budget.and(r, universe, "labelling R")?;
    loop {
        let step = budget.or(l, &pre(&y)?, "labelling R")?;
        let shrunk = budget.and_not(&y, &step, "labelling R")?;
        if shrunk.is_false() {
            return Ok(y);
        }
        y = budget.and_not(&y, &shrunk, "labelling R")?;
    }
}
