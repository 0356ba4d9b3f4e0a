//! Fixed-depth node counts (perft, paper 07 section 4.1): every visited state counts once, depth is in joint
//! moves, terminal states are not expanded, and a state where some role has no legal move has no children
//! (the count of core's `BaseReasoner.perft`).

use crate::engine::Engine;
use crate::error::Result;
use crate::ir::Ir;
use crate::queries::check_state;

/// Reusable buffers for one depth-first count: one state, legal lists and odometer digits per level.
pub struct Perft {
    words: usize,
    states: Vec<u32>,
    legal: Vec<Vec<u32>>,
    digits: Vec<usize>,
    inputs: Vec<u32>,
}

impl Perft {
    pub fn new(ir: &Ir) -> Perft {
        Perft {
            words: ir.state_words(),
            states: Vec::new(),
            legal: Vec::new(),
            digits: Vec::new(),
            inputs: vec![0; ir.role_count],
        }
    }

    /// Nodes of the game tree below `state` to `depth` joint moves.
    pub fn count(
        &mut self,
        ir: &Ir,
        engine: &mut Engine,
        state: &[u32],
        depth: u32,
    ) -> Result<u64> {
        check_state(ir, state)?;
        // Buffers grow with the depth actually reached (a huge depth on a short game allocates little).
        self.reserve(ir, 0);
        self.states[..self.words].copy_from_slice(state);
        Ok(self.node(ir, engine, 0, depth))
    }

    /// Makes room for the state of `level + 1` and the legal lists and digits of `level`.
    fn reserve(&mut self, ir: &Ir, level: usize) {
        let levels = level + 2;
        if self.states.len() < levels * self.words {
            self.states.resize(levels * self.words, 0);
            self.legal.resize_with(levels * ir.role_count, Vec::new);
            self.digits.resize(levels * ir.role_count, 0);
        }
    }

    fn node(&mut self, ir: &Ir, engine: &mut Engine, level: usize, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let words = self.words;
        let roles = ir.role_count;
        let at = level * words;
        self.reserve(ir, level);
        engine.load(ir, &self.states[at..at + words]);
        if engine.holds(ir.terminal_gate as u32) {
            return 1;
        }
        for r in 0..roles {
            let list = &mut self.legal[level * roles + r];
            list.clear();
            engine.collect_legal(ir, r, list);
            if list.is_empty() {
                return 1;
            }
        }
        let mut nodes = 1;
        // Odometer over the joint moves, last role fastest (the order of core's jointMoves).
        let digits = level * roles..(level + 1) * roles;
        self.digits[digits.clone()].fill(0);
        loop {
            for r in 0..roles {
                self.inputs[r] = ir.legal_input
                    [self.legal[level * roles + r][self.digits[digits.start + r]] as usize];
            }
            engine.load(ir, &self.states[at..at + words]);
            engine.apply_inputs(ir, &self.inputs);
            engine.read_next(ir, &mut self.states[at + words..at + 2 * words]);
            nodes += self.node(ir, engine, level + 1, depth - 1);
            let mut r = roles;
            loop {
                if r == 0 {
                    return nodes;
                }
                r -= 1;
                let digit = &mut self.digits[digits.start + r];
                *digit += 1;
                if *digit < self.legal[level * roles + r].len() {
                    break;
                }
                *digit = 0;
            }
        }
    }
}

/// Nodes of the game tree below `state` to `depth` joint moves, on one thread.
pub fn perft(ir: &Ir, engine: &mut Engine, state: &[u32], depth: u32) -> Result<u64> {
    Perft::new(ir).count(ir, engine, state, depth)
}
