//! The statistics of NST's move sequences (paper 03, section 3.2) in a bounded open-addressing table: a key
//! packs the sequence's legal entries into one u64. The same design as core's TypeScript table
//! (packages/core/src/policy/gram-table.ts): decay (section 4) is lazy, a real move only advancing an epoch
//! and an entry's count being brought up to date when next updated or swept (a read computes the decayed count
//! without storing it, so which entries are read changes nothing); a sweep advancing a few slots per
//! recorded simulation removes entries decayed below `prune_below`; at `max_entries` new sequences are
//! dropped until the sweep frees room.

const EMPTY: u64 = u64::MAX;

/// The running average after a sample `reward` that brings the count to `count`; a count decayed to 0
/// starts afresh, exactly at the reward, as in a table that never saw the key.
pub fn updated_average(average: f64, count: f64, reward: f64) -> f64 {
    if count == 1.0 {
        reward
    } else {
        average + (reward - average) / count
    }
}
const INITIAL_SLOTS: usize = 1024;

/// One entry, its fields side by side so that a probe reads one cache line (the tables outgrow the caches).
#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    count: f64,
    average: f64,
    epoch: u32,
}

const FREE: Slot = Slot {
    key: EMPTY,
    count: 0.0,
    average: 0.0,
    epoch: 0,
};

pub struct GramTable {
    pub size: usize,
    /// New sequences not recorded because the table was full.
    pub dropped: u64,
    epoch: u32,
    cursor: usize,
    /// Slots the sweep has still to visit since the last decay: once it has been round the table every entry
    /// is up to date or removed, and sweeping would change nothing until the next decay.
    unswept: usize,
    mask: usize,
    slots: Vec<Slot>,
    max_slots: usize,
    max_entries: usize,
    gamma: f64,
    prune_below: f64,
}

impl GramTable {
    pub fn new(gamma: f64, max_entries: usize, prune_below: f64) -> GramTable {
        GramTable {
            size: 0,
            dropped: 0,
            epoch: 0,
            cursor: 0,
            unswept: 0,
            mask: INITIAL_SLOTS - 1,
            slots: vec![FREE; INITIAL_SLOTS],
            // At most half full: linear probes stay short.
            max_slots: (max_entries * 2).next_power_of_two().max(INITIAL_SLOTS),
            max_entries,
            gamma,
            prune_below,
        }
    }

    /// The slot of `key`, if present.
    pub fn find(&self, key: u64) -> Option<usize> {
        let mut i = self.home(key);
        loop {
            let k = self.slots[i].key;
            if k == EMPTY {
                return None;
            }
            if k == key {
                return Some(i);
            }
            i = (i + 1) & self.mask;
        }
    }

    /// Whether the slots outgrow a core's private caches (1 MiB), where `prefetch` pays.
    pub fn is_large(&self) -> bool {
        (self.mask + 1) * std::mem::size_of::<Slot>() > 1 << 20
    }

    /// Asks the processor to load the cache line where `key`'s probe starts, so that the lookups of all
    /// legal moves miss the caches together rather than one after the other.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `home` is below the slot count, and a prefetch is only a hint: it never faults.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(self.slots.as_ptr().add(self.home(key)).cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The decayed visit count of an occupied slot; stores nothing.
    pub fn count(&self, slot: usize) -> f64 {
        let entry = &self.slots[slot];
        let age = self.epoch - entry.epoch;
        if age == 0 {
            entry.count
        } else {
            entry.count * self.gamma.powi(age as i32)
        }
    }

    pub fn average(&self, slot: usize) -> f64 {
        self.slots[slot].average
    }

    /// One more occurrence of the sequence `key` with `reward`; dropped when the table is full.
    pub fn add(&mut self, key: u64, reward: f64) {
        let slot = match self.find(key) {
            Some(slot) => slot,
            None => {
                if self.size >= self.max_entries {
                    self.dropped += 1;
                    return;
                }
                if (self.size + 1) * 2 > self.mask + 1 && self.mask + 1 < self.max_slots {
                    self.grow();
                }
                let slot = self.insertion_slot(key);
                self.slots[slot] = Slot {
                    key,
                    count: 0.0,
                    average: 0.0,
                    epoch: self.epoch,
                };
                self.size += 1;
                slot
            }
        };
        self.refresh(slot);
        let entry = &mut self.slots[slot];
        entry.count += 1.0;
        entry.average = updated_average(entry.average, entry.count, reward);
    }

    /// Multiplies every count by γ, lazily.
    pub fn decay(&mut self) {
        if self.gamma != 1.0 {
            self.epoch += 1;
            self.unswept = self.mask + 1;
        }
    }

