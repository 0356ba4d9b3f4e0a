//! Node binding of propnet-core (napi-rs): the only crate that imports napi. The IR's typed arrays are held
//! by reference (no copy) for the life of the object; states and output buffers are borrowed per call.
//! Terms stay on the JavaScript side: calls speak in legal-entry and base-bit indices of the IR.

mod symbolic;

use napi::bindgen_prelude::{
    Float64Array, Int32Array, Int32ArraySlice, Uint32Array, Uint32ArraySlice, Uint8Array,
};
use napi::{Error, Result, Status};
use napi_derive::napi;
use propnet_core::{
    choose_differential, choose_propagation, differential_playouts, lane_playouts, lane_simulate,
    make_forced_moves, parallel_perft, parallel_playouts, resolve_threads, simulate, CoreError,
    DifferentialNet, Engine, Ir, LaneNets, LaneScratch, PolicyKind, PolicySpec, PolicyTables,
    Propagation, Rng, SideNets, SimulationBatch, WordNet, IR_VERSION,
};

/// The fields of `PropnetIR` (packages/propnet/src/ir.ts) that the executor reads.
#[napi(object)]
pub struct PropnetIrInput {
    pub version: u32,
    pub gate_count: u32,
    pub gate_kind: Uint8Array,
    pub first_logic: u32,
    pub phase_split: u32,
    pub fanin_start: Uint32Array,
    pub fanin: Uint32Array,
    pub fanout_start: Uint32Array,
    pub fanout: Uint32Array,
    pub cycle_of: Int32Array,
    pub cycle_range: Uint32Array,
    pub role_count: u32,
    pub base_gate: Uint32Array,
    pub base_term: Int32Array,
    pub base_next: Uint32Array,
    pub input_gate: Uint32Array,
    pub input_role: Uint32Array,
    pub legal_start: Uint32Array,
    pub legal_gate: Uint32Array,
    pub legal_term: Int32Array,
    pub legal_input: Uint32Array,
    pub goal_start: Uint32Array,
    pub goal_gate: Uint32Array,
    pub goal_value: Int32Array,
    pub terminal_gate: u32,
    pub init_gate: Uint32Array,
    pub init_base: Uint32Array,
    pub sees_start: Uint32Array,
    pub sees_gate: Uint32Array,
    pub sees_term: Int32Array,
}

impl PropnetIrInput {
    fn ir(&self) -> Ir<'_> {
        Ir {
            gate_count: self.gate_count as usize,
            gate_kind: &self.gate_kind,
            first_logic: self.first_logic as usize,
            phase_split: self.phase_split as usize,
            fanin_start: &self.fanin_start,
            fanin: &self.fanin,
            fanout_start: &self.fanout_start,
            fanout: &self.fanout,
            cycle_of: &self.cycle_of,
            cycle_range: &self.cycle_range,
            role_count: self.role_count as usize,
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
            terminal_gate: self.terminal_gate as usize,
            init_gate: &self.init_gate,
            init_base: &self.init_base,
            sees_start: &self.sees_start,
            sees_gate: &self.sees_gate,
            sees_term: &self.sees_term,
        }
    }
}

/// `PlayoutStats` of @gdlkit/core; counts are doubles so they never wrap.
#[napi(object)]
pub struct NativePlayoutStats {
    pub playouts: f64,
    pub states: f64,
    pub total_depth: f64,
    pub min_depth: f64,
    pub max_depth: f64,
    pub goal_sums: Vec<f64>,
    pub truncated: f64,
}

fn to_napi(error: CoreError) -> Error {
    let status = match error {
        CoreError::NoLegalMove { .. } => Status::GenericFailure,
        _ => Status::InvalidArg,
    };
    Error::new(status, error.to_string())
}

/// `SimulationResults` of @gdlkit/core; moves are term ids.
#[napi(object)]
pub struct NativeSimulationResults {
    pub goals: Float64Array,
    pub depths: Int32Array,
    pub truncated: Uint8Array,
    pub moves: Int32Array,
    pub move_offsets: Int32Array,
}

