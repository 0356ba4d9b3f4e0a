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

/// Gate operations.
const AND: u32 = 0;
const OR: u32 = 1;
const NOT: u32 = 2;
/// Instruction kinds (low 2 bits of an instruction's head). `RUN`: a run of gates of one operation and one
/// input count (head bits 2..4 the operation, 4..8 the count, 8.. the number of gates), each as its output
/// gate then its inputs. `WIDE`: a run of gates of one operation with more inputs than `MAX_RUN_ARITY`,
/// each as its input count, output gate, inputs. `CYCLE`: a cyclic component (head bits 2.. the body's
/// length), as the component's range then its members' instructions, each as `op | n << 3`, output, inputs.
const RUN: u32 = 0;
const WIDE: u32 = 1;
const CYCLE: u32 = 2;
/// Gates with up to this many inputs run in fixed-size runs (unrolled).
const MAX_RUN_ARITY: usize = 4;
/// Gates per run header.
const MAX_RUN: usize = (1 << 24) - 1;

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
        let (stepped, goal_only) = step_and_goal_cones(ir, constant, false);
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
        let state = items_of_range(ir, ir.first_logic, ir.phase_split, &keep, constant);
        schedule(ir.gate_count, state, &mut code)?;
        let split = code.len();
        let moves = items_of_range(ir, ir.phase_split, ir.gate_count, &keep, constant);
        schedule(ir.gate_count, moves, &mut code)?;
        let goal_start = code.len();
        let keep_goal = |g: usize| goals.get(g).copied().unwrap_or(false) && constant[g] < 0;
        let goal = items_of_range(ir, ir.first_logic, ir.gate_count, &keep_goal, constant);
        schedule(ir.gate_count, goal, &mut code)?;
        Ok(WordNet {
            code,
            split,
            goals: goal_start,
            gate_count: ir.gate_count,
        })
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

/// A gate or a cyclic component to evaluate, before scheduling.
enum Item {
    Gate {
        op: u32,
        out: u32,
        inputs: Vec<u32>,
    },
    /// The component's gate range and its members' instructions (`CYCLE` body format).
    Cycle {
        start: u32,
        end: u32,
        body: Vec<u32>,
    },
}

/// The gates of [start, end) that `keep` accepts, in gate order; a cyclic component whole when `keep`
/// accepts a member (folding never decides a member).
fn items_of_range(
    ir: &Ir,
    start: usize,
    end: usize,
    keep: &impl Fn(usize) -> bool,
    constant: &[i8],
) -> Vec<Item> {
    let mut items = Vec::new();
    let mut g = start;
    while g < end {
        let c = ir.cycle_of[g];
        if c < 0 {
            if keep(g) {
                let (op, inputs) = gate_inputs(ir, g, constant);
                items.push(Item::Gate {
                    op,
                    out: g as u32,
                    inputs,
                });
            }
            g += 1;
            continue;
        }
        let (s, e) = (
            ir.cycle_range[2 * c as usize] as usize,
            ir.cycle_range[2 * c as usize + 1] as usize,
        );
        if (s..e).any(keep) {
            let mut body = Vec::new();
            for member in s..e {
                let (op, inputs) = gate_inputs(ir, member, constant);
                body.push(op | (inputs.len() as u32) << 3);
                body.push(member as u32);
                body.extend(inputs);
            }
            items.push(Item::Cycle {
                start: s as u32,
                end: e as u32,
                body,
            });
        }
        g = e.max(g + 1);
    }
    items
}

/// Gate `g`'s operation and inputs without its folded inputs. A gate that is not folded has no folded input
/// that decides it (an AND no 0, an OR no 1), so a folded input is neutral and can go; a NOT's input is
/// then variable. A folded gate a cyclic component reads keeps its constant gate (0 or 1) as the input.
fn gate_inputs(ir: &Ir, g: usize, constant: &[i8]) -> (u32, Vec<u32>) {
    let op = match ir.gate_kind[g] {
        kind::AND => AND,
        kind::OR => OR,
        _ => NOT,
    };
    let mut inputs = Vec::with_capacity(ir.fanin_of(g).len());
    for &x in ir.fanin_of(g) {
        // An id beyond the net is kept for `schedule` to report.
        match constant.get(x as usize).copied().unwrap_or(-1) {
            c if c < 0 => inputs.push(x),
            c if ir.cycle_of[g] >= 0 => inputs.push(c as u32),
            _ => {}
        }
    }
    (op, inputs)
}

