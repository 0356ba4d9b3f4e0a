//! The symbolic checker of one game: its BDD model, built once; the space formulas are labelled on — the
//! exact reachable states if their exploration fits a share of the first check's budget, else the
//! over-approximation of approximate.rs — built on the first check and kept, with each role's determined
//! bases on it.

use crate::approximate::approximate_reachable;
use crate::budget::{Budget, Fit, OutOfBudget};
use crate::ctl::{decode, label, verdict, Labels, Node, Verdict};
use crate::determined::Determined;
use crate::evidence::{witness, Run};
use crate::game::SymbolicGame;
use crate::space::Space;
use crate::variable_order::Unit;
use biodivine_lib_bdd::Bdd;
use propnet_core::Ir;

/// The share of the first check's budget the exact exploration may take before the over-approximation,
/// and the node bound of its rings (a ring past it would take one long image).
const EXACT_SHARE: f64 = 0.3;
const EXACT_RING_NODES: usize = 100_000;
/// The node bound of the terminal test used while over-approximating.
const APPROXIMATION_CAP: usize = 10_000;
/// The node bounds of the bounds of `terminal` and the goals, tried in turn.
const BOUND_CAPS: [usize; 2] = [2_000, 20_000];

pub struct SymbolicChecker {
    pub game: SymbolicGame,
    /// Base → block of the over-approximation.
    block_of: Vec<u32>,
    universe: Option<(Bdd, bool)>,
    approximate: bool,
    /// The spaces of growing bound caps (BOUND_CAPS) over the universe.
    spaces: Vec<Space>,
    determined: Vec<Option<Determined>>,
}

pub enum Answer {
    Decided(Verdict),
    /// The budget ran out; the reason says where.
    Unknown(String),
}

impl SymbolicChecker {
    /// `hint`: a variable order to try besides FORCE's (variable_order.rs); `block_of`: per base, its block
    /// for the over-approximation (default: one block per base); `approximate`: skip the exact reachable
    /// states and label on the over-approximation (to test that path on small games).
    pub fn build(
        ir: &Ir,
        is_gdl2: bool,
        hint: Option<Vec<Unit>>,
        block_of: Option<Vec<u32>>,
        approximate: bool,
        budget: &Budget,
    ) -> Fit<SymbolicChecker> {
        let game = SymbolicGame::build(ir, is_gdl2, hint, budget)?;
        let roles = game.role_count;
        let bases = game.cur.len();
        Ok(SymbolicChecker {
            game,
            block_of: block_of.unwrap_or_else(|| (0..bases as u32).collect()),
            universe: None,
            approximate,
            spaces: Vec::new(),
            determined: (0..roles).map(|_| None).collect(),
        })
    }

    /// The universe: the exact reachable states if their exploration fits a share of the budget, else the
    /// over-approximation.
    fn prepare(&mut self, budget: &Budget) -> Fit<()> {
        if self.universe.is_some() {
            return Ok(());
        }
        let first = budget
            .share(EXACT_SHARE)
            .with_node_limit(16 * EXACT_RING_NODES);
        let exact = if self.approximate {
            Err(())
        } else {
            self.game.explore(&first).map_err(|_| ())
        };
        self.universe = Some(match exact {
            Ok(()) => (self.game.reached.clone(), true),
            Err(()) => {
                budget.check("exploring the reachable states")?;
                let all = self.game.set.mk_true();
                // Coarse bounds suffice here (a larger universe stays sound) and keep the products small.
                let (surely_terminal, _) = self.game.terminal.bounds(&all, APPROXIMATION_CAP);
                let universe = approximate_reachable(
                    &self.game,
                    &self.block_of,
                    &surely_terminal.not(),
                    budget,
                )?;
                (universe, false)
            }
        });
        Ok(())
    }

    /// The space of bound level k (built on first use).
    fn space(&mut self, k: usize, budget: &Budget) -> Fit<&Space> {
        while self.spaces.len() <= k {
            let (universe, _) = self.universe.clone().expect("prepare first");
            let cap = BOUND_CAPS[self.spaces.len()];
            self.spaces
                .push(Space::new(&self.game, universe, cap, budget)?);
        }
        Ok(&self.spaces[k])
    }

    /// Labels the formula on the spaces of growing bound caps until its verdict is decided (a cheap small
    /// bound first: the sets it gives are simple), returning the level and labels of the last one tried.
    fn decide(&mut self, nodes: &[Node], budget: &Budget) -> Fit<(usize, Verdict, Labels)> {
        self.prepare(budget)?;
        let mut k = 0;
        loop {
            self.space(k, budget)?;
            // Determined bases come from level 0, whose possibly live states are the most: sound for all.
            let space = &self.spaces[k];
            let determined_space = &self.spaces[0];
            let mut cache = std::mem::take(&mut self.determined);
            let labelled = label(
                &self.game,
                space,
                determined_space,
                &self.block_of,
                nodes,
                &mut cache,
                budget,
            );
            self.determined = cache;
            let labels = labelled?;
            let v = verdict(&self.game, &labels);
            if v != Verdict::Undecided || k + 1 == BOUND_CAPS.len() || self.spaces[k].exact_atoms()
            {
                return Ok((k, v, labels));
            }
            k += 1;
        }
    }

    /// Checks a flat formula (ctl.rs) at the initial state; `Err` for a malformed formula.
    pub fn check(&mut self, flat: &[i32], budget: &Budget) -> Result<Answer, String> {
        let nodes = decode(flat, &self.game)?;
        Ok(match self.decide(&nodes, budget) {
            Ok((_, v, _)) => Answer::Decided(v),
            Err(OutOfBudget(reason)) => Answer::Unknown(reason),
        })
    }

    /// A run showing the flat formula, which must surely hold at the initial state.
    pub fn witness(
        &mut self,
        flat: &[i32],
        max_steps: usize,
        budget: &Budget,
    ) -> Result<Fit<Run>, String> {
        let nodes = decode(flat, &self.game)?;
        let run = |this: &mut Self| -> Fit<Run> {
            let (k, v, labels) = this.decide(&nodes, budget)?;
            if v != Verdict::Holds {
                return Err(OutOfBudget(
                    "the formula does not surely hold at the initial state".into(),
                ));
            }
            witness(
                &this.game,
                &this.spaces[k],
                &nodes,
                &labels,
                max_steps,
                budget,
            )
        };
        Ok(run(self))
    }

    /// The states of the labelling universe (exact reachable states when `exact`), and its BDD nodes.
    pub fn universe(&self) -> Option<(f64, usize, bool)> {
        let (universe, exact) = self.universe.as_ref()?;
        let vars = self.game.set.num_vars() as i32 - self.game.cur.len() as i32;
        Some((
            universe.cardinality() / 2f64.powi(vars),
            universe.size(),
            *exact,
        ))
    }

    /// For each role, how many bases its view determines, where computed.
    pub fn determined_counts(&self) -> Vec<Option<usize>> {
        self.determined
            .iter()
            .map(|d| d.as_ref().map(|d| d.base.iter().filter(|&&x| x).count()))
            .collect()
    }
}
