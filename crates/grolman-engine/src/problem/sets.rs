//! Sets of requirements of a mate (`problem/intelligent.rs`): which of the check and the
//! flights of a mating square a way of spending moves meets, kept as a few bit sets.

/// Requirements as bits: bit 0 the check, bit `i` the flight `needs[i]`.
pub(super) type Needs = u16;

/// A few requirement sets, none inside another. When full, a new set is merged into the last
/// one: a larger set is a weaker claim, so the bound stays sound.
#[derive(Clone, Copy)]
pub(super) struct Sets {
    pub(super) len: usize,
    pub(super) items: [Needs; 16],
}

impl Sets {
    pub(super) const EMPTY: Sets = Sets {
        len: 0,
        items: [0; 16],
    };

    pub(super) fn one(s: Needs) -> Sets {
        let mut sets = Sets::EMPTY;
        sets.push(s);
        sets
    }

    pub(super) fn as_slice(&self) -> &[Needs] {
        &self.items[..self.len]
    }

    pub(super) fn push(&mut self, s: Needs) {
        if self.as_slice().iter().any(|&k| k & s == s) {
            return;
        }
        let mut kept = 0;
        for i in 0..self.len {
            let k = self.items[i];
            if k & s != k {
                self.items[kept] = k;
                kept += 1;
            }
        }
        self.len = kept;
        if self.len == self.items.len() {
            self.items[self.len - 1] |= s;
        } else {
            self.items[self.len] = s;
            self.len += 1;
        }
    }

    /// Every union of a set of `self` and a set of `other`.
    pub(super) fn join(&self, other: &Sets, into: &mut Sets) {
        for &a in self.as_slice() {
            for &b in other.as_slice() {
                into.push(a | b);
            }
        }
    }
}
