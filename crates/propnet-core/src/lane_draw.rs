//! The legal-move draw of the bit-sliced playouts (lanes.rs), per role and step: count the legal entries
//! that hold in each lane, draw an index per lane (the caller, with the lane's generator), then walk the
//! entries again until every lane has met its index and set that entry's input. The draw is the scalar
//! path's: the k-th entry that holds, in IR order.
//!
//! Both passes are per (entry, lane) pair in the portable code: a loop over the set bits of each entry's
//! word. With AVX-512 (detected at run time) they are per entry instead: the 64 lanes' counts are 16-bit
//! elements of two vector registers, and an entry's word is the mask of one masked add (count) or of one
//! masked compare and subtract (walk). Speedchess holds ~1,900 legal entries per role on a side's net and
//! a lane a few dozen of them, so the per-pair loops were half of its batch time.

use crate::lanes::LANES;

/// How the draws run on this machine, and the words of the last count that hold in some moving lane.
#[derive(Clone, Debug)]
pub(crate) struct LaneDraw {
    simd: bool,
    /// Positions in the role's legal list of the entries that hold in some moving lane, and their words
    /// masked to the moving lanes: the walk visits only these (speedchess: 27 % of the entries).
    held_at: Vec<u32>,
    held: Vec<u64>,
    /// How many of `held` the last count kept.
    kept: usize,
}

impl LaneDraw {
    /// AVX-512 when the CPU has it (the counts are 16-bit: roles with more legal entries count per pair).
    pub(crate) fn detect() -> LaneDraw {
        #[cfg(target_arch = "x86_64")]
        let simd =
            std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512bw");
        #[cfg(not(target_arch = "x86_64"))]
        let simd = false;
        LaneDraw {
            simd,
            held_at: Vec::new(),
            held: Vec::new(),
            kept: 0,
        }
    }

    /// The portable passes only (tests compare both).
    pub(crate) fn portable() -> LaneDraw {
        LaneDraw {
            simd: false,
            ..LaneDraw::detect()
        }
    }

    /// Per lane of `moving`, the number of `legal` gates whose word holds in the lane, into `counts` (the
    /// other lanes' counts are unspecified); keeps the entries that hold somewhere for `pick`.
    pub(crate) fn count(
        &mut self,
        values: &[u64],
        legal: &[u32],
        moving: u64,
        counts: &mut [u32; LANES],
    ) {
        if self.held.len() < legal.len() {
            self.held.resize(legal.len(), 0);
            self.held_at.resize(legal.len(), 0);
        }
        // Without a branch: every word is stored, and the slot advances past it when it is not zero.
        let mut n = 0;
        for (i, &g) in legal.iter().enumerate() {
            let word = values[g as usize] & moving;
            self.held[n] = word;
            self.held_at[n] = i as u32;
            n += usize::from(word != 0);
        }
        self.kept = n;
        #[cfg(target_arch = "x86_64")]
        if self.simd && legal.len() <= u16::MAX as usize {
            // SAFETY: `detect` found avx512f and avx512bw on this CPU.
            unsafe { avx512::count(&self.held[..n], counts) };
            return;
        }
        counts.fill(0);
        for &word in &self.held[..n] {
            for_each_lane(word, |k| counts[k] += 1);
        }
    }

    /// For each lane of the last count's moving lanes, finds the entry at index `left[k]` among those that
    /// held in the lane (in order) and sets the lane's bit of that entry's input word (`inputs`: the input
    /// gate per legal entry). `left` is used up.
    pub(crate) fn pick(
        &self,
        values: &mut [u64],
        inputs: &[u32],
        moving: u64,
        left: &mut [u32; LANES],
    ) {
        let (held, held_at) = (&self.held[..self.kept], &self.held_at[..self.kept]);
        #[cfg(target_arch = "x86_64")]
        if self.simd && inputs.len() <= u16::MAX as usize {
            // SAFETY: as in `count`.
            unsafe { avx512::pick(held, held_at, values, inputs, moving, left) };
            return;
        }
        // Without a branch per lane: a lane whose index reaches 0 picks the entry and its index wraps to
        // u32::MAX, so it never picks again.
        let mut pending = moving;
        for (&word, &at) in held.iter().zip(held_at) {
            if pending == 0 {
                break;
            }
            let mut hits = 0u64;
            for_each_lane(word & pending, |k| {
                let index = left[k];
                hits |= u64::from(index == 0) << k;
                left[k] = index.wrapping_sub(1);
            });
            values[inputs[at as usize] as usize] |= hits;
            pending &= !hits;
        }
    }
}

