//! Multi-PV: the best few lines of a position, each found by a search that leaves out the root
//! turns of the lines found before it at the same depth.

use grolman::Position;

use super::{Engine, Info, Limits, MAX_PLY};
use crate::turns::Child;

impl Engine {
    /// The best `count` lines of `pos` (multi-PV), deepening one turn at a time within
    /// `limits`: at each depth the best line, then the best line that starts with another turn,
    /// and so on, best first. `on_depth` gets the lines of every finished depth. Returns the
    /// lines of the last finished depth (fewer than `count` when fewer turns exist; none when
    /// the side to move has none, or the limits ran out before depth 1 was done).
    pub fn search_lines(
        &mut self,
        pos: &Position,
        limits: &Limits,
        count: usize,
        on_depth: &mut dyn FnMut(&[Info]),
    ) -> Vec<Info> {
        let start_ms = (self.clock)();
        let mut lines = Vec::new();
        'deepen: for depth in 1..=limits.depth.clamp(1, MAX_PLY as u32 - 8) {
            let mut found: Vec<Info> = Vec::with_capacity(count);
            self.excluded.clear();
            for _ in 0..count {
                let spent = (self.clock)() - start_ms;
                let movetime_ms = limits.movetime_ms.map(|t| t - spent);
                if movetime_ms.is_some_and(|t| t <= 0.0) {
                    break 'deepen;
                }
                let one = Limits {
                    depth,
                    movetime_ms,
                    nodes: limits.nodes,
                };
                let Some(info) = self.search(pos, &one, &mut |_| {}) else {
                    break;
                };
                // A search cut short, or one that stopped below this depth for lack of time
                // (not because it found a mate), does not stand beside the finished lines.
                if self.aborted || (info.depth < depth && info.mate_in().is_none()) {
                    break 'deepen;
                }
                self.excluded.push(info.pv[0]);
                // A mate proven at a shallower depth holds at this one.
                found.push(Info { depth, ..info });
            }
            if found.is_empty() {
                break;
            }
            found.sort_by_key(|info| core::cmp::Reverse(info.score));
            on_depth(&found);
            lines = found;
            if lines.iter().all(|info| info.mate_in().is_some()) {
                break;
            }
        }
        self.excluded.clear();
        lines
    }

    pub(super) fn is_excluded(&self, members: &[Child]) -> bool {
        !self.excluded.is_empty() && members.iter().any(|m| self.excluded.contains(&m.key))
    }
}
