//! The solver's table of positions already proven or refuted: one verdict per position key,
//! number of turns left and kind of node, in a fixed number of slots (bounded memory). A slot
//! keeps the whole 64-bit key it was stored under, so a lookup returns only what was stored for
//! that key; when two keys want one slot, the one with more turns left (more work behind it)
//! stays in the first of the slot's two places and the newer one takes the second.

/// A verdict with the key it belongs to; `key == 0` is an empty place.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    depth: u32,
    value: bool,
}

/// A bounded table of verdicts.
pub struct Table {
    slots: Vec<[Entry; 2]>,
    mask: usize,
}

impl Table {
    /// A table of `2 * 2^bits` entries (16 bytes each).
    pub fn new(bits: u32) -> Table {
        Table {
            slots: vec![[Entry::default(); 2]; 1 << bits],
            mask: (1 << bits) - 1,
        }
    }

    /// The key of a node: the position's key mixed with what is asked of it, so that each
    /// (position, turns left, node kind) has a key of its own.
    pub fn key(position: u64, depth: u32, node: u32) -> u64 {
        let mut z = position ^ (u64::from(depth) << 8 | u64::from(node)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        // 0 marks an empty place.
        (z ^ (z >> 31)).max(1)
    }

    pub fn get(&self, key: u64) -> Option<bool> {
        self.slots[key as usize & self.mask]
            .iter()
            .find(|e| e.key == key)
            .map(|e| e.value)
    }

    /// Asks the processor to bring the slot of `key` into its cache ahead of a [`Table::get`]
    /// (a hint: nothing else changes). A node's children are looked up one after the other,
    /// each lookup a likely cache miss in a table of megabytes; asked for together, the misses
    /// overlap.
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let slot: *const [Entry; 2] = &self.slots[key as usize & self.mask];
            // SAFETY: a prefetch only hints the cache; it reads nothing and never faults (here
            // the address is of a slot of the table anyway).
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn put(&mut self, key: u64, depth: u32, value: bool) {
        let slot = &mut self.slots[key as usize & self.mask];
        let entry = Entry { key, depth, value };
        if slot[0].key == key || slot[0].key == 0 || depth >= slot[0].depth {
            if slot[0].key != key {
                slot[1] = slot[0];
            }
            slot[0] = entry;
        } else {
            slot[1] = entry;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_verdict_is_found_under_its_own_key_only() {
        let mut t = Table::new(4);
        let a = Table::key(12345, 3, 0);
        let b = Table::key(12345, 2, 0);
        t.put(a, 3, true);
        assert_eq!(t.get(a), Some(true));
        assert_eq!(t.get(b), None);
        t.put(b, 2, false);
        assert_eq!(t.get(b), Some(false));
        assert_eq!(t.get(a), Some(true));
    }

    #[test]
    fn a_full_slot_keeps_the_deepest_verdict() {
        // Two places per slot: with one slot, a third key pushes out the shallower of the two.
        let mut t = Table::new(0);
        let deep = Table::key(1, 5, 0);
        t.put(deep, 5, true);
        for i in 2..10 {
            t.put(Table::key(i, 1, 0), 1, false);
        }
        assert_eq!(t.get(deep), Some(true));
        assert_eq!(t.get(Table::key(9, 1, 0)), Some(false));
        assert_eq!(t.get(Table::key(8, 1, 0)), None);
    }
}
