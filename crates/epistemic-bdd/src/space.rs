//! The state space a formula is labelled on: a universe of states containing every reachable one — the
//! exact reachable set when its BDD fits, else the over-approximation of approximate.rs — with sound bounds
//! of `terminal` and the goals on it. Truth at the initial state only depends on states reachable from it,
//! so labelling on a larger universe stays exact for the temporal operators, given exact atoms. Where
//! `terminal` is only bounded, whether a state's edges are its joint moves or the STOP loop is uncertain,
//! and the predecessor operators are modal (may/must): a state surely has an edge into Y when it does in
//! every case the bounds leave open, possibly has one when it does in some case.

use crate::budget::{Budget, Fit};
use crate::func::{Func, WITHIN_CAP};
use crate::game::SymbolicGame;
use biodivine_lib_bdd::Bdd;
use std::rc::Rc;

pub struct Space {
    pub universe: Bdd,
    /// The node bound of the bounds of large functions (bound_within).
    pub cap: usize,
    /// Bounds of terminal within the universe.
    pub terminal: (Bdd, Bdd),
    /// Surely live (not terminal, movable), possibly live, surely dead (STOP loop), possibly dead.
    sure_live: Bdd,
    may_live: Bdd,
    sure_dead: Bdd,
    may_dead: Bdd,
    /// Edges of the possibly live states by joint moves, over current and next variables.
    relation: Bdd,
}

/// Bounds of a large function within the universe: exact when `within` fits WITHIN_CAP, else its bounds
/// of at most `cap` nodes (func.rs).
pub fn bound_within(
    f: &Rc<Func>,
    universe: &Bdd,
    all: &Bdd,
    cap: usize,
    budget: &Budget,
) -> Fit<(Bdd, Bdd)> {
    let bounded = budget.with_node_limit(WITHIN_CAP.min(budget.node_limit));
    if let Ok(exact) = f.within(universe, &bounded) {
        return Ok((exact.clone(), exact));
    }
    budget.check("bounding a game function")?;
    let (lower, upper) = f.bounds(all, cap);
    Ok((
        budget.and(universe, &lower, "bounding a game function")?,
        budget.and(universe, &upper, "bounding a game function")?,
    ))
}

impl Space {
    pub fn new(game: &SymbolicGame, universe: Bdd, cap: usize, budget: &Budget) -> Fit<Space> {
        let what = "preparing the state space";
        let all = game.set.mk_true();
        let terminal = bound_within(&game.terminal, &universe, &all, cap, budget)?;
        let movable = game.within(&game.live[1..], &universe, budget)?;
        let sure_live = budget.and_not(&movable, &terminal.1, what)?;
        let may_live = budget.and_not(&movable, &terminal.0, what)?;
        let sure_dead = budget.and_not(&universe, &may_live, what)?;
        let may_dead = budget.and_not(&universe, &sure_live, what)?;
        let guarded = game.moves(&may_live, budget)?;
        let relation = game.relation(&guarded, budget)?;
        Ok(Space {
            universe,
            cap,
            terminal,
            sure_live,
            may_live,
            sure_dead,
            may_dead,
            relation,
        })
    }

    /// States of the universe with a joint move into `target` (ignoring whether they are terminal).
    fn moves_into(&self, game: &SymbolicGame, target: &Bdd, budget: &Budget) -> Fit<Bdd> {
        budget.and_exists(
            &self.relation,
            &game.rename_to_next(target),
            &game.next,
            "computing predecessor states",
        )
    }

    /// Surely some edge into `target`: live with a move there, dead and in it, or either way both.
    pub fn pre_exists_lower(&self, game: &SymbolicGame, target: &Bdd, budget: &Budget) -> Fit<Bdd> {
        let what = "computing predecessor states";
        let moves = self.moves_into(game, target, budget)?;
        let live = budget.and(&self.sure_live, &moves, what)?;
        let dead = budget.and(&self.sure_dead, target, what)?;
        let either = budget.and(&moves, target, what)?;
        let unsure = budget.and_not(&self.may_live, &self.sure_live, what)?;
        let either = budget.and(&either, &unsure, what)?;
        budget.or(&budget.or(&live, &dead, what)?, &either, what)
    }

    /// Possibly some edge into `target`.
    pub fn pre_exists_upper(&self, game: &SymbolicGame, target: &Bdd, budget: &Budget) -> Fit<Bdd> {
        let what = "computing predecessor states";
        let moves = self.moves_into(game, target, budget)?;
        let live = budget.and(&self.may_live, &moves, what)?;
        let dead = budget.and(&self.may_dead, target, what)?;
        budget.or(&live, &dead, what)
    }