/// Appends `items` to `code` level by level (a gate's level is one more than its inputs' produced in the
/// same stream), and within a level grouped by operation and input count, so that long runs of alike gates
/// evaluate in one unrolled loop each: the interpreter's per-gate dispatch and input-count loop were its
/// mispredicted branches (speedchess: 12,403 of its 26,571 gates are ANDs of 2, 4,160 ANDs of 3).
fn schedule(gate_count: usize, items: Vec<Item>, code: &mut Vec<u32>) -> Result<()> {
    let bad = || CoreError::InvalidIr("a gate reads or writes a gate id beyond gateCount".into());
    // Per gate, 1 + the level of the item of this stream that writes it (0: written before the stream).
    let mut written = vec![0u32; gate_count];
    let mut keyed = Vec::with_capacity(items.len());
    for item in items {
        let (reads, outs, class) = match &item {
            Item::Gate { op, out, inputs } => {
                if *op == NOT && inputs.len() != 1 {
                    return Err(bad());
                }
                let class = if inputs.len() <= MAX_RUN_ARITY {
                    op * 8 + inputs.len() as u32
                } else {
                    64 + op
                };
                (inputs.clone(), *out..*out + 1, class)
            }
            Item::Cycle { start, end, body } => {
                if start > end {
                    return Err(bad());
                }
                let mut reads = Vec::new();
                let mut pc = 0;
                while pc < body.len() {
                    let n = (body[pc] >> 3) as usize;
                    reads.extend(
                        body[pc + 2..pc + 2 + n]
                            .iter()
                            .filter(|&x| !(start..end).contains(&x)),
                    );
                    pc += 2 + n;
                }
                (reads, *start..*end, CYCLE_CLASS)
            }
        };
        if reads.iter().any(|&g| g as usize >= gate_count) || outs.end as usize > gate_count {
            return Err(bad());
        }
        let level = reads
            .iter()
            .map(|&x| written[x as usize])
            .max()
            .unwrap_or(0);
        for o in outs {
            written[o as usize] = level + 1;
        }
        keyed.push((level, class, item));
    }
    keyed.sort_by_key(|&(level, class, _)| (level, class));
    for run in keyed.chunk_by(|a, b| (a.0, a.1) == (b.0, b.1) && a.1 != CYCLE_CLASS) {
        for part in run.chunks(MAX_RUN) {
            emit_run(part.iter().map(|(_, _, item)| item), part.len(), code);
        }
    }
    Ok(())
}

/// Sort class of a cyclic component (gates: operation × 8 + input count, or 64 + operation when wide).
const CYCLE_CLASS: u32 = 128;

/// Appends a run of `len` items of one class (or one cyclic component).
fn emit_run<'a>(mut items: impl Iterator<Item = &'a Item>, len: usize, code: &mut Vec<u32>) {
    let head = code.len();
    code.push(0);
    let first = items.next().expect("a run is not empty");
    code[head] = match first {
        Item::Gate { op, inputs, .. } if inputs.len() <= MAX_RUN_ARITY => {
            RUN | op << 2 | (inputs.len() as u32) << 4 | (len as u32) << 8
        }
        Item::Gate { op, .. } => WIDE | op << 2 | (len as u32) << 8,
        Item::Cycle { start, end, body } => {
            code.extend([*start, *end]);
            code.extend(body);
            code[head] = CYCLE | (body.len() as u32) << 2;
            return;
        }
    };
    let wide = code[head] & 3 == WIDE;
    for item in std::iter::once(first).chain(items) {
        if let Item::Gate { out, inputs, .. } = item {
            if wide {
                code.push(inputs.len() as u32);
            }
            code.push(*out);
            code.extend(inputs);
        }
    }
}

