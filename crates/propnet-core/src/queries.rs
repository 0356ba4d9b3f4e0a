//! The game queries on top of the engine: initial state, legal moves, goals, terminal, next state and
//! percepts, all addressed by IR indices (legal entries, base bits) so the binding can map them to terms.

use crate::engine::Engine;
use crate::error::{CoreError, Result};
use crate::ir::Ir;

/// Rejects a state with the wrong length or bits beyond the last base.
pub fn check_state(ir: &Ir, state: &[u32]) -> Result<()> {
    let words = ir.state_words();
    if state.len() != words {
        return Err(CoreError::BadState {
            expected: words,
            got: state.len(),
        });
    }
    let used = ir.base_count() - 32 * (words - 1);
    if used < 32 && state[words - 1] >> used != 0 {
        return Err(CoreError::BadArgument(format!(
            "the state sets bits beyond its {} base propositions",
            ir.base_count()
        )));
    }
    Ok(())
}

fn check_role(ir: &Ir, role: usize) -> Result<()> {
    if role >= ir.role_count {
        return Err(CoreError::BadArgument(format!(
            "role {role} of {}",
            ir.role_count
        )));
    }
    Ok(())
}

impl Engine {
    /// The initial state: with no base and no input set, `init_base[k]` holds when `init_gate[k]` does.
    pub fn initial_state(&mut self, ir: &Ir) -> Vec<u32> {
        let mut state = vec![0; ir.state_words()];
        self.load(ir, &state);
        for (&g, &b) in ir.init_gate.iter().zip(ir.init_base) {
            if self.holds(g) {
                state[b as usize >> 5] |= 1 << (b & 31);
            }
        }
        state
    }

    /// Appends the legal entries of `role` in `state` (indices into `legal_term`), in IR order.
    pub fn legal(&mut self, ir: &Ir, state: &[u32], role: usize, out: &mut Vec<u32>) -> Result<()> {
        check_state(ir, state)?;
        check_role(ir, role)?;
        self.load(ir, state);
        self.collect_legal(ir, role, out);
        Ok(())
    }

    /// Appends the legal entries of `role` in the loaded state.
    #[inline]
    pub(crate) fn collect_legal(&self, ir: &Ir, role: usize, out: &mut Vec<u32>) {
        for l in ir.legal_range(role) {
            if self.holds(ir.legal_gate[l]) {
                out.push(l as u32);
            }
        }
    }

    pub fn is_terminal(&mut self, ir: &Ir, state: &[u32]) -> Result<bool> {
        check_state(ir, state)?;
        self.load(ir, state);
        Ok(self.holds(ir.terminal_gate as u32))
    }

    /// Appends the goal values of `role` that hold in `state`, in IR order (possibly none or several).
    pub fn goals(&mut self, ir: &Ir, state: &[u32], role: usize, out: &mut Vec<i32>) -> Result<()> {
        check_state(ir, state)?;
        check_role(ir, role)?;
        self.load(ir, state);
        for k in ir.goal_range(role) {
            if self.holds(ir.goal_gate[k]) {
                out.push(ir.goal_value[k]);
            }
        }
        Ok(())
    }

    /// The largest goal value of `role` in the loaded state, 0 when none holds (the playout statistic).
    #[inline]
    pub(crate) fn best_goal(&self, ir: &Ir, role: usize) -> i32 {
        ir.goal_range(role)
            .filter(|&k| self.holds(ir.goal_gate[k]))
            .map(|k| ir.goal_value[k])
            .max()
            .unwrap_or(0)
    }

    /// Loads `state` and applies the joint move given as one legal entry per role, checking that each entry
    /// belongs to its role and holds. `inputs` is scratch space for the input indices.
    pub fn apply_joint_move(
        &mut self,
        ir: &Ir,
        state: &[u32],
        moves: &[u32],
        inputs: &mut Vec<u32>,
    ) -> Result<()> {
        check_state(ir, state)?;
        if moves.len() != ir.role_count {
            return Err(CoreError::BadArgument(format!(
                "a joint move needs one move per role: expected {}, got {}",
                ir.role_count,
                moves.len()
            )));
        }
        self.load(ir, state);
        inputs.clear();
        for (role, &l) in moves.iter().enumerate() {
            let l = l as usize;
            if !ir.legal_range(role).contains(&l) || !self.holds(ir.legal_gate[l]) {
                return Err(CoreError::IllegalMove { role });
            }
            inputs.push(ir.legal_input[l]);
        }
        self.apply_inputs(ir, inputs);
        Ok(())
    }

    /// The state after a joint move (legal entries, one per role).
    pub fn next_state(
        &mut self,
        ir: &Ir,
        state: &[u32],
        moves: &[u32],
        out: &mut [u32],
    ) -> Result<()> {
        let mut inputs = Vec::with_capacity(ir.role_count);
        self.apply_joint_move(ir, state, moves, &mut inputs)?;
        self.read_next(ir, out);
        Ok(())
    }

    /// Appends the percepts of `role` after a joint move (indices into `sees_term`).
    pub fn sees(
        &mut self,
        ir: &Ir,
        state: &[u32],
        moves: &[u32],
        role: usize,
        out: &mut Vec<u32>,
    ) -> Result<()> {
        check_role(ir, role)?;
        let mut inputs = Vec::with_capacity(ir.role_count);
        self.apply_joint_move(ir, state, moves, &mut inputs)?;
        for k in ir.sees_range(role) {
            if self.holds(ir.sees_gate[k]) {
                out.push(k as u32);
            }
        }
        Ok(())
    }
}
