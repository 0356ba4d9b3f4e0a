//! Evidence runs from the labelled sets: a run from the initial state along which an existential formula
//! true there (its lower set) shows — a path into `r` for E[l U r] (following the fixpoint's rings, so it
//! is shortest), a lasso or a path to `l ∧ r` for E[l R r] (E G r when l is false), a step for EX; A, K
//! and atoms are decided at the point reached. The verifier asks for the witness of the negated property
//! as a counterexample; every step is a concrete joint move of legal moves.

use crate::budget::{Budget, Fit, OutOfBudget};
use crate::ctl::{op, Labels, Node};
use crate::game::SymbolicGame;
use crate::space::Space;
use biodivine_lib_bdd::{Bdd, BddVariable};
use std::collections::HashMap;

pub struct Run {
    /// Per step the legal entry each role plays (role order); a dead state's STOP loop ends the run.
    pub steps: Vec<Vec<usize>>,
    /// For a lasso, the step whose state the run's last state repeats.
    pub loops_to: Option<usize>,
}

struct Walk<'a> {
    game: &'a SymbolicGame,
    space: &'a Space,
    nodes: &'a [Node],
    labels: &'a Labels,
    budget: &'a Budget,
    max_steps: usize,
    states: Vec<Vec<bool>>,
    steps: Vec<Vec<usize>>,
    loops_to: Option<usize>,
}

/// A run from the initial state that shows the root formula (which must hold there: lower set).
pub fn witness(
    game: &SymbolicGame,
    space: &Space,
    nodes: &[Node],
    labels: &Labels,
    max_steps: usize,
    budget: &Budget,
) -> Fit<Run> {
    let mut walk = Walk {
        game,
        space,
        nodes,
        labels,
        budget,
        max_steps,
        states: vec![game.init_state.clone()],
        steps: Vec::new(),
        loops_to: None,
    };
    walk.follow(nodes.len() - 1)?;
    Ok(Run {
        steps: walk.steps,
        loops_to: walk.loops_to,
    })
}

impl Walk<'_> {
    fn here(&self) -> &Vec<bool> {
        self.states.last().unwrap()
    }

    /// Whether the concrete state loops with STOP (terminal, or a role without a legal move): decided
    /// exactly on the state, whatever bounds the space has.
    fn is_dead(&self) -> bool {
        let game = self.game;
        let mut valuation = biodivine_lib_bdd::BddValuation::all_false(game.set.num_vars());
        for (b, &v) in self.here().iter().enumerate() {
            valuation.set_value(game.cur[b], v);
        }
        game.terminal.eval(&valuation) || !game.live[1..].iter().all(|p| p.eval(&valuation))
    }

    fn holds(&self, set: &Bdd) -> bool {
        !self.game.state_cube(self.here()).and(set).is_false()
    }

    fn follow(&mut self, f: usize) -> Fit<()> {
        let n = self.nodes[f];
        match n.op {
            op::AND => {
                for child in [n.a as usize, n.b as usize] {
                    if matches!(
                        self.nodes[child].op,
                        op::EX | op::EU | op::ER | op::AND | op::OR
                    ) {
                        return self.follow(child);
                    }
                }
                Ok(())
            }
            op::OR => {
                let child = if self.holds(&self.labels.lower[n.a as usize]) {
                    n.a
                } else {
                    n.b
                };
                self.follow(child as usize)
            }
            op::EX => {
                self.step_into(&self.labels.lower[n.a as usize].clone())?;
                self.follow(n.a as usize)
            }
            op::EU => {
                let (l, r) = (n.a as usize, n.b as usize);
                let mut rings = vec![self.labels.lower[r].clone()];
                while !self.holds(rings.last().unwrap()) {
                    let y = rings.last().unwrap();
                    let pre = self.space.pre_exists_lower(self.game, y, self.budget)?;
                    let step =
                        self.budget
                            .and(&self.labels.lower[l], &pre, "building a witness")?;
                    rings.push(self.budget.or(y, &step, "building a witness")?);
                }
                for k in (0..rings.len() - 1).rev() {
                    self.step_into(&rings[k])?;
                }
                self.follow(r)
            }
            op::ER => {
                let (l, set) = (n.a as usize, self.labels.lower[f].clone());
                let mut seen: HashMap<Vec<bool>, usize> = HashMap::new();
                loop {
                    if self.holds(&self.labels.lower[l]) {
                        return self.follow(l);
                    }
                    if self.is_dead() {
                        self.loops_to = Some(self.states.len() - 1);
                        return Ok(());
                    }
                    if let Some(&k) = seen.get(self.here()) {
                        // The last state repeats step k's: drop the repeat, the run loops back there.
                        self.states.pop();
                        self.steps.pop();
                        self.loops_to = Some(k);
                        return Ok(());
                    }
                    seen.insert(self.here().clone(), self.states.len() - 1);
                    self.step_into(&set)?;
                }
            }
            _ => Ok(()),
        }
    }

    /// Appends a step from the current state to a successor in `target` (a STOP loop for a dead state).
    fn step_into(&mut self, target: &Bdd) -> Fit<()> {
        if self.steps.len() >= self.max_steps {
            return Err(OutOfBudget(format!(
                "the evidence run grew past {} steps",
                self.max_steps
            )));
        }
        self.budget.check("building a witness")?;
        let game = self.game;
        let state = self.here().clone();
        if self.is_dead() {
            // A dead state's only successor is itself (the STOP loop): the run stays.
            return if self.holds(target) {
                Ok(())
            } else {
                Err(OutOfBudget(
                    "internal: a dead state left its witness set".into(),
                ))
            };
        }
        let moves = self.moves_into(&state, target)?;
        let chosen = moves.sat_witness().ok_or_else(|| {
            OutOfBudget("internal: no move leads into the witness set (labels inconsistent)".into())
        })?;
        let inputs: Vec<usize> = (0..game.input.len())
            .filter(|&i| chosen.value(game.input[i]))
            .collect();
        let mut valuation = biodivine_lib_bdd::BddValuation::all_false(game.set.num_vars());
        for (b, &v) in state.iter().enumerate() {
            valuation.set_value(game.cur[b], v);
        }
        let entries: Vec<usize> = (0..game.role_count)
            .map(|r| {
                (game.legal_start[r]..game.legal_start[r + 1])
                    .find(|&l| {
                        inputs.contains(&game.legal_input[l]) && game.legal[l].eval_in(&valuation)
                    })
                    .expect("the chosen input of each role is a legal entry that holds")
            })
            .collect();
        let next = game.successor(&state, &inputs);
        self.steps.push(entries);
        self.states.push(next);
        Ok(())
    }

    /// The joint moves (over the input variables) from a concrete live state into `target`.
    fn moves_into(&self, state: &[bool], target: &Bdd) -> Fit<Bdd> {
        let game = self.game;
        let fixed: Vec<(BddVariable, bool)> = game
            .cur
            .iter()
            .copied()
            .zip(state.iter().copied())
            .collect();
        let here = game.state_cube(state);
        let mut acc = game.rename_to_next(target);
        let support = acc.support_set();
        for b in 0..game.cur.len() {
            if support.contains(&game.next[b]) {
                let delta = game.delta[b].restrict(&fixed);
                let constraint = game.set.mk_var(game.next[b]).iff(&delta);
                acc = self.budget.and_exists(
                    &acc,
                    &constraint,
                    &[game.next[b]],
                    "building a witness",
                )?;
            }
        }
        let acc = self.budget.and(&acc, &here, "building a witness")?;
        let acc = game.moves(&acc, self.budget)?;
        self.budget.exists(&acc, &game.cur, "building a witness")
    }
}
