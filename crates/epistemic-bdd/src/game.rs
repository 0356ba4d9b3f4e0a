//! The game as a symbolic transition system (giga13-06, Definition 1 with Definition 6's STOP loops): the
//! state is a valuation of the base variables, a joint move a valuation of the input variables with one
//! legal move per role, and the next state the vector of the bases' next-value functions. Sets of states
//! are BDDs over the current-state variables; the next-state variables only live inside image and
//! preimage computations. Reachability is breadth-first, ring by ring, resumable across budgets.

use crate::budget::{Budget, Fit};
use crate::circuit::gate_functions;
use crate::func::Func;
use crate::variable_order::{variable_order, Unit};
use biodivine_lib_bdd::{Bdd, BddNode, BddValuation, BddVariable, BddVariableSet};
use propnet_core::{Engine, Ir};
use std::rc::Rc;

/// The largest next-state graph kept (nodes); past it, images conjoin the next-value constraints one by one.
const GRAPH_LIMIT: usize = 500_000;

pub struct SymbolicGame {
    pub set: BddVariableSet,
    pub role_count: usize,
    /// Per base: its current-state and next-state variable (adjacent, current first).
    pub cur: Vec<BddVariable>,
    pub next: Vec<BddVariable>,
    pub input: Vec<BddVariable>,
    /// Per sees entry of the IR: the variable standing for "this percept was received".
    pub percept: Vec<BddVariable>,
    pub input_role: Vec<usize>,
    /// Legal entries of role r are legal_start[r]..legal_start[r+1] (as in the IR).
    pub legal_start: Vec<usize>,
    pub legal_input: Vec<usize>,
    pub sees_start: Vec<usize>,
    pub is_gdl2: bool,
    /// Per base: its value in the next state, a function of the current state and the inputs.
    pub delta: Vec<Bdd>,
    pub legal: Vec<Bdd>,
    pub goal: Vec<Rc<Func>>,
    pub terminal: Rc<Func>,
    pub sees: Vec<Bdd>,
    pub init: Bdd,
    pub init_state: Vec<bool>,
    /// Non-terminal with a legal move for every role (the conjunction of these parts): the states whose
    /// edges are real joint moves.
    pub live: Vec<Rc<Func>>,
    /// The transition relation's guard, partitioned: its conjunction is live ∧ a joint move of legal moves
    /// (one part per role), over current and input variables. Conjoined with a set of states one part at a
    /// time, it stays small where the whole relation over all states would not.
    pub trans: Vec<Rc<Func>>,
    /// Reachable states found so far, and the rings of breadth-first discovery (ring 0 is the initial
    /// state); `complete` once no new state appears.
    pub reached: Bdd,
    pub rings: Vec<Bdd>,
    pub complete: bool,
    /// Image scheduling: bases in the order their next-value constraints are conjoined, and after each
    /// the current/input variables no later constraint reads (quantified right there).
    image_order: Vec<usize>,
    image_drop: Vec<Vec<BddVariable>>,
    /// The graph of the next-state vector, ∧_b (next_b ↔ delta_b), over all states and moves, when it has
    /// at most GRAPH_LIMIT nodes: then an image is one relational product with it.
    graph: Option<Bdd>,
}

impl SymbolicGame {
    /// Builds the BDDs of the game's next-state, legal, goal, terminal and percept functions, under the
    /// better of two variable orders: `hint` (the caller's, from the terms) and FORCE's (variable_order.rs),
    /// judged by the total size of those BDDs (the second is abandoned as soon as it is larger).
    pub fn build(
        ir: &Ir,
        is_gdl2: bool,
        hint: Option<Vec<Unit>>,
        budget: &Budget,
    ) -> Fit<SymbolicGame> {
        // (total nodes, the order's variables, the gate functions) of the best order so far.
        let mut best: Option<(usize, Vars, Vec<Rc<Func>>)> = None;
        let mut last_error = None;
        for order in hint.into_iter().chain(std::iter::once(variable_order(ir))) {
            let limit = best
                .as_ref()
                .map_or(budget.node_limit, |b| b.0.min(budget.node_limit));
            let trial = budget.with_node_limit(limit);
            let vars = Vars::assign(ir, &order)?;
            match gate_functions(
                ir,
                &vars.set,
                &vars.cur,
                &vars.input,
                &wanted_gates(ir),
                &trial,
            ) {
                Ok(functions) => {
                    let total: usize = functions.iter().map(|f| f.size()).sum();
                    if best.as_ref().is_none_or(|b| total < b.0) {
                        best = Some((total, vars, functions));
                    }
                }
                Err(e) => last_error = Some(e),
            }
        }
        let (_, vars, functions) = match best {
            Some(b) => b,
            None => return Err(last_error.expect("an order was tried")),
        };
        Self::from_functions(ir, is_gdl2, vars, functions, budget)
    }

