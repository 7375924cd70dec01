//! The last static evaluations, by key. A search evaluates many positions more than once: in
//! the next iteration, in the re-search after a reduction or a null window, through
//! transpositions. The evaluation depends only on what a position's key covers (placement with
//! kinds, side to move, en passant; the castling rights only make the key finer), so a position
//! found here under its whole key is not evaluated again. Nothing else is read from it: a miss
//! costs an evaluation, never a different score.

/// Slots of the table: 16 bytes each, 64 KB in all. A 1 MB table (1 << 16 slots) saved more
/// evaluations but cost more CPU time than they did, its look-ups missing the cache beside the
/// transposition table's (alternated rounds, CPU time: 1.13-1.25x slower than this size, which
/// runs as fast as no table within the noise).
const SLOTS: usize = 1 << 12;

pub(super) struct Evaluations {
    slots: Vec<Option<(u64, i32)>>,
}

impl Evaluations {
    pub(super) fn new() -> Evaluations {
        Evaluations {
            slots: vec![None; SLOTS],
        }
    }

    /// Forgets every evaluation (when the evaluation's weights change).
    pub(super) fn clear(&mut self) {
        self.slots.fill(None);
    }

    /// The evaluation of the position whose key is `key`: the one kept, or `evaluate()`'s,
    /// then kept in its slot in place of the last.
    pub(super) fn get_or(&mut self, key: u64, evaluate: impl FnOnce() -> i32) -> i32 {
        // The table indexes by the key's low bits: these slots by others.
        let slot = &mut self.slots[(key >> 40) as usize & (SLOTS - 1)];
        match *slot {
            Some((k, score)) if k == key => score,
            _ => {
                let score = evaluate();
                *slot = Some((key, score));
                score
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_evaluated_once_until_another_takes_its_slot_or_the_table_is_cleared() {
        let mut evals = Evaluations::new();
        let mut calls = 0;
        let mut get = |evals: &mut Evaluations, key: u64, score: i32| {
            evals.get_or(key, || {
                calls += 1;
                score
            })
        };
        let key = 0x1234_5678_9abc_def0;
        // Same slot (bits 40 and up), another key.
        let rival = key ^ 1;
        assert_eq!(get(&mut evals, key, 17), 17);
        assert_eq!(get(&mut evals, key, 99), 17);
        assert_eq!(get(&mut evals, rival, -5), -5);
        assert_eq!(get(&mut evals, key, 23), 23);
        evals.clear();
        assert_eq!(get(&mut evals, key, 31), 31);
        assert_eq!(calls, 4);
    }
}
