//! xoshiro128** seeded by splitmix32, bit for bit the generator of core's `Rng` (packages/core/src/rng.ts),
//! so a seed gives the same draws in the TypeScript, WebAssembly and Rust executors.

#[derive(Clone, Debug)]
pub struct Rng {
    s: [u32; 4],
}

const GOLDEN: u32 = 0x9e37_79b9;

/// One splitmix32 step: advances `state` and returns its mixed output.
pub fn splitmix32(state: &mut u32) -> u32 {
    *state = state.wrapping_add(GOLDEN);
    mix(*state)
}

/// The `n`-th output (n ≥ 1) of splitmix32 started at `state`, without stepping through the first n - 1:
/// the state after n steps is `state + n * GOLDEN`.
pub fn splitmix32_nth(state: u32, n: usize) -> u32 {
    mix(state.wrapping_add(GOLDEN.wrapping_mul(n as u32)))
}

fn mix(mut z: u32) -> u32 {
    z = (z ^ (z >> 16)).wrapping_mul(0x85eb_ca6b);
    z = (z ^ (z >> 13)).wrapping_mul(0xc2b2_ae35);
    z ^ (z >> 16)
}

impl Rng {
    /// Seeds from a 32-bit integer; JavaScript's `seed | 0` is the same bits as `seed as u32`.
    pub fn new(seed: u32) -> Rng {
        let mut state = seed;
        let mut s = [0u32; 4];
        for word in &mut s {
            *word = splitmix32(&mut state);
        }
        if s == [0; 4] {
            s[0] = 1;
        }
        Rng { s }
    }

    pub fn next_u32(&mut self) -> u32 {
        let [a, b, c, d] = &mut self.s;
        let result = b.wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = *b << 9;
        *c ^= *a;
        *d ^= *b;
        *b ^= *c;
        *a ^= *d;
        *c ^= t;
        *d = d.rotate_left(11);
        result
    }

    /// Uniform integer in [0, n): the high 32 bits of the 32x32-bit product, as core's `nextInt`.
    pub fn next_int(&mut self, n: u32) -> u32 {
        ((self.next_u32() as u64 * n as u64) >> 32) as u32
    }
}