/// `PolicySpec` of @gdlkit/core with every default filled in (by packages/native/src/policy-table.ts).
#[napi(object)]
pub struct NativePolicySpec {
    pub kind: String,
    pub tau: f64,
    pub epsilon: f64,
    pub threshold: f64,
    pub gamma: f64,
    pub max_entries: u32,
}

/// A policy's tables (propnet_core::policy), created by `NativePropnet.createPolicy` for that net's legal
/// entries and updated in place by its `simulate`. Moves are legal entries of the IR, checked on entry.
/// `release` frees the tables at once (NST's can take tens of MiB); any later call is an error.
#[napi]
pub struct NativePolicy {
    tables: Option<PolicyTables>,
    /// The address of the net's IR arrays it was built for: `simulate` refuses a table of another net.
    owner: usize,
}

impl NativePolicy {
    fn tables(&mut self) -> Result<&mut PolicyTables> {
        self.tables.as_mut().ok_or_else(|| {
            Error::new(
                Status::InvalidArg,
                "the policy table was disposed".to_owned(),
            )
        })
    }
}

#[napi]
impl NativePolicy {
    /// Entries with a count left, plus the sequences held (0 once released).
    #[napi(getter)]
    pub fn size(&self) -> u32 {
        self.tables.as_ref().map_or(0, |t| t.size() as u32)
    }

    /// Index into `legal` of the move `role` plays after the joint moves `history` (legal entries, flat,
    /// oldest first), drawn with a generator seeded `seed`.
    #[napi]
    pub fn choose(&mut self, role: u32, legal: &[u32], history: &[u32], seed: i32) -> Result<u32> {
        let tables = self.tables()?;
        tables
            .check_moves(role as usize, legal, history, None)
            .map_err(to_napi)?;
        let mut rng = Rng::new(seed as u32);
        Ok(tables.choose(role as usize, legal, history, &mut rng) as u32)
    }

    /// Learns a simulation's joint moves (legal entries, flat) with its rewards per role.
    #[napi]
    pub fn record(&mut self, history: &[u32], rewards: &[f64]) -> Result<()> {
        let tables = self.tables()?;
        tables
            .check_moves(0, &[], history, Some(rewards))
            .map_err(to_napi)?;
        tables.record(history, rewards);
        Ok(())
    }

    #[napi]
    pub fn decay(&mut self) -> Result<()> {
        self.tables()?.decay();
        Ok(())
    }

    /// MAST's Qh (NST's sequence of length 1) of a legal entry: its average reward, 100 while unseen.
    #[napi]
    pub fn value(&mut self, entry: u32) -> Result<f64> {
        let tables = self.tables()?;
        tables
            .check_moves(0, &[entry], &[], None)
            .map_err(to_napi)?;
        Ok(tables.value(entry))
    }

    /// The decayed number of samples of a legal entry.
    #[napi]
    pub fn count(&mut self, entry: u32) -> Result<f64> {
        let tables = self.tables()?;
        tables
            .check_moves(0, &[entry], &[], None)
            .map_err(to_napi)?;
        Ok(tables.count(entry))
    }

    /// Frees the tables now rather than when the JavaScript object is collected.
    #[napi]
    pub fn release(&mut self) {
        self.tables = None;
    }
}

/// One propnet: the IR arrays, an engine and scratch buffers.
#[napi]
pub struct NativePropnet {
    arrays: PropnetIrInput,
    engine: Engine,
    /// The net compiled for 64-lane policy simulations.
    words: WordNet,
    /// The nets of 64-lane random playouts: one per side to move, goals evaluated at the end only.
    lane_nets: LaneNets,
    /// One-thread scalar playouts by differential propagation, when it is the faster scalar path.
    differential: Option<SideNets>,
    /// Buffers of the 64-lane policy simulations, kept between batches.
    lanes: LaneScratch,
    legal: Vec<u32>,
    goals: Vec<i32>,
    inputs: Vec<u32>,
}

/// Outcome of a call that takes a joint move: `-1 - role` when the move of `role` is illegal.
fn illegal(role: usize) -> i32 {
    -1 - role as i32
}

