//! Control splitting for differential propagation: in a game where a few bases change at almost every step
//! (the side to move), every such flip re-counts all their readers, although each side's half of the net is
//! idle on the other side's turn. So the net is compiled once per combination of those bases' values, with
//! them fixed and the gates they decide folded to constants (galvanise/ggplib build one net per side to
//! move); a state is played on the net of its combination, which catches up by loading only the bases that
//! changed since it last ran (two plies in an alternating game).
//!
//! Which bases: measured on short random playouts — those that change at least `FLIP_SHARE` of the steps,
//! at most `MAX_BASES` of them, kept only while the playouts show no more than `MAX_SIDES` combinations.
//! When no base changes that often, a control that cycles through phases or players (amazons' `turn ?player
//! move|fire`, quarto's select and place controls: each base changes at every other step, three players'
//! control at two steps of three) is found jointly: the bases that change at least `JOINT_MIN_SHARE` of the
//! steps, most often first, whose combination changes at least `FLIP_SHARE` of the steps.

use crate::differential::{DifferentialNet, DifferentialRun};
use crate::differential_playout::play;
use crate::error::Result;
use crate::ir::Ir;
use crate::rng::Rng;

const FLIP_SHARE: f64 = 0.9;
/// A base of a joint control changes at least this share of the steps (six players' control: 1/3).
const JOINT_MIN_SHARE: f64 = 0.25;
const MAX_BASES: usize = 4;
const MAX_SIDES: usize = 4;
/// Trial playouts (and their depth cap) for the choice.
const TRIAL_PLAYOUTS: u32 = 8;
const TRIAL_DEPTH: u64 = 300;

/// One compiled net and run per combination of the split bases' values met so far.
#[derive(Clone, Debug)]
pub struct SideNets {
    split: Vec<u32>,
    /// (combination, net, run); a combination is bit i = value of `split[i]`.
    sides: Vec<(u32, DifferentialNet, DifferentialRun)>,
    /// A playout's current state and inputs, kept between playouts (differential_playout.rs).
    pub(crate) scratch: (Vec<u32>, Vec<u32>),
    /// Whether a load propagates the rising bases before the falling ones (`DifferentialRun::load`).
    pub(crate) rises_first: bool,
    /// Whether the nets propagate the goal gates at every step (`DifferentialNet::new`).
    goals_stepped: bool,
}

impl SideNets {
    /// Nets split on `split` (base indices; empty: one net for every state).
    pub fn new(split: Vec<u32>) -> SideNets {
        SideNets {
            split,
            sides: Vec::new(),
            scratch: (Vec::new(), Vec::new()),
            rises_first: true,
            goals_stepped: false,
        }
    }

    /// The same nets, loading states with the falling bases propagated first (see `DifferentialRun::load`).
    pub fn falls_first(mut self) -> SideNets {
        self.rises_first = false;
        self
    }

    /// The same set-up with nets that propagate the goal gates at every step; nets compiled before are
    /// dropped.
    pub fn goals_stepped(mut self) -> SideNets {
        self.goals_stepped = true;
        self.sides.clear();
        self
    }

    /// Whether the nets propagate the goal gates at every step.
    pub fn steps_goals(&self) -> bool {
        self.goals_stepped
    }

    /// Whether a load propagates the rising bases first.
    pub fn rises_first(&self) -> bool {
        self.rises_first
    }

    /// Chooses the split bases from random playouts from `start`: none for a game without a side to move, or
    /// when the playouts fail (a role without legal moves; the playout that meets it reports the error).
    pub fn choose(ir: &Ir, start: &[u32]) -> SideNets {
        SideNets::new(Self::measure(ir, start).0)
    }

    /// The split bases `choose` finds and the combinations of their values the trial playouts met (bit i:
    /// the value of base `split[i]`), as lane_nets.rs compiles them; both empty when there is no split.
    pub fn measure(ir: &Ir, start: &[u32]) -> (Vec<u32>, Vec<u32>) {
        Self::measured_split(ir, start).unwrap_or_default()
    }

