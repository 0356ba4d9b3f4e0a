//! Node binding of epistemic-bdd: the symbolic (BDD) model checker of packages/epistemic. Budgets are
//! seconds and a bound on the nodes of one BDD; running out is an `unknown` answer, not an error.

use crate::PropnetIrInput;
use epistemic_bdd::ctl::Verdict;
use epistemic_bdd::variable_order::decode_order;
use epistemic_bdd::{Answer, Budget, SymbolicChecker};
use napi::bindgen_prelude::{Int32Array, Uint32Array};
use napi::{Error, Result, Status};
use napi_derive::napi;
use propnet_core::IR_VERSION;

/// A check's answer: `holds`, `fails`, `undecided` (the bounds did not meet at the initial state) or
/// `unknown` (budget; `reason` says where), with the universe it was labelled on.
#[napi(object)]
pub struct NativeSymbolicAnswer {
    pub result: String,
    pub reason: Option<String>,
    /// States of the universe (-1 before it is built) and its BDD nodes.
    pub universe_states: f64,
    pub universe_nodes: u32,
    /// Whether the universe is the exact reachable set (else an over-approximation).
    pub exact: bool,
    /// Per role: bases its view determines, -1 where not computed.
    pub determined: Vec<i32>,
}

/// An evidence run: `roleCount` legal entries per step, and the step a lasso loops back to (-1: none).
#[napi(object)]
pub struct NativeSymbolicRun {
    pub moves: Vec<u32>,
    pub loops_to: i32,
}

#[napi]
pub struct NativeSymbolicChecker {
    checker: SymbolicChecker,
}

fn invalid(message: String) -> Error {
    Error::new(Status::InvalidArg, message)
}

#[napi]
impl NativeSymbolicChecker {
    /// Builds the game's BDDs; throws `budget: ...` (GenericFailure) when they do not fit the budget.
    /// `order`: a variable order to try besides FORCE's, as unit codes (epistemic_bdd::variable_order);
    /// `blocks`: per base, its block for the over-approximation of the reachable states; `approximate`:
    /// label on the over-approximation even where the exact reachable states fit.
    #[napi(constructor)]
    pub fn new(
        ir: PropnetIrInput,
        is_gdl2: bool,
        order: Option<Uint32Array>,
        blocks: Option<Uint32Array>,
        approximate: bool,
        seconds: f64,
        node_limit: f64,
    ) -> Result<Self> {
        if ir.version != IR_VERSION {
            return Err(invalid(format!(
                "propnet IR version {} is not the version {IR_VERSION} this binary executes",
                ir.version
            )));
        }
        let view = ir.ir();
        view.validate().map_err(|e| invalid(e.to_string()))?;
        let hint = match order {
            Some(codes) => Some(decode_order(&codes, &view).map_err(invalid)?),
            None => None,
        };
        let block_of = match blocks {
            Some(b) if b.len() != view.base_gate.len() => {
                return Err(invalid(format!(
                    "{} blocks for {} bases",
                    b.len(),
                    view.base_gate.len()
                )))
            }
            Some(b) => Some(b.to_vec()),
            None => None,
        };
        let budget = Budget::new(seconds, node_limit as usize);
        let checker = SymbolicChecker::build(&view, is_gdl2, hint, block_of, approximate, &budget)
            .map_err(|e| Error::new(Status::GenericFailure, format!("budget: {e}")))?;
        Ok(NativeSymbolicChecker { checker })
    }

    /// Checks a formula in the flat encoding of epistemic_bdd::ctl at the initial state.
    #[napi]
    pub fn check(
        &mut self,
        formula: Int32Array,
        seconds: f64,
        node_limit: f64,
    ) -> Result<NativeSymbolicAnswer> {
        let budget = Budget::new(seconds, node_limit as usize);
        let answer = self.checker.check(&formula, &budget).map_err(invalid)?;
        let (result, reason) = match answer {
            Answer::Decided(Verdict::Holds) => ("holds", None),
            Answer::Decided(Verdict::Fails) => ("fails", None),
            Answer::Decided(Verdict::Undecided) => ("undecided", None),
            Answer::Unknown(reason) => ("unknown", Some(reason)),
        };
        let (states, nodes, exact) = self.checker.universe().unwrap_or((-1.0, 0, false));
        Ok(NativeSymbolicAnswer {
            result: result.to_owned(),
            reason,
            universe_states: states,
            universe_nodes: nodes as u32,
            exact,
            determined: self
                .checker
                .determined_counts()
                .into_iter()
                .map(|d| d.map_or(-1, |n| n as i32))
                .collect(),
        })
    }

    /// A run from the initial state showing a formula that holds there; null when the budget ran out.
    #[napi]
    pub fn witness(
        &mut self,
        formula: Int32Array,
        seconds: f64,
        node_limit: f64,
        max_steps: u32,
    ) -> Result<Option<NativeSymbolicRun>> {
        let budget = Budget::new(seconds, node_limit as usize);
        let run = self
            .checker
            .witness(&formula, max_steps as usize, &budget)
            .map_err(invalid)?;
        Ok(run.ok().map(|run| NativeSymbolicRun {
            moves: run.steps.into_iter().flatten().map(|l| l as u32).collect(),
            loops_to: run.loops_to.map_or(-1, |k| k as i32),
        }))
    }
}