/// Runs a stream (see `RUN`, `WIDE`, `CYCLE`).
fn run(code: &[u32], values: &mut [u64]) {
    let mut pc = 0;
    while pc < code.len() {
        let head = code[pc];
        let (op, n, len) = (
            (head >> 2) & 3,
            (head >> 4 & 15) as usize,
            (head >> 8) as usize,
        );
        pc += 1;
        match head & 3 {
            RUN => {
                let body = &code[pc..pc + len * (n + 1)];
                match (op, n) {
                    (AND, 2) => run_gates::<2>(body, values, and),
                    (AND, 3) => run_gates::<3>(body, values, and),
                    (AND, 4) => run_gates::<4>(body, values, and),
                    (OR, 2) => run_gates::<2>(body, values, or),
                    (OR, 3) => run_gates::<3>(body, values, or),
                    (OR, 4) => run_gates::<4>(body, values, or),
                    (NOT, _) => run_gates::<1>(body, values, |w| !w[0]),
                    (AND | OR, 1) => run_gates::<1>(body, values, |w| w[0]),
                    (AND, _) => run_gates::<0>(body, values, |_| !0),
                    _ => run_gates::<0>(body, values, |_| 0),
                }
                pc += body.len();
            }
            WIDE => {
                for _ in 0..len {
                    let n = code[pc] as usize;
                    let word = gate_word(op, &code[pc + 2..pc + 2 + n], values);
                    set(values, code[pc + 1], word);
                    pc += 2 + n;
                }
            }
            _ => {
                let len = (head >> 2) as usize;
                let (s, e) = (code[pc] as usize, code[pc + 1] as usize);
                let body = &code[pc + 2..pc + 2 + len];
                values[s..e].fill(0);
                while run_body(body, values) {}
                pc += 2 + len;
            }
        }
    }
}

fn and<const N: usize>(w: [u64; N]) -> u64 {
    w.iter().fold(!0, |a, &x| a & x)
}

fn or<const N: usize>(w: [u64; N]) -> u64 {
    w.iter().fold(0, |a, &x| a | x)
}

/// A run of gates of `N` inputs each, as output gate then inputs.
#[inline(always)]
fn run_gates<const N: usize>(body: &[u32], values: &mut [u64], f: impl Fn([u64; N]) -> u64) {
    for gate in body.chunks_exact(N + 1) {
        let word = f(std::array::from_fn(|i| get(values, gate[i + 1])));
        set(values, gate[0], word);
    }
}

/// Runs a cycle body (AND/OR instructions only); returns whether some member's word changed.
fn run_body(code: &[u32], values: &mut [u64]) -> bool {
    let mut changed = false;
    let mut pc = 0;
    while pc < code.len() {
        let head = code[pc];
        let n = (head >> 3) as usize;
        let word = gate_word(head & 7, &code[pc + 2..pc + 2 + n], values);
        let dst = code[pc + 1] as usize;
        changed |= values[dst] != word;
        values[dst] = word;
        pc += 2 + n;
    }
    changed
}

#[inline(always)]
fn gate_word(op: u32, inputs: &[u32], values: &[u64]) -> u64 {
    match op {
        AND => inputs.iter().fold(!0u64, |acc, &x| acc & get(values, x)),
        OR => inputs.iter().fold(0u64, |acc, &x| acc | get(values, x)),
        _ => !get(values, inputs[0]),
    }
}

// SAFETY (`get`, `set`): `schedule` checked every gate index in the stream against `gate_count`, and
// `run_state`/`run_moves` check `values.len() == gate_count` before running; the stream is private.
#[inline(always)]
fn get(values: &[u64], gate: u32) -> u64 {
    unsafe { *values.get_unchecked(gate as usize) }
}

#[inline(always)]
fn set(values: &mut [u64], gate: u32, word: u64) {
    unsafe { *values.get_unchecked_mut(gate as usize) = word }
}
