//! Knowledge under synchronous perfect recall, abstracted soundly (giga13-06, Definition 2). A role's view
//! of a history is its own moves and its percepts, step by step. Call a set D of bases *determined* for
//! the role when any two reachable histories the role cannot tell apart end in states that agree on D.
//! The largest such D is found as a greatest fixpoint by self-composition, without pairing states: start
//! from every base and drop base b while some (D-part of a reachable live state, own move, percepts) leads
//! to b true along one joint move and b false along another. By induction on time (the initial state is
//! unique, and each step keeps agreement on D given the same observation), the surviving D is determined.
//! In a GDL game without `sees` a role observes the whole joint move (section 2.2), so every input counts as
//! observed.
//!
//! Then every state the role considers possible at a point whose state is s lies in
//! {s' in the universe : s' agrees with s on D}, which gives K_i φ a sound lower bound (φ on all of those) and a
//! sound upper bound (φ at s itself, as s is possible); the two meet when φ is a function of D on the
//! reachable states (as a Krieg-TicTacToe player's legal moves are of its own marks and tries).

use crate::budget::{Budget, Fit};
use crate::game::SymbolicGame;
use crate::space::Space;
use biodivine_lib_bdd::{Bdd, BddVariable};

pub struct Determined {
    /// Per base: whether the role's view determines it.
    pub base: Vec<bool>,
    /// The current-state variables of the undetermined bases (quantified by the knowledge bounds).
    pub hidden: Vec<BddVariable>,
}

/// The largest determined set of bases of `role`, from the space's universe (which contains every reachable
/// state) and the joint moves of its possibly live states: pairs of histories are drawn from a superset of
/// the real ones, so what survives is determined.
pub fn determined_bases(
    game: &SymbolicGame,
    space: &Space,
    role: usize,
    budget: &Budget,
) -> Fit<Determined> {
    let what = "computing what a role's view determines";
    let bases = game.cur.len();
    let observed_input = |i: usize| !game.is_gdl2 || game.input_role[i] == role;
    let mut step = space.may_move(game, budget)?;
    if game.is_gdl2 {
        for k in game.sees_start[role]..game.sees_start[role + 1] {
            let p = game.set.mk_var(game.percept[k]).iff(&game.sees[k]);
            step = budget.and(&step, &p, what)?;
        }
    }
    let unobserved_inputs: Vec<BddVariable> = (0..game.input.len())
        .filter(|&i| !observed_input(i))
        .map(|i| game.input[i])
        .collect();
    let mut base = vec![true; bases];
    loop {
        let mut hidden: Vec<BddVariable> = (0..bases)
            .filter(|&b| !base[b])
            .map(|b| game.cur[b])
            .collect();
        hidden.extend_from_slice(&unobserved_inputs);
        let mut dropped = false;
        for (b, kept) in base.iter_mut().enumerate() {
            if !*kept {
                continue;
            }
            let to_true = budget.and_exists(&step, &game.delta[b], &hidden, what)?;
            let to_false = budget.and_exists(&step, &game.delta[b].not(), &hidden, what)?;
            if !budget.and(&to_true, &to_false, what)?.is_false() {
                *kept = false;
                dropped = true;
            }
        }
        if !dropped {
            break;
        }
    }
    let hidden = (0..bases)
        .filter(|&b| !base[b])
        .map(|b| game.cur[b])
        .collect();
    Ok(Determined { base, hidden })
}

impl Determined {
    /// Lower bound of K_i φ from a lower bound of φ: the states of the universe whose every D-agreeing
    /// state of the universe is in `lower`.
    pub fn knows_lower(&self, reached: &Bdd, lower: &Bdd, budget: &Budget) -> Fit<Bdd> {
        let what = "bounding knowledge";
        let outside = budget.and_not(reached, lower, what)?;
        let spoiled = budget.exists(&outside, &self.hidden, what)?;
        budget.and_not(reached, &spoiled, what)
    }

    /// Upper bound of "i considers φ possible" from an upper bound of φ: the states of the universe with
    /// some D-agreeing state of the universe in `upper`.
    pub fn possible_upper(&self, reached: &Bdd, upper: &Bdd, budget: &Budget) -> Fit<Bdd> {
        let what = "bounding knowledge";
        let inside = budget.and(reached, upper, what)?;
        let seen = budget.exists(&inside, &self.hidden, what)?;
        budget.and(reached, &seen, what)
    }
}
