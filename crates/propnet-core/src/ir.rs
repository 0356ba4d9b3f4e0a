//! The propnet IR as borrowed slices: the flat typed arrays of packages/propnet/src/ir.ts (layout in IR.md),
//! read in place (zero-copy) and checked once by `validate` so the executors can index without surprises.

use crate::error::{CoreError, Result};

/// The IR version this crate executes (`IR_VERSION` of @gdlkit/propnet).
pub const IR_VERSION: u32 = 1;

/// Gate kinds; the values are part of the IR format (packages/propnet/src/gate-kind.ts).
pub mod kind {
    pub const FALSE: u8 = 0;
    pub const TRUE: u8 = 1;
    pub const BASE: u8 = 2;
    pub const INPUT: u8 = 3;
    pub const AND: u8 = 4;
    pub const OR: u8 = 5;
    pub const NOT: u8 = 6;
}

/// Field names and meanings as in `PropnetIR`; offsets arrays have one entry more than their groups.
#[derive(Clone, Copy, Debug)]
pub struct Ir<'a> {
    pub gate_count: usize,
    pub gate_kind: &'a [u8],
    pub first_logic: usize,
    pub phase_split: usize,
    pub fanin_start: &'a [u32],
    pub fanin: &'a [u32],
    pub fanout_start: &'a [u32],
    pub fanout: &'a [u32],
    pub cycle_of: &'a [i32],
    pub cycle_range: &'a [u32],
    pub role_count: usize,
    pub base_gate: &'a [u32],
    pub base_term: &'a [i32],
    pub base_next: &'a [u32],
    pub input_gate: &'a [u32],
    pub input_role: &'a [u32],
    pub legal_start: &'a [u32],
    pub legal_gate: &'a [u32],
    pub legal_term: &'a [i32],
    pub legal_input: &'a [u32],
    pub goal_start: &'a [u32],
    pub goal_gate: &'a [u32],
    pub goal_value: &'a [i32],
    pub terminal_gate: usize,
    pub init_gate: &'a [u32],
    pub init_base: &'a [u32],
    pub sees_start: &'a [u32],
    pub sees_gate: &'a [u32],
    pub sees_term: &'a [i32],
}

fn invalid<T>(what: String) -> Result<T> {
    Err(CoreError::InvalidIr(what))
}

impl<'a> Ir<'a> {
    /// Words of a state bit set over the base propositions.
    pub fn state_words(&self) -> usize {
        self.base_gate.len().div_ceil(32).max(1)
    }

    pub fn base_count(&self) -> usize {
        self.base_gate.len()
    }

    /// Whether a legal, goal or terminal gate lies in the move phase, so that a state query must also
    /// evaluate the move phase with no input set.
    pub fn state_reads_moves(&self) -> bool {
        let split = self.phase_split as u32;
        self.legal_gate
            .iter()
            .chain(self.goal_gate)
            .any(|&g| g >= split)
            || self.terminal_gate >= self.phase_split
    }

    /// Legal entries of role `r`: indices into `legal_gate`/`legal_term`/`legal_input`.
    pub fn legal_range(&self, r: usize) -> std::ops::Range<usize> {
        self.legal_start[r] as usize..self.legal_start[r + 1] as usize
    }

    pub fn goal_range(&self, r: usize) -> std::ops::Range<usize> {
        self.goal_start[r] as usize..self.goal_start[r + 1] as usize
    }

    pub fn sees_range(&self, r: usize) -> std::ops::Range<usize> {
        self.sees_start[r] as usize..self.sees_start[r + 1] as usize
    }

