//! An over-approximation of the reachable states for games whose exact reachable set has no small BDD
//! (the counting constraints of a long game: how many marks and failed tries each player has made). The
//! bases are cut into blocks — the variables of one object, as the caller groups them — and the reachable
//! set is approximated by a product of per-block sets: start from the initial state's blocks, add each
//! block's projection of the successors of the product, until nothing changes (Cartesian abstraction;
//! Cho et al., "Algorithms for approximate FSM traversal", 1996). Correlations inside a block are kept
//! (a cell is blank, x or o, never two), across blocks they are lost. Successors are taken from every
//! state not surely terminal, so the product contains every reachable state.

use crate::budget::{Budget, Fit};
use crate::game::SymbolicGame;
use biodivine_lib_bdd::{Bdd, BddVariable};

/// The product of the blocks' reachable projections; `block_of[b]` is base b's block.
pub fn approximate_reachable(
    game: &SymbolicGame,
    block_of: &[u32],
    not_surely_terminal: &Bdd,
    budget: &Budget,
) -> Fit<Bdd> {
    let what = "over-approximating the reachable states";
    let blocks = block_of.iter().map(|&b| b as usize + 1).max().unwrap_or(0);
    // Per block, the current-state variables of the other blocks (quantified to project onto it).
    let others: Vec<Vec<BddVariable>> = (0..blocks)
        .map(|k| {
            (0..game.cur.len())
                .filter(|&b| block_of[b] as usize != k)
                .map(|b| game.cur[b])
                .collect()
        })
        .collect();
    let mut parts: Vec<Bdd> = others.iter().map(|o| game.init.exists(o)).collect();
    loop {
        let mut product = game.set.mk_true();
        for p in &parts {
            product = budget.and(&product, p, what)?;
        }
        let live = budget.and(&product, not_surely_terminal, what)?;
        let guarded = game.moves(&live, budget)?;
        let image = game.rename_to_current(&game.successors_next(&guarded, budget)?);
        let mut grown = false;
        for (k, part) in parts.iter_mut().enumerate() {
            let projected = budget.exists(&image, &others[k], what)?;
            if !budget.and_not(&projected, part, what)?.is_false() {
                *part = budget.or(part, &projected, what)?;
                grown = true;
            }
        }
        if !grown {
            return Ok(product);
        }
    }
}
