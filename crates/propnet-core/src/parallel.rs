//! Batch entry points across threads (std::thread::scope; every thread borrows the same IR slices and owns
//! its engine, in the mode of the caller's engine).
//!
//! Playouts: with T threads, thread t runs `count / T` playouts, plus one if `t < count % T`. Thread 0 seeds
//! its generator with `seed` itself, so one thread reproduces the single-threaded executors exactly; thread
//! t ≥ 1 uses `thread_seed(seed, t)`, the t-th output of splitmix32 started at `seed ^ 0x6a09e667`. The
//! result is deterministic for a given (seed, T) and the per-thread statistics are merged in thread order.
//!
//! Perft: the tree is expanded breadth-first from the root until the frontier holds at least 8 states per
//! thread (or the depth is used up); the frontier states are then counted in parallel, each thread taking
//! the next unclaimed state, and the sum does not depend on T.

use crate::engine::Engine;
use crate::error::Result;
use crate::ir::Ir;
use crate::lane_nets::LaneNets;
use crate::lanes::{LaneRunner, LANES};
use crate::perft::Perft;
use crate::playout::{playouts, PlayoutStats};
use crate::queries::check_state;
use crate::rng::splitmix32_nth;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Threads to use for a request of `threads` (0 = every core the OS reports).
pub fn resolve_threads(threads: u32) -> usize {
    if threads == 0 {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    } else {
        threads as usize
    }
}

/// The seed of thread `t` (see the module documentation).
pub fn thread_seed(seed: u32, t: usize) -> u32 {
    if t == 0 {
        return seed;
    }
    splitmix32_nth(seed ^ 0x6a09_e667, t)
}

/// `first()` on the calling thread and `other(i)` on scoped threads i = 1..t, the results in thread order; a
/// thread's panic is raised again here.
fn on_threads<T: Send>(
    t: usize,
    first: impl FnOnce() -> T,
    other: impl Fn(usize) -> T + Sync,
) -> Vec<T> {
    std::thread::scope(|scope| {
        let other = &other;
        let handles: Vec<_> = (1..t).map(|i| scope.spawn(move || other(i))).collect();
        let mut all = vec![first()];
        all.extend(handles.into_iter().map(|h| {
            h.join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        }));
        all
    })
}

/// The per-thread statistics summed in thread order, or the first thread's error.
fn merged(ir: &Ir, parts: Vec<Result<PlayoutStats>>) -> Result<PlayoutStats> {
    let mut total = PlayoutStats::empty(ir.role_count);
    for part in parts {
        total.merge(&part?);
    }
    Ok(total)
}

/// `count` playouts split over `threads` threads; `engine` serves thread 0 on the calling thread.
pub fn parallel_playouts(
    ir: &Ir,
    engine: &mut Engine,
    start: &[u32],
    count: u64,
    seed: u32,
    max_depth: u64,
    threads: u32,
) -> Result<PlayoutStats> {
    check_state(ir, start)?;
    let t = (resolve_threads(threads) as u64).clamp(1, count.max(1)) as usize;
    if t == 1 {
        return playouts(ir, engine, start, count, seed, max_depth);
    }
    let mode = engine.propagation();
    let share = |i: usize| count / t as u64 + u64::from((i as u64) < count % t as u64);
    let parts = on_threads(
        t,
        || playouts(ir, engine, start, share(0), seed, max_depth),
        |i| {
            let mut own = Engine::with_propagation(ir, mode);
            playouts(
                ir,
                &mut own,
                start,
                share(i),
                thread_seed(seed, i),
                max_depth,
            )
        },
    );
    merged(ir, parts)
}

/// Playouts per block of 64 lanes in `lane_playouts`: enough per lane that a block's last playouts (when
/// lanes run out of quota and sit idle) are a small share of its work.
pub const BLOCK_PLAYOUTS: u64 = 16 * LANES as u64;

