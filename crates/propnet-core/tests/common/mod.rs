//! Test support: owned IR arrays (from a fixture file or built by hand) lent out as an `Ir`.
// Each test crate uses part of this module.
#![allow(dead_code)]

use propnet_core::{Ir, PlayoutStats};
use std::collections::HashMap;

#[derive(Default, Clone)]
pub struct OwnedIr {
    pub gate_kind: Vec<u8>,
    pub first_logic: usize,
    pub phase_split: usize,
    pub fanin_start: Vec<u32>,
    pub fanin: Vec<u32>,
    pub fanout_start: Vec<u32>,
    pub fanout: Vec<u32>,
    pub cycle_of: Vec<i32>,
    pub cycle_range: Vec<u32>,
    pub role_count: usize,
    pub base_gate: Vec<u32>,
    pub base_term: Vec<i32>,
    pub base_next: Vec<u32>,
    pub input_gate: Vec<u32>,
    pub input_role: Vec<u32>,
    pub legal_start: Vec<u32>,
    pub legal_gate: Vec<u32>,
    pub legal_term: Vec<i32>,
    pub legal_input: Vec<u32>,
    pub goal_start: Vec<u32>,
    pub goal_gate: Vec<u32>,
    pub goal_value: Vec<i32>,
    pub terminal_gate: usize,
    pub init_gate: Vec<u32>,
    pub init_base: Vec<u32>,
    pub sees_start: Vec<u32>,
    pub sees_gate: Vec<u32>,
    pub sees_term: Vec<i32>,
}

impl OwnedIr {
    pub fn ir(&self) -> Ir<'_> {
        Ir {
            gate_count: self.gate_kind.len(),
            gate_kind: &self.gate_kind,
            first_logic: self.first_logic,
            phase_split: self.phase_split,
            fanin_start: &self.fanin_start,
            fanin: &self.fanin,
            fanout_start: &self.fanout_start,
            fanout: &self.fanout,
            cycle_of: &self.cycle_of,
            cycle_range: &self.cycle_range,
            role_count: self.role_count,
            base_gate: &self.base_gate,
            base_term: &self.base_term,
            base_next: &self.base_next,
            input_gate: &self.input_gate,
            input_role: &self.input_role,
            legal_start: &self.legal_start,
            legal_gate: &self.legal_gate,
            legal_term: &self.legal_term,
            legal_input: &self.legal_input,
            goal_start: &self.goal_start,
            goal_gate: &self.goal_gate,
            goal_value: &self.goal_value,
            terminal_gate: self.terminal_gate,
            init_gate: &self.init_gate,
            init_base: &self.init_base,
            sees_start: &self.sees_start,
            sees_gate: &self.sees_gate,
            sees_term: &self.sees_term,
        }
    }

    /// Sets the gates from (kind, inputs) lists and derives the fanin/fanout arrays.
    pub fn set_gates(&mut self, gates: &[(u8, &[u32])]) {
        let n = gates.len();
        self.gate_kind = gates.iter().map(|g| g.0).collect();
        self.fanin_start = vec![0];
        self.fanin.clear();
        for (_, inputs) in gates {
            self.fanin.extend_from_slice(inputs);
            self.fanin_start.push(self.fanin.len() as u32);
        }
        let mut readers: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (g, (_, inputs)) in gates.iter().enumerate() {
            for &x in *inputs {
                readers[x as usize].push(g as u32);
            }
        }
        self.fanout_start = vec![0];
        self.fanout.clear();
        for r in readers {
            self.fanout.extend(r);
            self.fanout_start.push(self.fanout.len() as u32);
        }
        self.cycle_of = vec![-1; n];
    }
}

/// A fixture file written by packages/native/test/fixtures.test.ts: `key values...` per line.
pub struct Fixture {
    pub ir: OwnedIr,
    pub lines: Vec<(String, Vec<i64>)>,
}

impl Fixture {
    /// The recorded playout runs: (count, seed, depth cap) and the TypeScript engine's statistics.
    pub fn playouts(&self) -> Vec<((u64, u32, u64), PlayoutStats)> {
        self.lines
            .iter()
            .filter(|(k, _)| k == "playouts")
            .map(|(_, v)| {
                let stats = PlayoutStats {
                    playouts: v[3] as u64,
                    states: v[4] as u64,
                    total_depth: v[5] as u64,
                    min_depth: v[6] as u64,
                    max_depth: v[7] as u64,
                    truncated: v[8] as u64,
                    goal_sums: v[9..].to_vec(),
                };
                ((v[0] as u64, v[1] as i32 as u32, v[2] as u64), stats)
            })
            .collect()
    }
}

pub fn load_fixture(name: &str) -> Fixture {
    let path = format!("{}/tests/fixtures/{name}.ir", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut fields: HashMap<String, Vec<i64>> = HashMap::new();
    let mut lines = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let mut words = line.split_whitespace();
        let key = words.next().unwrap().to_owned();
        let values: Vec<i64> = words
            .map(|w| {
                w.parse()
                    .unwrap_or_else(|_| panic!("{path}: bad number {w}"))
            })
            .collect();
        lines.push((key.clone(), values.clone()));
        fields.insert(key, values);
    }
    let take = |key: &str| {
        fields
            .get(key)
            .unwrap_or_else(|| panic!("{path}: no {key}"))
            .clone()
    };
    let u32s = |key: &str| take(key).into_iter().map(|v| v as u32).collect::<Vec<_>>();
    let i32s = |key: &str| take(key).into_iter().map(|v| v as i32).collect::<Vec<_>>();
    let one = |key: &str| take(key)[0] as usize;
    let ir = OwnedIr {
        gate_kind: take("gateKind").into_iter().map(|v| v as u8).collect(),
        first_logic: one("firstLogic"),
        phase_split: one("phaseSplit"),
        fanin_start: u32s("faninStart"),
        fanin: u32s("fanin"),
        fanout_start: u32s("fanoutStart"),
        fanout: u32s("fanout"),
        cycle_of: i32s("cycleOf"),
        cycle_range: u32s("cycleRange"),
        role_count: one("roleCount"),
        base_gate: u32s("baseGate"),
        base_term: i32s("baseTerm"),
        base_next: u32s("baseNext"),
        input_gate: u32s("inputGate"),
        input_role: u32s("inputRole"),
        legal_start: u32s("legalStart"),
        legal_gate: u32s("legalGate"),
        legal_term: i32s("legalTerm"),
        legal_input: u32s("legalInput"),
        goal_start: u32s("goalStart"),
        goal_gate: u32s("goalGate"),
        goal_value: i32s("goalValue"),
        terminal_gate: one("terminalGate"),
        init_gate: u32s("initGate"),
        init_base: u32s("initBase"),
        sees_start: u32s("seesStart"),
        sees_gate: u32s("seesGate"),
        sees_term: i32s("seesTerm"),
    };
    assert_eq!(one("gateCount"), ir.gate_kind.len(), "{path}: gateCount");
    Fixture { ir, lines }
}