    /// Surely every edge into `target`.
    pub fn pre_forall_lower(&self, game: &SymbolicGame, target: &Bdd, budget: &Budget) -> Fit<Bdd> {
        let outside = budget.and_not(&self.universe, target, "computing predecessor states")?;
        let escape = self.pre_exists_upper(game, &outside, budget)?;
        budget.and_not(&self.universe, &escape, "computing predecessor states")
    }

    /// Possibly every edge into `target`.
    pub fn pre_forall_upper(&self, game: &SymbolicGame, target: &Bdd, budget: &Budget) -> Fit<Bdd> {
        let outside = budget.and_not(&self.universe, target, "computing predecessor states")?;
        let escape = self.pre_exists_lower(game, &outside, budget)?;
        budget.and_not(&self.universe, &escape, "computing predecessor states")
    }

    /// Every edge into `target` in the system where exactly the surely terminal states are terminal (the
    /// others move on). A[l U r] with r implied by `terminal` may take its lower bound with this operator:
    /// a real run that stops in a terminal state at step k has r there, and its prefix to step k, continued
    /// in this system, satisfies l U r by the fixpoint — either r comes by step k, or l holds up to k and
    /// r at k; a real run that never stops is a run of this system (giga13-06's property (1) on a state
    /// space where `terminal` itself has no small BDD).
    pub fn pre_forall_stopping_early(
        &self,
        game: &SymbolicGame,
        target: &Bdd,
        budget: &Budget,
    ) -> Fit<Bdd> {
        let what = "computing predecessor states";
        let outside = budget.and_not(&self.universe, target, what)?;
        let moves = self.moves_into(game, &outside, budget)?;
        let live = budget.and(&self.may_live, &moves, what)?;
        let dead = budget.and(&self.sure_dead, &outside, what)?;
        let escape = budget.or(&live, &dead, what)?;
        budget.and_not(&self.universe, &escape, what)
    }

    /// Whether every run from every state of the universe reaches a terminal state, by a ranking on one
    /// block (`block_of[b]` is base b's block): (a) the joint moves of the possibly live states, projected on
    /// the block's variables, form an acyclic graph, and (b) every state without a legal move for some role
    /// is surely terminal. Then an infinite run avoiding terminal would consist of moves only (a STOP loop
    /// is at a terminal state by (b)) and would project to an infinite path, so a cycle, in that graph.
    /// A step counter is such a block; so is any fluent group that only ever advances.
    pub fn terminates(&self, game: &SymbolicGame, block_of: &[u32], budget: &Budget) -> Fit<bool> {
        let what = "looking for a ranking block";
        let movable = game.within(&game.live[1..], &self.universe, budget)?;
        let stuck = budget.and_not(&self.universe, &movable, what)?;
        if !budget.and_not(&stuck, &self.terminal.0, what)?.is_false() {
            return Ok(false);
        }
        let blocks = block_of.iter().map(|&b| b as usize + 1).max().unwrap_or(0);
        for block in 0..blocks {
            let inside = |b: usize| block_of[b] as usize == block;
            let hidden: Vec<_> = (0..game.cur.len())
                .filter(|&b| !inside(b))
                .flat_map(|b| [game.cur[b], game.next[b]])
                .collect();
            let moves = budget.exists(&self.relation, &hidden, what)?;
            let current: Vec<_> = (0..game.cur.len())
                .filter(|&b| inside(b))
                .map(|b| game.cur[b])
                .collect();
            // Greatest fixpoint of "has a predecessor in Z": empty iff the projected graph has no cycle.
            let mut z = budget.exists(&self.universe, &hidden, what)?;
            loop {
                let post = game.rename_to_current(&budget.and_exists(&z, &moves, &current, what)?);
                let next = budget.and(&z, &post, what)?;
                if next.is_false() {
                    return Ok(true);
                }
                if budget.and_not(&z, &next, what)?.is_false() {
                    break;
                }
                z = next;
            }
        }
        Ok(false)
    }

    /// The states that may move by joint moves (for the knowledge computation: a superset of the live
    /// reachable states), with their moves.
    pub fn may_move(&self, game: &SymbolicGame, budget: &Budget) -> Fit<Bdd> {
        game.moves(&self.may_live, budget)
    }

    /// Whether `terminal` is exact on this space (then larger bound caps change nothing for it).
    pub fn exact_atoms(&self) -> bool {
        self.terminal.0 == self.terminal.1
    }
}