#[napi]
impl NativePropnet {
    /// Checks the IR (version and every invariant) and evaluates the empty state. `propagation` is
    /// 'incremental', 'levelled', 'differential' (incremental queries, differential scalar playouts) or
    /// 'auto' (default: time them on a few playouts and keep the fastest).
    #[napi(constructor)]
    pub fn new(ir: PropnetIrInput, propagation: Option<String>) -> Result<Self> {
        if ir.version != IR_VERSION {
            return Err(Error::new(
                Status::InvalidArg,
                format!(
                    "propnet IR version {} is not the version {IR_VERSION} this binary executes",
                    ir.version
                ),
            ));
        }
        let view = ir.ir();
        view.validate().map_err(to_napi)?;
        let start = Engine::new(&view).initial_state(&view);
        let (mode, differential) = match propagation.as_deref() {
            Some("incremental") => (Propagation::Incremental, None),
            Some("levelled") => (Propagation::Levelled, None),
            Some("differential") => {
                if !DifferentialNet::fits(view.gate_count, view.base_count()) {
                    return Err(Error::new(
                        Status::InvalidArg,
                        format!(
                            "propagation 'differential' takes nets of at most 2^28 gates and bases; this one has {} gates and {} bases",
                            view.gate_count,
                            view.base_count()
                        ),
                    ));
                }
                (Propagation::Incremental, Some(SideNets::choose(&view, &start)))
            }
            None | Some("auto") => {
                let mode = choose_propagation(&view, &start);
                (mode, choose_differential(&view, &start, mode))
            }
            Some(other) => {
                return Err(Error::new(
                    Status::InvalidArg,
                    format!(
                        "propagation must be 'incremental', 'levelled', 'differential' or 'auto', got '{other}'"
                    ),
                ))
            }
        };
        let engine = Engine::with_propagation(&view, mode);
        let words = WordNet::compile(&view).map_err(to_napi)?;
        let (split, keys) = SideNets::measure(&view, &start);
        let lane_nets = LaneNets::new(&view, &split, &keys).map_err(to_napi)?;
        Ok(NativePropnet {
            arrays: ir,
            engine,
            words,
            lane_nets,
            differential,
            lanes: LaneScratch::default(),
            legal: Vec::new(),
            goals: Vec::new(),
            inputs: Vec::new(),
        })
    }