    fn measured_split(ir: &Ir, start: &[u32]) -> Result<(Vec<u32>, Vec<u32>)> {
        let mut trial = SideNets::new(Vec::new());
        let mut flips = vec![0u32; ir.base_count()];
        let mut previous = start.to_vec();
        let mut states: Vec<Vec<u32>> = Vec::new();
        // Per visit, whether it is its playout's first.
        let mut first: Vec<bool> = Vec::new();
        let mut best = vec![0; ir.role_count];
        for seed in 0..TRIAL_PLAYOUTS {
            previous.copy_from_slice(start);
            let mut at_start = true;
            play(
                ir,
                &mut trial,
                start,
                &mut Rng::new(seed),
                TRIAL_DEPTH,
                &mut best,
                |s: &[u32]| {
                    for (w, (&a, &b)) in s.iter().zip(&previous).enumerate() {
                        let mut diff = a ^ b;
                        while diff != 0 {
                            flips[w * 32 + diff.trailing_zeros() as usize] += 1;
                            diff &= diff - 1;
                        }
                    }
                    previous.copy_from_slice(s);
                    states.push(s.to_vec());
                    first.push(at_start);
                    at_start = false;
                },
            )?;
        }
        // Every visit but each playout's first is a step.
        let steps = states.len() as u32 - TRIAL_PLAYOUTS;
        let flips = &flips;
        let often = |share: f64| {
            (0..ir.base_count() as u32)
                .filter(move |&b| steps > 0 && flips[b as usize] as f64 >= share * steps as f64)
        };
        let mut split: Vec<u32> = often(FLIP_SHARE).take(MAX_BASES).collect();
        let joint = split.is_empty();
        if joint {
            split = often(JOINT_MIN_SHARE).collect();
            // Most often first (stable: lowest index on a tie).
            split.sort_by_key(|&b| std::cmp::Reverse(flips[b as usize]));
            split.truncate(MAX_BASES);
        }
        while !split.is_empty() {
            let mut keys: Vec<u32> = states.iter().map(|s| key(&split, s)).collect();
            // Steps whose combination differs from the visit before (a playout's first visit is no step).
            let changes = (1..keys.len())
                .filter(|&i| !first[i] && keys[i] != keys[i - 1])
                .count();
            keys.sort_unstable();
            keys.dedup();
            if keys.len() <= MAX_SIDES {
                if joint && (changes as f64) < FLIP_SHARE * steps as f64 {
                    break;
                }
                return Ok((split, keys));
            }
            split.pop();
        }
        Ok((Vec::new(), Vec::new()))
    }

    /// The split bases (base indices).
    pub fn split(&self) -> &[u32] {
        &self.split
    }

    /// The net and run for `state`'s combination, compiled on first use.
    #[inline]
    pub(crate) fn side(
        &mut self,
        ir: &Ir,
        state: &[u32],
    ) -> (&DifferentialNet, &mut DifferentialRun) {
        let k = key(&self.split, state);
        let i = self.side_of_key(ir, k);
        let (_, net, run) = &mut self.sides[i];
        (net, run)
    }

    fn side_of_key(&mut self, ir: &Ir, k: u32) -> usize {
        if let Some(i) = self.sides.iter().position(|s| s.0 == k) {
            return i;
        }
        let fixed: Vec<(u32, bool)> = self
            .split
            .iter()
            .enumerate()
            .map(|(i, &b)| (b, k >> i & 1 != 0))
            .collect();
        let net = DifferentialNet::new(ir, &fixed, self.goals_stepped);
        let run = DifferentialRun::new(ir, &net);
        self.sides.push((k, net, run));
        self.sides.len() - 1
    }
}

#[inline]
fn key(split: &[u32], state: &[u32]) -> u32 {
    split
        .iter()
        .enumerate()
        .map(|(i, &b)| (state[b as usize >> 5] >> (b & 31) & 1) << i)
        .sum()
}
