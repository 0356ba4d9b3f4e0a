//! The levelled net compiled to a flat instruction stream over 64-bit words, one bit per lane, so 64
//! independent states are evaluated by the same pass (bit-slicing): each gate becomes one AND/OR/NOT fold of
//! its input words. Gate values live in a word array indexed by gate id, as in the IR.
//!
//! A cyclic component of positive views (AND/OR only) is evaluated as its least fixpoint per lane: members
//! start at 0 and the component is swept in order until no word changes. With the external inputs fixed the
//! gates are monotone, so the iteration climbs to the least fixpoint of every lane at once (giga13-09
//! section 3.1: a component is one level, evaluated after the levels it reads).

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
    /// Compiles a validated IR: every index in the stream is then a gate id below `gate_count`.
    pub fn compile(ir: &Ir) -> WordNet {
        let mut code = Vec::with_capacity(3 * ir.gate_count + ir.fanin.len());
        emit_range(ir, ir.first_logic, ir.phase_split, &mut code);
        let split = code.len();
        emit_range(ir, ir.phase_split, ir.gate_count, &mut code);
        WordNet {
            code,
            split,
            gate_count: ir.gate_count,
        }
    }

    pub fn gate_count(&self) -> usize {
        self.gate_count
    }

    /// Evaluates the state-only gates from the base words (inputs are not read).
    pub fn run_state(&self, values: &mut [u64]) {
        run(&self.code[..self.split], values);
    }

    /// Evaluates the move-dependent gates from the base, input and state-phase words.
    pub fn run_moves(&self, values: &mut [u64]) {
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

/// Runs a stream; returns whether some destination word changed (the fixpoint test of a cycle body, which
/// holds no CYCLE instruction itself).
fn run(code: &[u32], values: &mut [u64]) -> bool {
    let mut changed = false;
    let mut pc = 0;
    while pc < code.len() {
        let head = code[pc];
        let n = (head >> 3) as usize;
        let op = head & 7;
        if op == CYCLE {
            let (s, e) = (code[pc + 1] as usize, code[pc + 2] as usize);
            let body = &code[pc + 3..pc + 3 + n];
            values[s..e].fill(0);
            while run(body, values) {}
            pc += 3 + n;
            continue;
        }
        let dst = code[pc + 1] as usize;
        let inputs = &code[pc + 2..pc + 2 + n];
        let word = match op {
            AND => inputs
                .iter()
                .fold(!0u64, |acc, &x| acc & values[x as usize]),
            OR => inputs.iter().fold(0u64, |acc, &x| acc | values[x as usize]),
            _ => !values[inputs[0] as usize],
        };
        changed |= values[dst] != word;
        values[dst] = word;
        pc += 2 + n;
    }
    changed
}
