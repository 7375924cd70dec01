//! The last static evaluations, by key. A search evaluates many positions more than once: in
//! the next iteration, in the re-search after a reduction or a null window, through
//! transpositions. The evaluation depends only on what a position's key covers (placement with
//! kinds, side to move, en passant; the castling rights only make the key finer), so a position
//! found here under its whole key is not evaluated again. Nothing else is read from it: a miss
//! costs an evaluation, never a different score.

/// Slots of the table: 16 bytes each, 64 KB in all (96 KB while a slot was an `Option` of its
/// pair, 24 bytes). A table of 1 << 16 such slots saved more evaluations but cost more CPU time
/// than they did, its look-ups missing the cache beside the transposition table's (alternated
/// rounds, CPU time: 1.13-1.25x slower than this size, which ran as fast as no table within the
/// noise).
const SLOTS: usize = 1 << 12;

pub(super) struct Evaluations {
    /// A key and its evaluation (16 bytes: an `Option` of the pair took 24). A slot holds only
    /// keys whose bits 40 and up name it; an empty one holds [`empty`]'s, which names another.
    slots: Vec<(u64, i32)>,
}

/// The key an empty slot `index` holds: its bits 40 to 51 are `!index`, never `index`, so no
/// key that this slot may hold is equal to it.
fn empty(index: usize) -> (u64, i32) {
    (!((index as u64) << 40), 0)
}

impl Evaluations {
    pub(super) fn new() -> Evaluations {
        Evaluations {
            slots: (0..SLOTS).map(empty).collect(),
        }
    }

    /// Forgets every evaluation (when the evaluation's weights change).
    pub(super) fn clear(&mut self) {
        for (i, slot) in self.slots.iter_mut().enumerate() {
            *slot = empty(i);
        }
    }

    /// The evaluation of the position whose key is `key`: the one kept, or `evaluate()`'s,
    /// then kept in its slot in place of the last.
    pub(super) fn get_or(&mut self, key: u64, evaluate: impl FnOnce() -> i32) -> i32 {
        // The table indexes by the key's high bits: the transposition table by its low ones.
        let slot = &mut self.slots[(key >> 40) as usize & (SLOTS - 1)];
        if slot.0 == key {
            return slot.1;
        }
        let score = evaluate();
        *slot = (key, score);
        score
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

    #[test]
    fn an_empty_slot_answers_no_key_not_even_zero_or_another_slots_empty_mark() {
        let mut evals = Evaluations::new();
        let mut calls = 0;
        for key in [0, 1, empty(0).0, empty(5).0, empty(SLOTS - 1).0] {
            assert_eq!(
                evals.get_or(key, || {
                    calls += 1;
                    7
                }),
                7
            );
        }
        assert_eq!(calls, 5);
    }
}
