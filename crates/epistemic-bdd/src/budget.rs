//! The time and size limits of a symbolic check. Every BDD operation that can grow goes through `Budget`,
//! so a check that does not fit stops with `OutOfBudget` (the caller answers `unknown`) instead of
//! exhausting the machine.

use biodivine_lib_bdd::{op_function, Bdd, BddVariable};
use std::fmt;
use std::time::{Duration, Instant};

/// Why a symbolic computation stopped early.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutOfBudget(pub String);

impl fmt::Display for OutOfBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

pub type Fit<T> = std::result::Result<T, OutOfBudget>;

/// A deadline and a bound on the nodes of any one BDD (a BDD node with its apply tables takes a few tens
/// of bytes, so the bound is the memory budget divided by that).
#[derive(Debug, Clone)]
pub struct Budget {
    deadline: Instant,
    seconds: f64,
    pub node_limit: usize,
}

impl Budget {
    pub fn new(seconds: f64, node_limit: usize) -> Budget {
        Budget {
            deadline: Instant::now() + Duration::from_secs_f64(seconds.max(0.0)),
            seconds,
            node_limit,
        }
    }

    /// The same deadline with another node bound.
    pub fn with_node_limit(&self, node_limit: usize) -> Budget {
        Budget {
            node_limit,
            ..self.clone()
        }
    }

    /// A budget with `fraction` of the time left (same node bound).
    pub fn share(&self, fraction: f64) -> Budget {
        let left = self
            .deadline
            .saturating_duration_since(Instant::now())
            .as_secs_f64();
        Budget::new(left * fraction, self.node_limit)
    }

    /// Fails once the deadline has passed; `what` names the work for the message.
    pub fn check(&self, what: &str) -> Fit<()> {
        if Instant::now() > self.deadline {
            return Err(OutOfBudget(format!(
                "the {:.1} s budget ran out while {what}",
                self.seconds
            )));
        }
        Ok(())
    }

    fn fits(&self, bdd: Bdd, what: &str) -> Fit<Bdd> {
        if bdd.size() > self.node_limit {
            return Err(self.too_big(what));
        }
        Ok(bdd)
    }

    fn too_big(&self, what: &str) -> OutOfBudget {
        OutOfBudget(format!(
            "a BDD grew past {} nodes (the memory budget) while {what}",
            self.node_limit
        ))
    }

    fn limited(
        &self,
        a: &Bdd,
        b: &Bdd,
        op: fn(Option<bool>, Option<bool>) -> Option<bool>,
        what: &str,
    ) -> Fit<Bdd> {
        self.check(what)?;
        Bdd::binary_op_with_limit(self.node_limit, a, b, op).ok_or_else(|| self.too_big(what))
    }

    pub fn and(&self, a: &Bdd, b: &Bdd, what: &str) -> Fit<Bdd> {
        self.limited(a, b, op_function::and, what)
    }

    pub fn or(&self, a: &Bdd, b: &Bdd, what: &str) -> Fit<Bdd> {
        self.limited(a, b, op_function::or, what)
    }

    pub fn and_not(&self, a: &Bdd, b: &Bdd, what: &str) -> Fit<Bdd> {
        self.limited(a, b, op_function::and_not, what)
    }

    /// ∃ vars. a ∧ b in one pass (the relational product).
    pub fn and_exists(&self, a: &Bdd, b: &Bdd, vars: &[BddVariable], what: &str) -> Fit<Bdd> {
        self.check(what)?;
        self.fits(
            Bdd::binary_op_with_exists(a, b, op_function::and, vars),
            what,
        )
    }

    pub fn exists(&self, a: &Bdd, vars: &[BddVariable], what: &str) -> Fit<Bdd> {
        self.check(what)?;
        self.fits(a.exists(vars), what)
    }
}