    /// Examines `slots` slots from where the last sweep stopped and removes entries decayed below the bound.
    pub fn sweep(&mut self, slots: usize) {
        if self.gamma == 1.0 || self.size == 0 {
            return;
        }
        let mut n = 0;
        while n < slots && self.unswept > 0 {
            n += 1;
            let i = self.cursor;
            if self.slots[i].key != EMPTY && self.slots[i].epoch != self.epoch {
                self.refresh(i);
                // The slot is refilled by the backward shift: look at it again.
                if self.slots[i].count < self.prune_below {
                    self.remove(i);
                    continue;
                }
            }
            self.cursor = (i + 1) & self.mask;
            self.unswept -= 1;
        }
    }

    /// Stores the decayed count (`count`) as of this epoch.
    fn refresh(&mut self, slot: usize) {
        let count = self.count(slot);
        let entry = &mut self.slots[slot];
        entry.count = count;
        entry.epoch = self.epoch;
    }

    fn home(&self, key: u64) -> usize {
        let mut h = key.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^= h >> 29;
        (h as usize) & self.mask
    }

    fn insertion_slot(&self, key: u64) -> usize {
        let mut i = self.home(key);
        while self.slots[i].key != EMPTY {
            i = (i + 1) & self.mask;
        }
        i
    }

    /// Backward-shift deletion: later entries of the probe run move up, so no tombstones are needed.
    fn remove(&mut self, slot: usize) {
        let mut hole = slot;
        let mut j = (slot + 1) & self.mask;
        while self.slots[j].key != EMPTY {
            let home = self.home(self.slots[j].key);
            // The entry at j may fill the hole unless its home lies cyclically in (hole, j].
            let stays = if hole <= j {
                home > hole && home <= j
            } else {
                home > hole || home <= j
            };
            if !stays {
                self.slots[hole] = self.slots[j];
                hole = j;
            }
            j = (j + 1) & self.mask;
        }
        self.slots[hole].key = EMPTY;
        self.size -= 1;
    }

    fn grow(&mut self) {
        let slots = (self.mask + 1) * 2;
        let old = std::mem::replace(&mut self.slots, vec![FREE; slots]);
        self.mask = slots - 1;
        self.cursor = 0;
        self.unswept = if self.epoch == 0 { 0 } else { slots };
        for entry in old.into_iter().filter(|e| e.key != EMPTY) {
            let to = self.insertion_slot(entry.key);
            self.slots[to] = entry;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::GramTable;

    #[test]
    fn averages_decays_lazily_and_prunes() {
        let mut t = GramTable::new(0.5, 1000, 0.5);
        t.add(7, 100.0);
        t.add(7, 0.0);
        let s = t.find(7).unwrap();
        assert_eq!(t.count(s), 2.0);
        assert_eq!(t.average(s), 50.0);
        t.decay();
        assert_eq!(t.count(s), 1.0);
        t.decay();
        t.decay();
        t.sweep(2048);
        assert_eq!(t.find(7), None);
        assert_eq!(t.size, 0);
    }

    #[test]
    fn a_read_stores_nothing() {
        let mut t = GramTable::new(0.6, 1000, 0.5);
        for _ in 0..3 {
            t.add(7, 50.0);
        }
        let s = t.find(7).unwrap();
        t.decay();
        assert_eq!(t.count(s), 3.0 * 0.6);
        t.decay();
        // Stored after the first read, the count would now be (3 * 0.6) * 0.6 = 1.0799999999999998.
        assert_eq!(t.count(s), 3.0 * 0.6f64.powi(2));
        assert_ne!(3.0 * 0.6f64.powi(2), 3.0 * 0.6 * 0.6);
    }

    #[test]
    fn every_decay_rearms_the_sweep() {
        let mut t = GramTable::new(0.5, 1000, 0.5);
        t.add(1, 10.0);
        t.decay();
        t.decay();
        t.sweep(1 << 12);
        assert_eq!(t.find(1), None);
        // Sweeping on after a full pass finds nothing; a new decay makes the next entry prunable again.
        t.add(2, 10.0);
        t.sweep(1 << 12);
        assert!(t.find(2).is_some());
        t.decay();
        t.decay();
        t.sweep(1 << 12);
        assert_eq!(t.find(2), None);
        assert_eq!(t.size, 0);
    }

    #[test]
    fn keeps_its_bound_and_finds_every_entry_after_growing() {
        let mut t = GramTable::new(1.0, 3000, 0.5);
        for k in 0..5000u64 {
            t.add(k * 7919, (k % 101) as f64);
        }
        assert_eq!(t.size, 3000);
        assert_eq!(t.dropped, 2000);
        for k in 0..3000u64 {
            let s = t.find(k * 7919).unwrap();
            assert_eq!(t.average(s), (k % 101) as f64);
        }
    }

    #[test]
    fn removal_keeps_probe_runs_intact() {
        let mut t = GramTable::new(0.1, 1 << 12, 0.5);
        for k in 0..600u64 {
            t.add(k, 1.0);
        }
        t.decay();
        for k in 0..300u64 {
            t.add(k, 1.0);
        }
        t.sweep(1 << 12);
        assert_eq!(t.size, 300);
        for k in 0..300u64 {
            assert!(t.find(k).is_some(), "entry {k} lost");
        }
    }
}