/// `count` bit-sliced playouts (lanes.rs) over `threads` threads. The playouts are split into
/// `ceil(count / BLOCK_PLAYOUTS)` blocks of 64 lanes, block b taking `count / B` playouts plus one if
/// `b < count % B`; lane k of block b is seeded `thread_seed(seed, 64 b + k)`, so lane 0 of block 0 uses
/// `seed` itself and one playout equals the scalar path's. Threads claim blocks one at a time and the
/// statistics are sums, minima and maxima, so the result depends on (seed, count) but not on the threads.
pub fn lane_playouts(
    ir: &Ir,
    nets: &LaneNets,
    start: &[u32],
    count: u64,
    seed: u32,
    max_depth: u64,
    threads: u32,
) -> Result<PlayoutStats> {
    check_state(ir, start)?;
    let blocks = count.div_ceil(BLOCK_PLAYOUTS).max(1) as usize;
    let t = resolve_threads(threads).clamp(1, blocks);
    let next = AtomicUsize::new(0);
    let run_some = || -> Result<PlayoutStats> {
        let mut runner = LaneRunner::new(ir, nets, start)?;
        let mut stats = PlayoutStats::empty(ir.role_count);
        let mut seeds = [0u32; LANES];
        loop {
            let b = next.fetch_add(1, Ordering::Relaxed);
            if b >= blocks {
                return Ok(stats);
            }
            let quota = count / blocks as u64 + u64::from((b as u64) < count % blocks as u64);
            for (k, s) in seeds.iter_mut().enumerate() {
                *s = thread_seed(seed, b * LANES + k);
            }
            runner.run_block(ir, quota, &seeds, max_depth)?;
            runner.merge_into(ir, &mut stats);
        }
    };
    merged(ir, on_threads(t, run_some, |_| run_some()))
}

/// Perft (see `perft`) with the frontier split over `threads` threads.
pub fn parallel_perft(
    ir: &Ir,
    engine: &mut Engine,
    state: &[u32],
    depth: u32,
    threads: u32,
) -> Result<u64> {
    check_state(ir, state)?;
    let t = resolve_threads(threads);
    if t == 1 || depth < 2 {
        return Perft::new(ir).count(ir, engine, state, depth);
    }
    let (interior, frontier, rest) = expand_frontier(ir, engine, state, depth, 8 * t);
    let words = ir.state_words();
    let states = frontier.len() / words;
    let next = AtomicUsize::new(0);
    let count_some = |engine: &mut Engine| -> Result<u64> {
        let mut perft = Perft::new(ir);
        let mut nodes = 0;
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= states {
                return Ok(nodes);
            }
            nodes += perft.count(ir, engine, &frontier[i * words..(i + 1) * words], rest)?;
        }
    };
    let parts = on_threads(
        t,
        || count_some(engine),
        |_| count_some(&mut Engine::new(ir)),
    );
    let mut nodes = interior;
    for part in parts {
        nodes += part?;
    }
    Ok(nodes)
}

/// Expands level by level until at least `want` states wait: returns the nodes counted above the frontier,
/// the frontier states (concatenated) and the depth left below them.
fn expand_frontier(
    ir: &Ir,
    engine: &mut Engine,
    root: &[u32],
    depth: u32,
    want: usize,
) -> (u64, Vec<u32>, u32) {
    let words = ir.state_words();
    let roles = ir.role_count;
    let mut frontier = root.to_vec();
    let mut rest = depth;
    let mut interior = 0;
    let mut legal: Vec<Vec<u32>> = vec![Vec::new(); roles];
    let mut inputs = vec![0u32; roles];
    let mut digits = vec![0usize; roles];
    let mut child = vec![0u32; words];
    while rest > 0 && frontier.len() / words < want {
        let mut next = Vec::new();
        for state in frontier.chunks_exact(words) {
            interior += 1;
            engine.load(ir, state);
            if engine.holds(ir.terminal_gate as u32) {
                continue;
            }
            for (r, list) in legal.iter_mut().enumerate() {
                list.clear();
                engine.collect_legal(ir, r, list);
            }
            if legal.iter().any(Vec::is_empty) {
                continue;
            }
            digits.fill(0);
            'moves: loop {
                for r in 0..roles {
                    inputs[r] = ir.legal_input[legal[r][digits[r]] as usize];
                }
                engine.load(ir, state);
                engine.apply_inputs(ir, &inputs);
                engine.read_next(ir, &mut child);
                next.extend_from_slice(&child);
                let mut r = roles;
                loop {
                    if r == 0 {
                        break 'moves;
                    }
                    r -= 1;
                    digits[r] += 1;
                    if digits[r] < legal[r].len() {
                        break;
                    }
                    digits[r] = 0;
                }
            }
        }
        frontier = next;
        rest -= 1;
    }
    (interior, frontier, rest)
}
