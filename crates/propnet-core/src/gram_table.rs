//! The statistics of NST's move sequences (paper 03, section 3.2) in a bounded open-addressing table: a key
//! packs the sequence's legal entries into one u64. The same design as core's TypeScript table
//! (packages/core/src/policy/gram-table.ts): decay (section 4) is lazy, a real move only advancing an epoch
//! and an entry's count being brought up to date when next touched; a sweep advancing a few slots per
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

pub struct GramTable {
    pub size: usize,
    /// New sequences not recorded because the table was full.
    pub dropped: u64,
    epoch: u32,
    cursor: usize,
    mask: usize,
    keys: Vec<u64>,
    counts: Vec<f64>,
    averages: Vec<f64>,
    epochs: Vec<u32>,
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
            mask: INITIAL_SLOTS - 1,
            keys: vec![EMPTY; INITIAL_SLOTS],
            counts: vec![0.0; INITIAL_SLOTS],
            averages: vec![0.0; INITIAL_SLOTS],
            epochs: vec![0; INITIAL_SLOTS],
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
            let k = self.keys[i];
            if k == EMPTY {
                return None;
            }
            if k == key {
                return Some(i);
            }
            i = (i + 1) & self.mask;
        }
    }

    /// The decayed visit count of an occupied slot.
    pub fn count(&mut self, slot: usize) -> f64 {
        self.refresh(slot);
        self.counts[slot]
    }

    pub fn average(&self, slot: usize) -> f64 {
        self.averages[slot]
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
                self.keys[slot] = key;
                self.counts[slot] = 0.0;
                self.averages[slot] = 0.0;
                self.epochs[slot] = self.epoch;
                self.size += 1;
                slot
            }
        };
        self.refresh(slot);
        let n = self.counts[slot] + 1.0;
        self.counts[slot] = n;
        self.averages[slot] = updated_average(self.averages[slot], n, reward);
    }

    /// Multiplies every count by γ, lazily.
    pub fn decay(&mut self) {
        if self.gamma != 1.0 {
            self.epoch += 1;
        }
    }

    /// Examines `slots` slots from where the last sweep stopped and removes entries decayed below the bound.
    pub fn sweep(&mut self, slots: usize) {
        if self.gamma == 1.0 || self.size == 0 {
            return;
        }
        let mut n = 0;
        while n < slots {
            n += 1;
            let i = self.cursor;
            if self.keys[i] != EMPTY && self.epochs[i] != self.epoch {
                self.refresh(i);
                // The slot is refilled by the backward shift: look at it again.
                if self.counts[i] < self.prune_below {
                    self.remove(i);
                    continue;
                }
            }
            self.cursor = (i + 1) & self.mask;
        }
    }

    fn refresh(&mut self, slot: usize) {
        let age = self.epoch - self.epochs[slot];
        if age == 0 {
            return;
        }
        self.counts[slot] *= self.gamma.powi(age as i32);
        self.epochs[slot] = self.epoch;
    }

    fn home(&self, key: u64) -> usize {
        let mut h = key.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^= h >> 29;
        (h as usize) & self.mask
    }

    fn insertion_slot(&self, key: u64) -> usize {
        let mut i = self.home(key);
        while self.keys[i] != EMPTY {
            i = (i + 1) & self.mask;
        }
        i
    }

    /// Backward-shift deletion: later entries of the probe run move up, so no tombstones are needed.
    fn remove(&mut self, slot: usize) {
        let mut hole = slot;
        let mut j = (slot + 1) & self.mask;
        while self.keys[j] != EMPTY {
            let home = self.home(self.keys[j]);
            // The entry at j may fill the hole unless its home lies cyclically in (hole, j].
            let stays = if hole <= j {
                home > hole && home <= j
            } else {
                home > hole || home <= j
            };
            if !stays {
                self.keys[hole] = self.keys[j];
                self.counts[hole] = self.counts[j];
                self.averages[hole] = self.averages[j];
                self.epochs[hole] = self.epochs[j];
                hole = j;
            }
            j = (j + 1) & self.mask;
        }
        self.keys[hole] = EMPTY;
        self.size -= 1;
    }

    fn grow(&mut self) {
        let slots = (self.mask + 1) * 2;
        let keys = std::mem::replace(&mut self.keys, vec![EMPTY; slots]);
        let counts = std::mem::replace(&mut self.counts, vec![0.0; slots]);
        let averages = std::mem::replace(&mut self.averages, vec![0.0; slots]);
        let epochs = std::mem::replace(&mut self.epochs, vec![0; slots]);
        self.mask = slots - 1;
        self.cursor = 0;
        for (i, &key) in keys.iter().enumerate() {
            if key == EMPTY {
                continue;
            }
            let to = self.insertion_slot(key);
            self.keys[to] = key;
            self.counts[to] = counts[i];
            self.averages[to] = averages[i];
            self.epochs[to] = epochs[i];
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