    fn from_functions(
        ir: &Ir,
        is_gdl2: bool,
        vars: Vars,
        functions: Vec<Rc<Func>>,
        budget: &Budget,
    ) -> Fit<SymbolicGame> {
        let bases = ir.base_gate.len();
        let inputs = ir.input_gate.len();
        let Vars {
            set,
            cur,
            next,
            input,
            percept,
        } = vars;
        let n = set.num_vars() as usize;
        let all = set.mk_true();
        // Next-state, legal and percept functions are used whole (image, joint moves, views).
        let whole = |f: &Rc<Func>| f.to_bdd(&all, budget);
        let mut f = functions.into_iter();
        let delta: Vec<Bdd> = f
            .by_ref()
            .take(bases)
            .map(|g| whole(&g))
            .collect::<Fit<_>>()?;
        let legal: Vec<Bdd> = f
            .by_ref()
            .take(ir.legal_gate.len())
            .map(|g| whole(&g))
            .collect::<Fit<_>>()?;
        let goal: Vec<Rc<Func>> = f.by_ref().take(ir.goal_gate.len()).collect();
        let terminal = f.next().expect("terminal gate");
        let sees: Vec<Bdd> = f.map(|g| whole(&g)).collect::<Fit<_>>()?;

        let state = Engine::new(ir).initial_state(ir);
        let init_state: Vec<bool> = (0..bases)
            .map(|b| state[b >> 5] >> (b & 31) & 1 == 1)
            .collect();
        let init = cube(&set, &cur, &init_state);
        let role_count = ir.role_count;
        let legal_start: Vec<usize> = ir.legal_start.iter().map(|&x| x as usize).collect();
        let legal_input: Vec<usize> = ir.legal_input.iter().map(|&x| x as usize).collect();
        let input_role: Vec<usize> = ir.input_role.iter().map(|&x| x as usize).collect();
        let mut live = vec![Rc::new(Func::Not(terminal.clone()))];
        let mut choices = Vec::with_capacity(role_count);
        for r in 0..role_count {
            let entries = legal_start[r]..legal_start[r + 1];
            let mut any = set.mk_false();
            for l in entries.clone() {
                any = budget.or(&any, &legal[l], "building the joint moves")?;
            }
            live.push(Rc::new(Func::Leaf(any)));
            // Exactly one input of the role is set, and it is the input of a legal entry that holds.
            let own: Vec<BddVariable> = (0..inputs)
                .filter(|&i| input_role[i] == r)
                .map(|i| input[i])
                .collect();
            let mut role_choice = set.mk_sat_exactly_k(1, &own);
            for i in (0..inputs).filter(|&i| input_role[i] == r) {
                let mut allowed = set.mk_false();
                for l in entries.clone().filter(|&l| legal_input[l] == i) {
                    allowed = budget.or(&allowed, &legal[l], "building the joint moves")?;
                }
                let implied = set.mk_var(input[i]).imp(&allowed);
                role_choice = budget.and(&role_choice, &implied, "building the joint moves")?;
            }
            choices.push(Rc::new(Func::Leaf(role_choice)));
        }
        let trans: Vec<Rc<Func>> = live.iter().cloned().chain(choices).collect();
        let (image_order, image_drop) = schedule(&delta, &trans, &cur, &input, n);
        let mut graph = Some(all.clone());
        let bounded = budget.with_node_limit(GRAPH_LIMIT.min(budget.node_limit));
        for &b in &image_order {
            let constraint = set.mk_var(next[b]).iff(&delta[b]);
            match bounded.and(
                graph.as_ref().unwrap(),
                &constraint,
                "building the next-state graph",
            ) {
                Ok(g) => graph = Some(g),
                Err(_) => {
                    budget.check("building the next-state graph")?;
                    graph = None;
                    break;
                }
            }
        }
        let sees_start = ir.sees_start.iter().map(|&x| x as usize).collect();
        Ok(SymbolicGame {
            reached: init.clone(),
            rings: vec![init.clone()],
            complete: false,
            set,
            role_count,
            cur,
            next,
            input,
            percept,
            input_role,
            legal_start,
            legal_input,
            sees_start,
            is_gdl2,
            delta,
            legal,
            goal,
            terminal,
            sees,
            init,
            init_state,
            live,
            trans,
            image_order,
            image_drop,
            graph,
        })
    }

