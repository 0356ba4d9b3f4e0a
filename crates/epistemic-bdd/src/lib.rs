//! Symbolic model checking of CTL with knowledge (giga13-06's CTL*K_n after packages/epistemic's reduction
//! to CTL) over a game's propnet IR, with binary decision diagrams (biodivine-lib-bdd): the reachable
//! states by image computation with a partitioned transition relation, the temporal operators as
//! fixpoints, and knowledge under synchronous perfect recall through a sound abstraction (determined.rs).
//! Used where the explicit checker's state graph does not fit.

pub mod approximate;
pub mod budget;
pub mod checker;
pub mod circuit;
pub mod ctl;
pub mod determined;
pub mod evidence;
pub mod func;
pub mod game;
pub mod space;
pub mod variable_order;

pub use budget::{Budget, OutOfBudget};
pub use checker::{Answer, SymbolicChecker};
