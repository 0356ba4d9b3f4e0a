//! The levelled net compiled to a flat instruction stream over 64-bit words, one bit per lane, so 64
//! independent states are evaluated by the same pass (bit-slicing): each gate becomes one AND/OR/NOT fold of
//! its input words. Gate values live in a word array indexed by gate id, as in the IR.
//!
//! A cyclic component of positive views (AND/OR only) is evaluated as its least fixpoint per lane: members
//! start at 0 and the component is swept in order until no word changes. With the external inputs fixed the
//! gates are monotone, so the iteration climbs to the least fixpoint of every lane at once (giga13-09
//! section 3.1: a component is one level, evaluated after the levels it reads).

use crate::error::{CoreError, Result};
use crate::fold::step_and_goal_cones;
use crate::ir::{kind, Ir};

/// Opcodes (low 3 bits of an instruction's head; the rest of the head is the operand count).
const AND: u32 = 0;
const OR: u32 = 1;
const NOT: u32 = 2;
/// `CYCLE body_len, first, end` followed by the component's instructions.
const CYCLE: u32 = 3;

/// The two phases of the IR (IR.md "Executing") as instruction streams over gate words, and the gates only
/// the goals read as a third stream when the net is specialised (`compile_specialised`).
#[derive(Clone, Debug)]
pub struct WordNet {
    /// Instructions of the state-only gates [firstLogic, phaseSplit), then of the move gates, then of the
    /// goal-only gates.
    code: Vec<u32>,
    /// Where the move phase starts in `code`.
    split: usize,
    /// Where the goal-only stream starts in `code`.
    goals: usize,
    gate_count: usize,
}

impl WordNet {
    /// Compiles a validated IR (`Ir::validate`). The gate indices the evaluation reads without bounds
    /// checks are checked here once, so even an unvalidated IR gives an error, never an out-of-range read.
    pub fn compile(ir: &Ir) -> Result<WordNet> {
        let all = vec![true; ir.gate_count];
        let constant = vec![-1; ir.gate_count];
        WordNet::emit(ir, &all, &[], &constant)
    }

    /// The net for states in which the gates `constant` folds (fold.rs, -1: variable) have those values:
    /// only the gates a step needs are evaluated, without the folded ones and without the constant inputs
    /// that cannot decide a gate; the gates only the goals read form the stream `run_goals` evaluates, at
    /// terminal states (unless a goal reads an input: then they stay in the phases). Folded gates are not
    /// written: a reader of the net's outputs takes their values from `constant`.
    pub fn compile_specialised(ir: &Ir, constant: &[i8]) -> Result<WordNet> {
        let (stepped, goal_only) = step_and_goal_cones(ir, constant);
        if ir.state_reads_moves() {
            let both: Vec<bool> = stepped
                .iter()
                .zip(&goal_only)
                .map(|(&s, &g)| s || g)
                .collect();
            return WordNet::emit(ir, &both, &[], constant);
        }
        WordNet::emit(ir, &stepped, &goal_only, constant)
    }

    fn emit(ir: &Ir, phases: &[bool], goals: &[bool], constant: &[i8]) -> Result<WordNet> {
        let mut code = Vec::with_capacity(3 * ir.gate_count + ir.fanin.len());
        let keep = |g: usize| phases[g] && constant[g] < 0;
        emit_range(
            ir,
            ir.first_logic,
            ir.phase_split,
            &keep,
            constant,
            &mut code,
        );
        let split = code.len();
        emit_range(
            ir,
            ir.phase_split,
            ir.gate_count,
            &keep,
            constant,
            &mut code,
        );
        let goal_start = code.len();
        let keep_goal = |g: usize| goals.get(g).copied().unwrap_or(false) && constant[g] < 0;
        emit_range(
            ir,
            ir.first_logic,
            ir.gate_count,
            &keep_goal,
            constant,
            &mut code,
        );
        let net = WordNet {
            code,
            split,
            goals: goal_start,
            gate_count: ir.gate_count,
        };
        net.check_indices()?;
        Ok(net)
    }

    /// Walks the stream as `run` does and checks every gate index it holds.
    fn check_indices(&self) -> Result<()> {
        let n = self.gate_count as u32;
        let bad =
            || CoreError::InvalidIr("a gate reads or writes a gate id beyond gateCount".into());
        let mut pc = 0;
        while pc < self.code.len() {
            let head = self.code[pc];
            let len = (head >> 3) as usize;
            let operands = if head & 7 == CYCLE {
                // The component's range, then its member instructions, walked next as plain gates.
                pc += 3;
                &self.code[pc - 2..pc]
            } else {
                pc += 2 + len;
                self.code.get(pc - 1 - len..pc).ok_or_else(bad)?
            };
            let not_arity = head & 7 == NOT && len != 1;
            if not_arity
                || operands
                    .iter()
                    .any(|&g| g > n || (g == n && head & 7 != CYCLE))
            {
                return Err(bad());
            }
        }
        Ok(())
    }

