//! The playout policies of paper 03 (giga13-03) on the Rust side of the boundary: uniform random moves,
//! MAST (section 3.1: Gibbs sampling over a role's average move rewards Qh(a), unseen moves 100) and NST
//! (section 3.2: ε-greedy over the averages of move sequences of length 1–3 across roles, a sequence of
//! length 2 or 3 counting after k visits), each with the decay of section 4. Moves are legal entries of the
//! IR (global across roles, so an entry also names its role). The choices and updates follow core's
//! TypeScript reference (packages/core/src/policy) step for step and draw the same random numbers, so a
//! seed gives the same simulations where the floating-point operations agree (uniform and NST exactly; MAST
//! up to the last bit of `exp`).

use crate::error::{CoreError, Result};
use crate::gram_table::{updated_average, GramTable};
use crate::ir::Ir;
use crate::rng::Rng;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PolicyKind {
    Uniform,
    Mast,
    Nst,
}

/// `PolicySpec` of packages/core/src/reasoner/simulations.ts with its defaults filled in.
#[derive(Clone, Debug)]
pub struct PolicySpec {
    pub kind: PolicyKind,
    /// MAST's Gibbs temperature τ on the 0..100 scale.
    pub tau: f64,
    /// NST's probability of a uniformly random move.
    pub epsilon: f64,
    /// NST's visits k before a sequence of length 2 or 3 counts.
    pub threshold: f64,
    /// Decay factor γ that `decay` multiplies every count with.
    pub gamma: f64,
    /// Most sequences of length 2, and of length 3, kept per role.
    pub max_entries: usize,
}

/// A sequence whose decayed count falls below this is forgotten (as in the TypeScript reference).
const PRUNE_BELOW: f64 = 0.5;
/// Table slots the pruning sweep examines per recorded simulation.
const SWEEP_SLOTS: usize = 64;
/// Sequence keys pack three legal entries into a u64 below u64::MAX (the empty-slot key).
const MAX_ENTRIES_FOR_KEYS: usize = 1 << 21;

/// The least decayed count a pair must have for a triple extending it to reach the threshold k (core's
/// `tripleFloor`, packages/core/src/policy/nst.ts, which gives the reasoning): a triple is recorded with role
/// r's pair of its last two moves and role r - 1's pair of its first two, and exceeds either by less than
/// 0.5 / (1 - γ) (what it kept when the sweep removed the pair first, decaying); a relative margin for rounding.
fn triple_floor(threshold: f64, gamma: f64) -> f64 {
    threshold
        - if gamma < 1.0 {
            PRUNE_BELOW / (1.0 - gamma)
        } else {
            0.0
        }
        - threshold * 1e-6
}

/// A uniform double in [0, 1) from the next 32 bits, as core's `Rng.nextFloat`.
pub fn next_float(rng: &mut Rng) -> f64 {
    f64::from(rng.next_u32()) / 4_294_967_296.0
}

/// A policy's statistics: per legal entry the count and average reward (MAST's Qh, NST's sequences of
/// length 1), and per role NST's tables of sequences of length 2 and 3.
pub struct PolicyTables {
    pub spec: PolicySpec,
    roles: usize,
    entries: u64,
    counts: Vec<f64>,
    averages: Vec<f64>,
    pairs: Vec<GramTable>,
    triples: Vec<GramTable>,
    weights: Vec<f64>,
    /// The least count of a pair whose triples can reach the threshold.
    floor: f64,
    /// MAST's Gibbs weight exp((Qh(a) - 100) / τ) per legal entry for `choose_cached`, and whether an entry's
    /// weight must be recomputed since its count changed.
    cached: Vec<f64>,
    stale: Vec<bool>,
}

impl PolicyTables {
    pub fn new(ir: &Ir, spec: PolicySpec) -> Result<PolicyTables> {
        let entries = ir.legal_gate.len();
        if entries >= MAX_ENTRIES_FOR_KEYS {
            return Err(CoreError::BadArgument(format!(
                "policy tables hold at most {MAX_ENTRIES_FOR_KEYS} legal entries, the game has {entries}"
            )));
        }
        let grams = |n: usize| -> Vec<GramTable> {
            (0..n)
                .map(|_| GramTable::new(spec.gamma, spec.max_entries, PRUNE_BELOW))
                .collect()
        };
        let per_role = if spec.kind == PolicyKind::Nst {
            ir.role_count
        } else {
            0
        };
        Ok(PolicyTables {
            roles: ir.role_count,
            entries: entries as u64,
            counts: vec![0.0; entries],
            averages: vec![0.0; entries],
            pairs: grams(per_role),
            triples: grams(per_role),
            weights: Vec::new(),
            floor: triple_floor(spec.threshold, spec.gamma),
            cached: vec![1.0; entries],
            stale: vec![false; entries],
            spec,
        })
    }