    /// The propagation mode in use: 'incremental', 'levelled' or 'differential'.
    #[napi(getter)]
    pub fn propagation(&self) -> &'static str {
        if self.differential.is_some() {
            return "differential";
        }
        match self.engine.propagation() {
            Propagation::Incremental => "incremental",
            Propagation::Levelled => "levelled",
        }
    }

    /// Does nothing: measures the cost of one boundary crossing.
    #[napi]
    pub fn noop(&self) {}

    #[napi]
    pub fn initial_state(&mut self) -> Uint32Array {
        let ir = self.arrays.ir();
        Uint32Array::new(self.engine.initial_state(&ir))
    }

    /// Writes the term ids of the legal moves of `role` into `out`; returns how many.
    #[napi]
    pub fn legal(&mut self, state: &[u32], role: u32, mut out: Int32ArraySlice) -> Result<u32> {
        let ir = self.arrays.ir();
        self.legal.clear();
        self.engine
            .legal(&ir, state, role as usize, &mut self.legal)
            .map_err(to_napi)?;
        write_terms(&self.legal, ir.legal_term, writable(&mut out))
    }

    #[napi]
    pub fn is_terminal(&mut self, state: &[u32]) -> Result<bool> {
        let ir = self.arrays.ir();
        self.engine.is_terminal(&ir, state).map_err(to_napi)
    }

    /// Writes the goal values of `role` that hold into `out`; returns how many.
    #[napi]
    pub fn goals(&mut self, state: &[u32], role: u32, mut out: Int32ArraySlice) -> Result<u32> {
        let ir = self.arrays.ir();
        self.goals.clear();
        self.engine
            .goals(&ir, state, role as usize, &mut self.goals)
            .map_err(to_napi)?;
        let out = writable(&mut out);
        if out.len() < self.goals.len() {
            return Err(Error::new(
                Status::InvalidArg,
                "output buffer too small".to_owned(),
            ));
        }
        out[..self.goals.len()].copy_from_slice(&self.goals);
        Ok(self.goals.len() as u32)
    }

    /// Writes the state after the joint move (legal-entry indices, one per role) into `out`; returns 0, or
    /// `-1 - role` when the move of `role` is not legal.
    #[napi]
    pub fn next(&mut self, state: &[u32], moves: &[u32], mut out: Uint32ArraySlice) -> Result<i32> {
        let ir = self.arrays.ir();
        let out = writable_u32(&mut out);
        if out.len() != ir.state_words() {
            return Err(Error::new(
                Status::InvalidArg,
                "output state has the wrong length".to_owned(),
            ));
        }
        match self
            .engine
            .apply_joint_move(&ir, state, moves, &mut self.inputs)
        {
            Err(CoreError::IllegalMove { role }) => Ok(illegal(role)),
            Err(e) => Err(to_napi(e)),
            Ok(()) => {
                self.engine.read_next(&ir, out);
                Ok(0)
            }
        }
    }

    /// Writes the percept term ids of `role` after the joint move into `out`; returns how many, or
    /// `-1 - role'` when the move of `role'` is not legal.
    #[napi]
    pub fn sees(
        &mut self,
        state: &[u32],
        moves: &[u32],
        role: u32,
        mut out: Int32ArraySlice,
    ) -> Result<i32> {
        let ir = self.arrays.ir();
        self.legal.clear();
        match self
            .engine
            .sees(&ir, state, moves, role as usize, &mut self.legal)
        {
            Err(CoreError::IllegalMove { role }) => Ok(illegal(role)),
            Err(e) => Err(to_napi(e)),
            Ok(()) => Ok(write_terms(&self.legal, ir.sees_term, writable(&mut out))? as i32),
        }
    }

    /// `count` uniform random playouts from `start` on `threads` threads (0 = all cores), one crossing:
    /// bit-sliced on 64 lanes (propnet_core::lane_playouts) or, when `exact`, one at a time with the
    /// other executors' statistics for the seed (propnet_core::parallel_playouts).
    #[napi]
    pub fn playouts(
        &mut self,
        start: &[u32],
        count: f64,
        seed: i32,
        max_depth: f64,
        threads: u32,
        exact: bool,
    ) -> Result<NativePlayoutStats> {
        let ir = self.arrays.ir();
        let (count, seed, max_depth) = (count as u64, seed as u32, max_depth as u64);
        // One playout is the same on both paths (lane 0 of block 0 uses `seed`); the scalar one is cheaper.
        let one_thread = resolve_threads(threads).min(count.max(1) as usize) == 1;
        let stats = if let (true, true, Some(sides)) =
            (exact || count <= 1, one_thread, self.differential.as_mut())
        {
            differential_playouts(&ir, sides, start, count, seed, max_depth)
        } else if exact || count <= 1 {
            parallel_playouts(
                &ir,
                &mut self.engine,
                start,
                count,
                seed,
                max_depth,
                threads,
            )
        } else {
            lane_playouts(&ir, &self.lane_nets, start, count, seed, max_depth, threads)
        }
        .map_err(to_napi)?;
        Ok(NativePlayoutStats {
            playouts: stats.playouts as f64,
            states: stats.states as f64,
            total_depth: stats.total_depth as f64,
            min_depth: stats.min_depth as f64,
            max_depth: stats.max_depth as f64,
            goal_sums: stats.goal_sums.iter().map(|&g| g as f64).collect(),
            truncated: stats.truncated as f64,
        })
    }

    /// Policy tables for this net (`kind`: 'uniform', 'mast' or 'nst').
    #[napi]
    pub fn create_policy(&self, spec: NativePolicySpec) -> Result<NativePolicy> {
        let kind = match spec.kind.as_str() {
            "uniform" => PolicyKind::Uniform,
            "mast" => PolicyKind::Mast,
            "nst" => PolicyKind::Nst,
            other => {
                return Err(Error::new(
                    Status::InvalidArg,
                    format!("policy kind must be 'uniform', 'mast' or 'nst', got '{other}'"),
                ))
            }
        };
        let spec = PolicySpec {
            kind,
            tau: spec.tau,
            epsilon: spec.epsilon,
            threshold: spec.threshold,
            gamma: spec.gamma,
            max_entries: spec.max_entries as usize,
        };
        let tables = PolicyTables::new(&self.arrays.ir(), spec).map_err(to_napi)?;
        Ok(NativePolicy {
            tables: Some(tables),
            owner: self.owner(),
        })
    }

    /// Runs a batch of policy simulations in one crossing, on 64 lanes (propnet_core::lane_simulate: tables
    /// learn every 64 finished simulations) or, without `lanes`, one at a time learning after each
    /// (propnet_core::simulate: the TypeScript reference's draws for a seed). Simulation i starts in
    /// `starts[i * words ..]` after the legal entries `prefix[offsets[i] .. offsets[i + 1]]`.
    #[napi]
    #[allow(clippy::too_many_arguments)]
    pub fn simulate(
        &mut self,
        starts: &[u32],
        prefix: &[u32],
        offsets: &[u32],
        seed: i32,
        max_depth: f64,
        record_moves: bool,
        lanes: bool,
        policy: &mut NativePolicy,
    ) -> Result<NativeSimulationResults> {
        if policy.owner != self.owner() {
            return Err(Error::new(
                Status::InvalidArg,
                "the policy table belongs to another net".to_owned(),
            ));
        }
        let ir = self.arrays.ir();
        let batch = SimulationBatch {
            starts,
            prefix,
            offsets,
            seed: seed as u32,
            max_depth: max_depth as u64,
            record_moves,
        };
        let tables = policy.tables()?;
        let out = if lanes {
            lane_simulate(&ir, &self.words, &batch, tables, &mut self.lanes)
        } else {
            simulate(&ir, &mut self.engine, &batch, tables)
        }
        .map_err(to_napi)?;
        Ok(NativeSimulationResults {
            goals: Float64Array::new(out.goals),
            depths: Int32Array::new(out.depths),
            truncated: Uint8Array::new(out.truncated),
            moves: Int32Array::new(out.moves),
            move_offsets: Int32Array::new(out.move_offsets),
        })
    }

    /// Makes the forced first moves of a batch in place (propnet_core::make_forced_moves): where `forced[i]`
    /// is not 0, start i becomes the state after the last joint move of its prefix. Returns -1, or the first
    /// simulation whose start is terminal or whose forced move is not legal there.
    #[napi]
    pub fn make_forced_moves(
        &mut self,
        mut starts: Uint32ArraySlice,
        prefix: &[u32],
        offsets: &[u32],
        forced: &[u8],
    ) -> Result<i32> {
        let ir = self.arrays.ir();
        let starts = writable_u32(&mut starts);
        match make_forced_moves(&ir, &mut self.engine, starts, prefix, offsets, forced) {
            Ok(None) => Ok(-1),
            Ok(Some(i)) => Ok(i as i32),
            Err(e) => Err(to_napi(e)),
        }
    }

    /// Identifies this net's IR (the address of its gate array) for the tables made for it.
    fn owner(&self) -> usize {
        self.arrays.gate_kind.as_ptr() as usize
    }

    /// Nodes of the game tree below `state` to `depth` joint moves, on `threads` threads (0 = all cores).
    #[napi]
    pub fn perft(&mut self, state: &[u32], depth: u32, threads: u32) -> Result<f64> {
        let ir = self.arrays.ir();
        parallel_perft(&ir, &mut self.engine, state, depth, threads)
            .map(|n| n as f64)
            .map_err(to_napi)
    }
}

/// The output buffer of a call as a mutable slice.
// SAFETY: calls are synchronous, so JavaScript cannot touch the buffer while Rust writes it, and the binding
// never keeps the slice beyond the call.
fn writable<'a>(out: &'a mut Int32ArraySlice<'_>) -> &'a mut [i32] {
    unsafe { out.as_mut() }
}

// SAFETY: as for `writable`.
fn writable_u32<'a>(out: &'a mut Uint32ArraySlice<'_>) -> &'a mut [u32] {
    unsafe { out.as_mut() }
}

fn write_terms(indices: &[u32], terms: &[i32], out: &mut [i32]) -> Result<u32> {
    if out.len() < indices.len() {
        return Err(Error::new(
            Status::InvalidArg,
            "output buffer too small".to_owned(),
        ));
    }
    for (slot, &i) in out.iter_mut().zip(indices) {
        *slot = terms[i as usize];
    }
    Ok(indices.len() as u32)
}