    pub fn gate_count(&self) -> usize {
        self.gate_count
    }

    /// Evaluates the state-only gates from the base words (inputs are not read). `values` holds one word
    /// per gate.
    pub fn run_state(&self, values: &mut [u64]) {
        assert_eq!(values.len(), self.gate_count, "one word per gate");
        run(&self.code[..self.split], values);
    }

    /// Evaluates the move-dependent gates from the base, input and state-phase words.
    pub fn run_moves(&self, values: &mut [u64]) {
        assert_eq!(values.len(), self.gate_count, "one word per gate");
        run(&self.code[self.split..self.goals], values);
    }

    /// Evaluates the goal-only gates (none unless specialised) from the state-phase words.
    pub fn run_goals(&self, values: &mut [u64]) {
        assert_eq!(values.len(), self.gate_count, "one word per gate");
        run(&self.code[self.goals..], values);
    }
}

/// Emits the gates of [start, end) that `keep` accepts, in gate order; a cyclic component whole when `keep`
/// accepts a member (folding never decides a member).
fn emit_range(
    ir: &Ir,
    start: usize,
    end: usize,
    keep: &impl Fn(usize) -> bool,
    constant: &[i8],
    code: &mut Vec<u32>,
) {
    let mut g = start;
    while g < end {
        let c = ir.cycle_of[g];
        if c < 0 {
            if keep(g) {
                emit_gate(ir, g, constant, code);
            }
            g += 1;
            continue;
        }
        let (s, e) = (
            ir.cycle_range[2 * c as usize] as usize,
            ir.cycle_range[2 * c as usize + 1] as usize,
        );
        if (s..e).any(keep) {
            let head = code.len();
            code.extend_from_slice(&[CYCLE, s as u32, e as u32]);
            for member in s..e {
                emit_gate(ir, member, constant, code);
            }
            code[head] = CYCLE | ((code.len() - head - 3) as u32) << 3;
        }
        g = e.max(g + 1);
    }
}

/// Emits gate `g` without its folded inputs. A gate that is not folded has no folded input that decides
/// it (an AND no 0, an OR no 1), so a folded input is neutral and can go; a NOT's input is then variable.
/// A folded gate a cyclic component reads keeps its constant gate (0 or 1) as the input.
fn emit_gate(ir: &Ir, g: usize, constant: &[i8], code: &mut Vec<u32>) {
    let op = match ir.gate_kind[g] {
        kind::AND => AND,
        kind::OR => OR,
        _ => NOT,
    };
    let head = code.len();
    code.push(op);
    code.push(g as u32);
    for &x in ir.fanin_of(g) {
        // An id beyond the net is kept for `check_indices` to report.
        match constant.get(x as usize).copied().unwrap_or(-1) {
            c if c < 0 => code.push(x),
            c if ir.cycle_of[g] >= 0 => code.push(c as u32),
            _ => {}
        }
    }
    code[head] = op | ((code.len() - head - 2) as u32) << 3;
}

/// Runs a stream outside cycles.
fn run(code: &[u32], values: &mut [u64]) {
    let mut pc = 0;
    while pc < code.len() {
        let head = code[pc];
        let n = (head >> 3) as usize;
        if head & 7 == CYCLE {
            let (s, e) = (code[pc + 1] as usize, code[pc + 2] as usize);
            let body = &code[pc + 3..pc + 3 + n];
            values[s..e].fill(0);
            while run_body(body, values) {}
            pc += 3 + n;
            continue;
        }
        let word = gate_word(head, &code[pc + 2..pc + 2 + n], values);
        set(values, code[pc + 1], word);
        pc += 2 + n;
    }
}

/// Runs a cycle body (AND/OR instructions only); returns whether some member's word changed.
fn run_body(code: &[u32], values: &mut [u64]) -> bool {
    let mut changed = false;
    let mut pc = 0;
    while pc < code.len() {
        let head = code[pc];
        let n = (head >> 3) as usize;
        let word = gate_word(head, &code[pc + 2..pc + 2 + n], values);
        let dst = code[pc + 1] as usize;
        changed |= values[dst] != word;
        values[dst] = word;
        pc += 2 + n;
    }
    changed
}

#[inline(always)]
fn gate_word(head: u32, inputs: &[u32], values: &[u64]) -> u64 {
    match head & 7 {
        AND => inputs.iter().fold(!0u64, |acc, &x| acc & get(values, x)),
        OR => inputs.iter().fold(0u64, |acc, &x| acc | get(values, x)),
        _ => !get(values, inputs[0]),
    }
}

// SAFETY (`get`, `set`): `compile` checked every gate index in the stream against `gate_count`, and
// `run_state`/`run_moves` check `values.len() == gate_count` before running; the stream is private.
#[inline(always)]
fn get(values: &[u64], gate: u32) -> u64 {
    unsafe { *values.get_unchecked(gate as usize) }
}

#[inline(always)]
fn set(values: &mut [u64], gate: u32, word: u64) {
    unsafe { *values.get_unchecked_mut(gate as usize) = word }
}