    pub fn fanin_of(&self, g: usize) -> &'a [u32] {
        &self.fanin[self.fanin_start[g] as usize..self.fanin_start[g + 1] as usize]
    }

    pub fn fanout_of(&self, g: usize) -> &'a [u32] {
        &self.fanout[self.fanout_start[g] as usize..self.fanout_start[g + 1] as usize]
    }

    /// Checks every invariant the executors rely on: lengths, index ranges, offsets, gate order (inputs
    /// before readers except inside one cyclic component), contiguous cycles without negation.
    pub fn validate(&self) -> Result<()> {
        let n = self.gate_count;
        let roles = self.role_count;
        if n < 2 {
            return invalid(format!(
                "gateCount {n} < 2 (gates 0 and 1 are the constants)"
            ));
        }
        expect_len("gateKind", self.gate_kind.len(), n)?;
        expect_len("cycleOf", self.cycle_of.len(), n)?;
        expect_offsets("faninStart", self.fanin_start, n, self.fanin.len())?;
        expect_offsets("fanoutStart", self.fanout_start, n, self.fanout.len())?;
        if self.fanin.len() != self.fanout.len() {
            return invalid(format!(
                "fanin has {} edges, fanout {}",
                self.fanin.len(),
                self.fanout.len()
            ));
        }
        if !(self.first_logic <= self.phase_split && self.phase_split <= n) {
            return invalid(format!(
                "firstLogic {} / phaseSplit {} / gateCount {n} out of order",
                self.first_logic, self.phase_split
            ));
        }
        if self.gate_kind[0] != kind::FALSE || self.gate_kind[1] != kind::TRUE {
            return invalid("gates 0 and 1 must be FALSE and TRUE".into());
        }
        if !self.cycle_range.len().is_multiple_of(2) {
            return invalid("cycleRange has an odd length".into());
        }
        for c in 0..self.cycle_range.len() / 2 {
            let (s, e) = (
                self.cycle_range[2 * c] as usize,
                self.cycle_range[2 * c + 1] as usize,
            );
            if !(self.first_logic <= s && s < e && e <= n) {
                return invalid(format!("cycleRange of component {c} is [{s}, {e})"));
            }
            for g in s..e {
                if self.cycle_of[g] != c as i32 {
                    return invalid(format!(
                        "gate {g} lies in cycleRange of {c} but cycleOf says {}",
                        self.cycle_of[g]
                    ));
                }
            }
        }
        for g in 0..n {
            let k = self.gate_kind[g];
            let logic = g >= self.first_logic;
            if logic != matches!(k, kind::AND | kind::OR | kind::NOT) {
                return invalid(format!(
                    "gate {g} of kind {k} on the wrong side of firstLogic"
                ));
            }
            let c = self.cycle_of[g];
            if c >= 0 {
                let c = c as usize;
                if 2 * c + 1 >= self.cycle_range.len()
                    || !(self.cycle_range[2 * c] as usize..self.cycle_range[2 * c + 1] as usize)
                        .contains(&g)
                {
                    return invalid(format!("gate {g} claims cycle {c} outside its range"));
                }
                if k == kind::NOT {
                    return invalid(format!("NOT gate {g} lies on a cycle"));
                }
            } else if c != -1 {
                return invalid(format!("cycleOf[{g}] = {c}"));
            }
            let fanin = self.fanin_of(g);
            if k == kind::NOT && fanin.len() != 1 {
                return invalid(format!("NOT gate {g} has {} inputs", fanin.len()));
            }
            if !logic && !fanin.is_empty() {
                return invalid(format!("source gate {g} has inputs"));
            }
            for &x in fanin {
                let x = x as usize;
                if x >= n || (x >= g && !(c >= 0 && self.cycle_of[x] == c)) {
                    return invalid(format!(
                        "gate {g} reads gate {x}, which does not come before it"
                    ));
                }
            }
            for &f in self.fanout_of(g) {
                let f = f as usize;
                if f >= n || (f <= g && !(c >= 0 && self.cycle_of[f] == c)) {
                    return invalid(format!(
                        "gate {g} feeds gate {f}, which does not come after it"
                    ));
                }
            }
        }
        check_fanout_matches(self)?;
        expect_offsets("legalStart", self.legal_start, roles, self.legal_gate.len())?;
        expect_offsets("goalStart", self.goal_start, roles, self.goal_gate.len())?;
        expect_offsets("seesStart", self.sees_start, roles, self.sees_gate.len())?;
        let b = self.base_gate.len();
        let inputs = self.input_gate.len();
        expect_len("baseTerm", self.base_term.len(), b)?;
        expect_len("baseNext", self.base_next.len(), b)?;
        expect_len("inputRole", self.input_role.len(), inputs)?;
        expect_len("legalTerm", self.legal_term.len(), self.legal_gate.len())?;
        expect_len("legalInput", self.legal_input.len(), self.legal_gate.len())?;
        expect_len("goalValue", self.goal_value.len(), self.goal_gate.len())?;
        expect_len("seesTerm", self.sees_term.len(), self.sees_gate.len())?;
        expect_len("initBase", self.init_base.len(), self.init_gate.len())?;
        expect_gates("baseGate", self.base_gate, n)?;
        expect_gates("baseNext", self.base_next, n)?;
        expect_gates("inputGate", self.input_gate, n)?;
        expect_gates("legalGate", self.legal_gate, n)?;
        expect_gates("goalGate", self.goal_gate, n)?;
        expect_gates("seesGate", self.sees_gate, n)?;
        expect_gates("initGate", self.init_gate, n)?;
        for (i, &g) in self.base_gate.iter().enumerate() {
            if self.gate_kind[g as usize] != kind::BASE {
                return invalid(format!("baseGate[{i}] = {g} is not a BASE gate"));
            }
        }
        for (i, &g) in self.input_gate.iter().enumerate() {
            if self.gate_kind[g as usize] != kind::INPUT {
                return invalid(format!("inputGate[{i}] = {g} is not an INPUT gate"));
            }
            if self.input_role[i] as usize >= roles {
                return invalid(format!(
                    "inputRole[{i}] = {} is not a role",
                    self.input_role[i]
                ));
            }
        }
        for r in 0..roles {
            for l in self.legal_range(r) {
                let i = self.legal_input[l] as usize;
                if i >= inputs || self.input_role[i] as usize != r {
                    return invalid(format!("legalInput[{l}] = {i} is not an input of role {r}"));
                }
            }
        }
        for (k, &base) in self.init_base.iter().enumerate() {
            if base as usize >= b {
                return invalid(format!("initBase[{k}] = {base} is not a base"));
            }
        }
        if self.terminal_gate >= n {
            return invalid(format!("terminalGate {} is not a gate", self.terminal_gate));
        }
        Ok(())
    }
}

