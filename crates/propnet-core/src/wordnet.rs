//! The levelled net compiled to a flat instruction stream over 64-bit words, one bit per lane, so 64
//! independent states are evaluated by the same pass (bit-slicing): each gate becomes one AND/OR/NOT fold of
//! its input words. Gate values live in a word array indexed by gate id, as in the IR.
//!
//! A cyclic component of positive views (AND/OR only) is evaluated as its least fixpoint per lane: members
//! start at 0 and the component is swept in order until no word changes. With the external inputs fixed the
//! gates are monotone, so the iteration climbs to the least fixpoint of every lane at once (giga13-09
//! section 3.1: a component is one level, evaluated after the levels it reads).

use crate::error::{CoreError, Result};
use crate::ir::{kind, Ir};

/// Opcodes (low 3 bits of an instruction's head; the rest of the head is the operand count).
const AND: u32 = 0;
const OR: u32 = 1;
const NOT: u32 = 2;
/// `CYCLE body_len, first, end` followed by the component's instructions.
const CYCLE: u32 = 3;

/// The two phases of the IR (IR.md "Executing") as instruction streams over gate words.
#[derive(Clone, Debug)]
pub struct WordNet {
    /// Instructions of the state-only gates [firstLogic, phaseSplit), then of the move gates.
    code: Vec<u32>,
    /// Where the move phase starts in `code`.
    split: usize,
    gate_count: usize,
}

impl WordNet {
    /// Compiles a validated IR (`Ir::validate`). The gate indices the evaluation reads without bounds
    /// checks are checked here once, so even an unvalidated IR gives an error, never an out-of-range read.
    pub fn compile(ir: &Ir) -> Result<WordNet> {
        let mut code = Vec::with_capacity(3 * ir.gate_count + ir.fanin.len());
        emit_range(ir, ir.first_logic, ir.phase_split, &mut code);
        let split = code.len();
        emit_range(ir, ir.phase_split, ir.gate_count, &mut code);
        let net = WordNet {
            code,
            split,
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
        run(&self.code[self.split..], values);
    }
}

fn emit_range(ir: &Ir, start: usize, end: usize, code: &mut Vec<u32>) {
    let mut g = start;
    while g < end {
        let c = ir.cycle_of[g];
        if c < 0 {
            emit_gate(ir, g, code);
            g += 1;
            continue;
        }
        let (s, e) = (
            ir.cycle_range[2 * c as usize] as usize,
            ir.cycle_range[2 * c as usize + 1] as usize,
        );
        let head = code.len();
        code.extend_from_slice(&[CYCLE, s as u32, e as u32]);
        for member in s..e {
            emit_gate(ir, member, code);
        }
        code[head] = CYCLE | ((code.len() - head - 3) as u32) << 3;
        g = e;
    }
}

fn emit_gate(ir: &Ir, g: usize, code: &mut Vec<u32>) {
    let inputs = ir.fanin_of(g);
    let op = match ir.gate_kind[g] {
        kind::AND => AND,
        kind::OR => OR,
        _ => NOT,
    };
    code.push(op | (inputs.len() as u32) << 3);
    code.push(g as u32);
    code.extend_from_slice(inputs);
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