    /// Checks moves handed in from outside (the binding): `role` in range, every entry a legal entry of the
    /// game, `history` whole joint moves of legal entries, one reward per role.
    pub fn check_moves(
        &self,
        role: usize,
        legal: &[u32],
        history: &[u32],
        rewards: Option<&[f64]>,
    ) -> Result<()> {
        let bad = |what: String| Err(CoreError::BadArgument(what));
        if role >= self.roles {
            return bad(format!("role {role} of a game with {} roles", self.roles));
        }
        if !history.len().is_multiple_of(self.roles) {
            return bad(format!(
                "{} history entries are not whole joint moves",
                history.len()
            ));
        }
        if let Some(entry) = legal
            .iter()
            .chain(history)
            .find(|&&e| u64::from(e) >= self.entries)
        {
            return bad(format!(
                "legal entry {entry} of a game with {}",
                self.entries
            ));
        }
        if legal.is_empty() && rewards.is_none() {
            return bad("no legal move to choose from".to_owned());
        }
        match rewards {
            Some(r) if r.len() != self.roles => {
                bad(format!("{} rewards for {} roles", r.len(), self.roles))
            }
            _ => Ok(()),
        }
    }

    /// Entries with a count left, plus the sequences held.
    pub fn size(&self) -> usize {
        if self.spec.kind == PolicyKind::Uniform {
            return 0;
        }
        let singles = self.counts.iter().filter(|&&c| c > 0.0).count();
        singles
            + self
                .pairs
                .iter()
                .chain(&self.triples)
                .map(|t| t.size)
                .sum::<usize>()
    }

    /// The (decayed) count of samples of one legal entry.
    pub fn count(&self, entry: u32) -> f64 {
        self.counts[entry as usize]
    }

    /// MAST's Qh(a) (NST's sequence of length 1): the average reward, 100 while unseen.
    pub fn value(&self, entry: u32) -> f64 {
        let e = entry as usize;
        if self.counts[e] > 0.0 {
            self.averages[e]
        } else {
            100.0
        }
    }

    /// Index into `legal` of the move `role` plays after the joint moves in `history` (flat, oldest first).
    pub fn choose(&mut self, role: usize, legal: &[u32], history: &[u32], rng: &mut Rng) -> usize {
        match self.spec.kind {
            PolicyKind::Uniform => rng.next_int(legal.len() as u32) as usize,
            PolicyKind::Mast => self.gibbs(legal, rng),
            PolicyKind::Nst => self.epsilon_greedy(role, legal, history, rng),
        }
    }

    /// `choose` with MAST's weights cached per legal entry between updates: the same distribution, one
    /// `exp` per entry and table update instead of one per legal move and choice. Every Qh is at most 100,
    /// so exp((Qh - 100) / τ) never overflows; when every weight underflows (a tiny τ) the exact path runs.
    pub fn choose_cached(
        &mut self,
        role: usize,
        legal: &[u32],
        history: &[u32],
        rng: &mut Rng,
    ) -> usize {
        if self.spec.kind != PolicyKind::Mast {
            return self.choose(role, legal, history, rng);
        }
        let mut total = 0.0;
        for &l in legal {
            let e = l as usize;
            if self.stale[e] {
                self.cached[e] = ((self.value(l) - 100.0) / self.spec.tau).exp();
                self.stale[e] = false;
            }
            total += self.cached[e];
        }
        if total <= 0.0 {
            return self.gibbs(legal, rng);
        }
        let mut x = next_float(rng) * total;
        for (i, &l) in legal.iter().enumerate() {
            x -= self.cached[l as usize];
            if x < 0.0 {
                return i;
            }
        }
        legal.len() - 1
    }

    /// Formula 2 of section 3.1; the largest value is subtracted first to keep exp() finite.
    fn gibbs(&mut self, legal: &[u32], rng: &mut Rng) -> usize {
        self.weights.clear();
        let mut max = f64::NEG_INFINITY;
        for &l in legal {
            let v = self.value(l);
            self.weights.push(v);
            max = max.max(v);
        }
        let mut total = 0.0;
        for w in self.weights.iter_mut() {
            *w = ((*w - max) / self.spec.tau).exp();
            total += *w;
        }
        let mut x = next_float(rng) * total;
        for (i, w) in self.weights.iter().enumerate() {
            x -= w;
            if x < 0.0 {
                return i;
            }
        }
        legal.len() - 1
    }

    fn epsilon_greedy(
        &mut self,
        role: usize,
        legal: &[u32],
        history: &[u32],
        rng: &mut Rng,
    ) -> usize {
        if next_float(rng) < self.spec.epsilon {
            return rng.next_int(legal.len() as u32) as usize;
        }
        let context_reaches = self.context_reaches(role, history);
        self.prefetch_sequences(role, legal, history, context_reaches);
        let mut best = 0;
        let mut best_score = f64::NEG_INFINITY;
        let mut ties = 0u32;
        for (i, &l) in legal.iter().enumerate() {
            let s = self.score_with(role, l, history, context_reaches);
            if s > best_score {
                best_score = s;
                best = i;
                ties = 1;
            } else if s == best_score {
                ties += 1;
                if rng.next_int(ties) == 0 {
                    best = i;
                }
            }
        }
        best
    }