    /// Breadth-first symbolic reachability, resumable: returns once no new state appears (`complete`) or
    /// the budget runs out (the rings found so far are kept for the next call).
    pub fn explore(&mut self, budget: &Budget) -> Fit<()> {
        while !self.complete {
            let frontier = self.rings.last().unwrap().clone();
            // One image is one uninterruptible relational product: past this frontier size it could
            // overrun any deadline, so the exact search stops here.
            if frontier.size() > budget.node_limit / 16 {
                return Err(crate::budget::OutOfBudget(format!(
                    "the exact reachable states grew past {} nodes per breadth-first ring",
                    budget.node_limit / 16
                )));
            }
            let image = self.image(&frontier, budget)?;
            let fresh = budget.and_not(&image, &self.reached, "exploring the reachable states")?;
            if fresh.is_false() {
                self.complete = true;
            } else {
                self.reached =
                    budget.or(&self.reached, &fresh, "exploring the reachable states")?;
                self.rings.push(fresh);
            }
        }
        Ok(())
    }

    /// The successors of the live states of `states` under every joint legal move (STOP loops add
    /// nothing new: a dead state is its own successor).
    pub fn image(&self, states: &Bdd, budget: &Budget) -> Fit<Bdd> {
        let guarded = self.guard(states, budget)?;
        Ok(self.rename_to_current(&self.successors_next(&guarded, budget)?))
    }

    /// `set` (over current and maybe input variables) ∧ the transition guard: the live states of `set` with
    /// their joint legal moves.
    pub fn guard(&self, set: &Bdd, budget: &Budget) -> Fit<Bdd> {
        self.within(&self.trans, set, budget)
    }

    /// `set` ∧ the joint legal moves, without the terminal test: the guard of the states that are live if
    /// they are not terminal.
    pub fn moves(&self, set: &Bdd, budget: &Budget) -> Fit<Bdd> {
        self.within(&self.trans[1..], set, budget)
    }

    /// Relational product of `set` (over current and input variables) with the next-state constraints,
    /// quantifying the current and input variables: the successor set, over the next-state variables.
    pub fn successors_next(&self, acc: &Bdd, budget: &Budget) -> Fit<Bdd> {
        let what = "computing successor states";
        let current: Vec<BddVariable> = self.cur.iter().chain(self.input.iter()).copied().collect();
        if let Some(graph) = &self.graph {
            return budget.and_exists(acc, graph, &current, what);
        }
        let mut acc = acc.clone();
        for (k, &b) in self.image_order.iter().enumerate() {
            let constraint = self.set.mk_var(self.next[b]).iff(&self.delta[b]);
            acc = budget.and_exists(&acc, &constraint, &self.image_drop[k], what)?;
        }
        budget.exists(&acc, &current, what)
    }

    /// The edges of `guarded` (states with their joint moves) as a relation over current and next
    /// variables.
    pub fn relation(&self, guarded: &Bdd, budget: &Budget) -> Fit<Bdd> {
        let what = "building the transition relation";
        let mut acc = guarded.clone();
        match &self.graph {
            Some(graph) => acc = budget.and(&acc, graph, what)?,
            None => {
                for &b in &self.image_order {
                    let constraint = self.set.mk_var(self.next[b]).iff(&self.delta[b]);
                    acc = budget.and(&acc, &constraint, what)?;
                }
            }
        }
        budget.exists(&acc, &self.input, what)
    }

    /// `set` ∧ every part.
    pub fn within(&self, parts: &[Rc<Func>], set: &Bdd, budget: &Budget) -> Fit<Bdd> {
        let mut acc = set.clone();
        for part in parts {
            acc = part.within(&acc, budget)?;
        }
        Ok(acc)
    }

    /// Renames variables `from[b]` to `to[b]`; both lists keep their relative order, so relabelling the
    /// nodes keeps the BDD ordered.
    fn rename(&self, bdd: &Bdd, from: &[BddVariable], to: &[BddVariable]) -> Bdd {
        let mut map: Vec<Option<BddVariable>> = vec![None; self.set.num_vars() as usize];
        for (f, t) in from.iter().zip(to) {
            map[f.to_index()] = Some(*t);
        }
        let nodes: Vec<BddNode> = bdd
            .clone()
            .to_nodes()
            .into_iter()
            .map(|mut node| {
                if !node.is_terminal() {
                    if let Some(t) = map[node.var.to_index()] {
                        node.var = t;
                    }
                }
                node
            })
            .collect();
        Bdd::from_nodes(&nodes).expect("renaming between adjacent variables keeps the order")
    }

    /// A set over the next-state variables back over the current ones.
    pub fn rename_to_current(&self, bdd: &Bdd) -> Bdd {
        self.rename(bdd, &self.next, &self.cur)
    }