/// Calls `f` with the index of every set bit of `mask`, lowest first.
#[inline(always)]
pub(crate) fn for_each_lane(mut mask: u64, mut f: impl FnMut(usize)) {
    while mask != 0 {
        f(mask.trailing_zeros() as usize);
        mask &= mask - 1;
    }
}

#[cfg(target_arch = "x86_64")]
mod avx512 {
    use super::LANES;
    use std::arch::x86_64::*;

    /// Lanes 0..32 and 32..64 of a word as the masks of the two count registers.
    #[inline(always)]
    fn halves(word: u64) -> (u32, u32) {
        (word as u32, (word >> 32) as u32)
    }

    #[target_feature(enable = "avx512f,avx512bw")]
    pub(super) fn count(held: &[u64], counts: &mut [u32; LANES]) {
        let one = _mm512_set1_epi16(1);
        let (mut low, mut high) = (_mm512_setzero_si512(), _mm512_setzero_si512());
        for &word in held {
            let (a, b) = halves(word);
            low = _mm512_mask_add_epi16(low, a, low, one);
            high = _mm512_mask_add_epi16(high, b, high, one);
        }
        let mut out = [0u16; LANES];
        // SAFETY: `out` holds 64 16-bit elements, the two registers' 2 × 32.
        unsafe {
            _mm512_storeu_si512(out.as_mut_ptr().cast(), low);
            _mm512_storeu_si512(out.as_mut_ptr().add(32).cast(), high);
        }
        for (c, &n) in counts.iter_mut().zip(&out) {
            *c = u32::from(n);
        }
    }

    #[target_feature(enable = "avx512f,avx512bw")]
    pub(super) fn pick(
        held: &[u64],
        held_at: &[u32],
        values: &mut [u64],
        inputs: &[u32],
        moving: u64,
        left: &mut [u32; LANES],
    ) {
        // An index is below the entry count, at most u16::MAX (checked by the caller).
        let mut index = [0u16; LANES];
        for (i, &l) in index.iter_mut().zip(left.iter()) {
            *i = l as u16;
        }
        // SAFETY: `index` holds 64 16-bit elements.
        let (mut low, mut high) = unsafe {
            (
                _mm512_loadu_si512(index.as_ptr().cast()),
                _mm512_loadu_si512(index.as_ptr().add(32).cast()),
            )
        };
        let (one, zero) = (_mm512_set1_epi16(1), _mm512_setzero_si512());
        // A lane's index wraps past 0 to u16::MAX after its pick and cannot reach 0 again within the at
        // most u16::MAX entries, so the words need no masking by the lanes still to pick: the loop carries
        // only the two registers, and the exit test is off that chain.
        let mut found = 0u64;
        for (&word, &at) in held.iter().zip(held_at) {
            let (a, b) = halves(word);
            let hits = u64::from(_mm512_mask_cmpeq_epi16_mask(a, low, zero))
                | u64::from(_mm512_mask_cmpeq_epi16_mask(b, high, zero)) << 32;
            low = _mm512_mask_sub_epi16(low, a, low, one);
            high = _mm512_mask_sub_epi16(high, b, high, one);
            values[inputs[at as usize] as usize] |= hits;
            found |= hits;
            if found == moving {
                break;
            }
        }
    }
}