fn expect_len(name: &str, got: usize, want: usize) -> Result<()> {
    if got != want {
        return invalid(format!("{name} has length {got}, expected {want}"));
    }
    Ok(())
}

fn expect_offsets(name: &str, offsets: &[u32], groups: usize, total: usize) -> Result<()> {
    expect_len(name, offsets.len(), groups + 1)?;
    if offsets[0] != 0 || offsets[groups] as usize != total {
        return invalid(format!("{name} must run from 0 to {total}"));
    }
    if offsets.windows(2).any(|w| w[0] > w[1]) {
        return invalid(format!("{name} is not non-decreasing"));
    }
    Ok(())
}

fn expect_gates(name: &str, gates: &[u32], n: usize) -> Result<()> {
    match gates.iter().position(|&g| g as usize >= n) {
        Some(i) => invalid(format!("{name}[{i}] = {} is not a gate", gates[i])),
        None => Ok(()),
    }
}

/// The fanout lists are exactly the transposed fanin lists (as multisets per gate).
fn check_fanout_matches(ir: &Ir) -> Result<()> {
    let n = ir.gate_count;
    let mut fill: Vec<usize> = ir.fanout_start[..n].iter().map(|&s| s as usize).collect();
    let mut transposed = vec![0u32; ir.fanout.len()];
    for g in 0..n {
        for &x in ir.fanin_of(g) {
            let x = x as usize;
            if fill[x] >= ir.fanout_start[x + 1] as usize {
                return invalid(format!("gate {x} has more readers in fanin than in fanout"));
            }
            transposed[fill[x]] = g as u32;
            fill[x] += 1;
        }
    }
    let mut sorted = Vec::new();
    for x in 0..n {
        let range = ir.fanout_start[x] as usize..ir.fanout_start[x + 1] as usize;
        sorted.clear();
        sorted.extend_from_slice(&ir.fanout[range.clone()]);
        sorted.sort_unstable();
        if sorted[..] != transposed[range] {
            return invalid(format!(
                "the fanout of gate {x} does not match the fanin edges"
            ));
        }
    }
    Ok(())
}
