//! A gate function kept as a BDD where that is small, and as an AND/OR/NOT of smaller parts where the
//! whole BDD would be large. Over all 2^n states some game functions have no small BDD in any order — a
//! 5×5 board's "some line of four of x or of o" needs the run lengths of every column at once — yet they
//! are only ever conjoined with a set of reachable states, where they are small; `within` computes that
//! conjunction part by part and never builds the whole.

use crate::budget::{Budget, Fit};
use biodivine_lib_bdd::{op_function, Bdd, BddValuation, BddVariable};
use std::collections::HashSet;
use std::rc::Rc;

/// The node bound of a large function's exact conjunction with a set.
pub const WITHIN_CAP: usize = 200_000;

pub enum Func {
    Leaf(Bdd),
    And(Vec<Rc<Func>>),
    Or(Vec<Rc<Func>>),
    Not(Rc<Func>),
}

impl Func {
    pub fn leaf(&self) -> Option<&Bdd> {
        match self {
            Func::Leaf(b) => Some(b),
            _ => None,
        }
    }

    /// set ∧ self.
    pub fn within(&self, set: &Bdd, budget: &Budget) -> Fit<Bdd> {
        let what = "conjoining a large game function";
        match self {
            Func::Leaf(b) => budget.and(set, b, what),
            Func::And(parts) => {
                let mut acc = set.clone();
                for p in parts {
                    if acc.is_false() {
                        break;
                    }
                    acc = p.within(&acc, budget)?;
                }
                Ok(acc)
            }
            Func::Or(parts) => {
                let mut acc = set.and_not(set);
                let mut rest = set.clone();
                for p in parts {
                    if rest.is_false() {
                        break;
                    }
                    let hit = p.within(&rest, budget)?;
                    rest = budget.and_not(&rest, &hit, what)?;
                    acc = budget.or(&acc, &hit, what)?;
                }
                Ok(acc)
            }
            Func::Not(p) => {
                let hit = p.within(set, budget)?;
                budget.and_not(set, &hit, what)
            }
        }
    }

    /// The whole function as one BDD (within the budget's node bound).
    pub fn to_bdd(&self, all: &Bdd, budget: &Budget) -> Fit<Bdd> {
        match self {
            Func::Leaf(b) => Ok(b.clone()),
            _ => self.within(all, budget),
        }
    }

    /// Sound bounds lower ⊆ self ⊆ upper, each one BDD of at most `cap` nodes: a disjunct or conjunct
    /// that would pass the cap is left out of the side where leaving it out stays sound (lower of an OR,
    /// upper of an AND) and makes the other side the constant.
    pub fn bounds(&self, all: &Bdd, cap: usize) -> (Bdd, Bdd) {
        let none = all.not();
        let fold = |parts: &[Rc<Func>], or: bool| -> (Bdd, Bdd) {
            let mut bounds: Vec<(Bdd, Bdd)> = parts.iter().map(|p| p.bounds(all, cap)).collect();
            bounds.sort_by_key(|(l, u)| l.size() + u.size());
            let op = if or {
                op_function::or
            } else {
                op_function::and
            };
            // The side that may drop a part (OR: lower, AND: upper) and the side that may not.
            let (mut loose, mut tight) = if or {
                (none.clone(), none.clone())
            } else {
                (all.clone(), all.clone())
            };
            let mut tight_ok = true;
            for (l, u) in &bounds {
                let (lp, tp) = if or { (l, u) } else { (u, l) };
                if let Some(b) = Bdd::binary_op_with_limit(cap, &loose, lp, op) {
                    loose = b;
                }
                if tight_ok {
                    match Bdd::binary_op_with_limit(cap, &tight, tp, op) {
                        Some(b) => tight = b,
                        None => tight_ok = false,
                    }
                }
            }
            if !tight_ok {
                tight = if or { all.clone() } else { none.clone() };
            }
            if or {
                (loose, tight)
            } else {
                (tight, loose)
            }
        };
        match self {
            Func::Leaf(b) => (b.clone(), b.clone()),
            Func::Or(parts) => fold(parts, true),
            Func::And(parts) => fold(parts, false),
            Func::Not(p) => {
                let (l, u) = p.bounds(all, cap);
                (u.not(), l.not())
            }
        }
    }

    /// Nodes of its BDDs (a shared part counted at each use).
    pub fn size(&self) -> usize {
        match self {
            Func::Leaf(b) => b.size(),
            Func::And(parts) | Func::Or(parts) => parts.iter().map(|p| p.size()).sum(),
            Func::Not(p) => p.size(),
        }
    }

    pub fn eval(&self, valuation: &BddValuation) -> bool {
        match self {
            Func::Leaf(b) => b.eval_in(valuation),
            Func::And(parts) => parts.iter().all(|p| p.eval(valuation)),
            Func::Or(parts) => parts.iter().any(|p| p.eval(valuation)),
            Func::Not(p) => !p.eval(valuation),
        }
    }

    pub fn support(&self, into: &mut HashSet<BddVariable>) {
        match self {
            Func::Leaf(b) => into.extend(b.support_set()),
            Func::And(parts) | Func::Or(parts) => parts.iter().for_each(|p| p.support(into)),
            Func::Not(p) => p.support(into),
        }
    }
}