    /// Starts loading the table slots `score` will probe for each legal move (large tables miss the caches).
    fn prefetch_sequences(
        &self,
        role: usize,
        legal: &[u32],
        history: &[u32],
        context_reaches: bool,
    ) {
        let n = self.roles;
        let steps = history.len() / n;
        let (pairs, triples) = (&self.pairs[role], &self.triples[role]);
        if steps == 0 {
            return;
        }
        let last = u64::from(history[(steps - 1) * n + (role + n - 1) % n]);
        if pairs.is_large() {
            for &l in legal {
                pairs.prefetch(last * self.entries + u64::from(l));
            }
        }
        if context_reaches && triples.is_large() {
            let before = u64::from(history[(steps - 2) * n + (role + n - 2) % n]);
            for &l in legal {
                triples.prefetch((before * self.entries + last) * self.entries + u64::from(l));
            }
        }
    }

    /// Whether a triple of `role` after `history` can count: role r - 1's pair of the context (the triple's two
    /// earlier moves) reaches the floor (`triple_floor`). The same for every move of a choice.
    fn context_reaches(&self, role: usize, history: &[u32]) -> bool {
        let n = self.roles;
        let steps = history.len() / n;
        if steps < 2 {
            return false;
        }
        let before = u64::from(history[(steps - 2) * n + (role + n - 2) % n]);
        let last = u64::from(history[(steps - 1) * n + (role + n - 1) % n]);
        let pairs = &self.pairs[(role + n - 1) % n];
        self.reaches(pairs, pairs.find(before * self.entries + last))
    }

    fn reaches(&self, pairs: &GramTable, slot: Option<usize>) -> bool {
        pairs.dropped > 0 || slot.map_or(0.0, |s| pairs.count(s)) >= self.floor
    }

    /// NST's T(a) (section 3.2): the average of the sequences ending in `entry` that are seen often enough.
    pub fn score(&self, role: usize, entry: u32, history: &[u32]) -> f64 {
        self.score_with(role, entry, history, self.context_reaches(role, history))
    }

    fn score_with(&self, role: usize, entry: u32, history: &[u32], context_reaches: bool) -> f64 {
        let e = entry as usize;
        if self.counts[e] == 0.0 {
            return 100.0;
        }
        let n = self.roles;
        let steps = history.len() / n;
        let mut sum = self.averages[e];
        let mut terms = 1.0;
        if steps >= 1 {
            let last = u64::from(history[(steps - 1) * n + (role + n - 1) % n]);
            let pairs = &self.pairs[role];
            let pair = pairs.find(last * self.entries + u64::from(entry));
            if let Some(slot) = pair {
                if pairs.count(slot) >= self.spec.threshold {
                    sum += pairs.average(slot);
                    terms += 1.0;
                }
            }
            // The triple's lookup (a cache miss in a large table) only where both its pairs let it reach k.
            if context_reaches && self.reaches(pairs, pair) {
                let before = u64::from(history[(steps - 2) * n + (role + n - 2) % n]);
                let key = (before * self.entries + last) * self.entries + u64::from(entry);
                let triples = &self.triples[role];
                if let Some(slot) = triples.find(key) {
                    if triples.count(slot) >= self.spec.threshold {
                        sum += triples.average(slot);
                        terms += 1.0;
                    }
                }
            }
        }
        sum / terms
    }

    /// Learns every joint move of a simulation (flat legal entries) with the rewards of its roles
    /// (section 3: the moves from the search root and the playout's alike; every occurrence counts).
    pub fn record(&mut self, history: &[u32], rewards: &[f64]) {
        if self.spec.kind == PolicyKind::Uniform {
            return;
        }
        let n = self.roles;
        let steps = history.len() / n;
        let nst = self.spec.kind == PolicyKind::Nst;
        for step in 0..steps {
            for (r, &reward) in rewards.iter().enumerate() {
                let entry = history[step * n + r];
                let e = entry as usize;
                let c = self.counts[e] + 1.0;
                self.counts[e] = c;
                self.stale[e] = true;
                self.averages[e] = updated_average(self.averages[e], c, reward);
                if !nst || step < 1 {
                    continue;
                }
                let last = u64::from(history[(step - 1) * n + (r + n - 1) % n]);
                self.pairs[r].add(last * self.entries + u64::from(entry), reward);
                if step < 2 {
                    continue;
                }
                let before = u64::from(history[(step - 2) * n + (r + n - 2) % n]);
                let key = (before * self.entries + last) * self.entries + u64::from(entry);
                self.triples[r].add(key, reward);
            }
        }
        for table in self.pairs.iter_mut().chain(self.triples.iter_mut()) {
            table.sweep(SWEEP_SLOTS);
        }
    }

    /// Section 4: every count times γ after a real move (the sequence tables lazily).
    pub fn decay(&mut self) {
        if self.spec.gamma == 1.0 {
            return;
        }
        for c in self.counts.iter_mut() {
            *c *= self.spec.gamma;
        }
        self.stale.fill(true);
        for table in self.pairs.iter_mut().chain(self.triples.iter_mut()) {
            table.decay();
        }
    }
}