    /// The same set over the next-state variables.
    pub fn rename_to_next(&self, bdd: &Bdd) -> Bdd {
        self.rename(bdd, &self.cur, &self.next)
    }

    /// The state valuation as a BDD over the current-state variables.
    pub fn state_cube(&self, state: &[bool]) -> Bdd {
        cube(&self.set, &self.cur, state)
    }

    /// The successor of a concrete state under a concrete joint move (one input per role).
    pub fn successor(&self, state: &[bool], inputs: &[usize]) -> Vec<bool> {
        let mut valuation = BddValuation::all_false(self.set.num_vars());
        for (b, &v) in state.iter().enumerate() {
            valuation.set_value(self.cur[b], v);
        }
        for &i in inputs {
            valuation.set(self.input[i]);
        }
        self.delta.iter().map(|d| d.eval_in(&valuation)).collect()
    }
}

/// The BDD variables of an order: per base its current and next variable (adjacent), per input and percept
/// one.
struct Vars {
    set: BddVariableSet,
    cur: Vec<BddVariable>,
    next: Vec<BddVariable>,
    input: Vec<BddVariable>,
    percept: Vec<BddVariable>,
}

impl Vars {
    fn assign(ir: &Ir, order: &[Unit]) -> Fit<Vars> {
        let zero = BddVariable::from_index(0);
        let mut cur = vec![zero; ir.base_gate.len()];
        let mut next = cur.clone();
        let mut input = vec![zero; ir.input_gate.len()];
        let mut percept = vec![zero; ir.sees_gate.len()];
        let mut n = 0usize;
        for unit in order {
            match *unit {
                Unit::Base(b) => {
                    cur[b] = BddVariable::from_index(n);
                    next[b] = BddVariable::from_index(n + 1);
                    n += 2;
                }
                Unit::Input(i) => {
                    input[i] = BddVariable::from_index(n);
                    n += 1;
                }
                Unit::Percept(k) => {
                    percept[k] = BddVariable::from_index(n);
                    n += 1;
                }
            }
        }
        if n > u16::MAX as usize {
            return Err(crate::budget::OutOfBudget(format!(
                "the game needs {n} BDD variables, more than the library's {}",
                u16::MAX
            )));
        }
        Ok(Vars {
            set: BddVariableSet::new_anonymous(n as u16),
            cur,
            next,
            input,
            percept,
        })
    }
}

/// The gates the model keeps, in the order `from_functions` reads them.
fn wanted_gates(ir: &Ir) -> Vec<usize> {
    let mut wanted: Vec<usize> = ir.base_next.iter().map(|&g| g as usize).collect();
    wanted.extend(ir.legal_gate.iter().map(|&g| g as usize));
    wanted.extend(ir.goal_gate.iter().map(|&g| g as usize));
    wanted.push(ir.terminal_gate);
    wanted.extend(ir.sees_gate.iter().map(|&g| g as usize));
    wanted
}

fn cube(set: &BddVariableSet, vars: &[BddVariable], values: &[bool]) -> Bdd {
    let literals: Vec<(BddVariable, bool)> =
        vars.iter().copied().zip(values.iter().copied()).collect();
    set.mk_true().select(&literals)
}

/// The order in which the image conjoins the next-value constraints (deepest variables first, as BDD
/// operations work bottom-up best there), and the current/input variables each step may quantify.
fn schedule(
    delta: &[Bdd],
    trans: &[Rc<Func>],
    cur: &[BddVariable],
    input: &[BddVariable],
    vars: usize,
) -> (Vec<usize>, Vec<Vec<BddVariable>>) {
    let mut order: Vec<usize> = (0..delta.len()).collect();
    order.sort_by_key(|&b| std::cmp::Reverse(cur[b]));
    let mut last_use: Vec<Option<usize>> = vec![None; vars];
    for (k, &b) in order.iter().enumerate() {
        for v in delta[b].support_set() {
            last_use[v.to_index()] = Some(k);
        }
    }
    let mut drop: Vec<Vec<BddVariable>> = vec![Vec::new(); order.len()];
    let mut trans_support = std::collections::HashSet::new();
    for part in trans {
        part.support(&mut trans_support);
    }
    for &v in cur.iter().chain(input.iter()) {
        // A variable no constraint reads goes with the first step; the others after their last reader.
        let k = last_use[v.to_index()].unwrap_or(0);
        if !order.is_empty() && (last_use[v.to_index()].is_some() || trans_support.contains(&v)) {
            drop[k].push(v);
        }
    }
    (order, drop)
}
