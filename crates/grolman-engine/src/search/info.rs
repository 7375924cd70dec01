//! What a search is told (its [`Limits`], its [`Clock`]) and what it reports of each finished
//! iteration ([`Info`]: score, nodes, time, the expected line).

use grolman::{notation, Position, Rules, Turn};

use super::{MATE, MATE_BOUND};

/// When to stop searching.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The deepest iteration, in turns.
    pub depth: u32,
    /// Milliseconds of thinking; the search stops at once when they run out, and starts no new
    /// iteration after half of them.
    pub movetime_ms: Option<f64>,
    /// Nodes (positions searched), checked every few hundred nodes.
    pub nodes: Option<u64>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            depth: 64,
            movetime_ms: None,
            nodes: None,
        }
    }
}

impl Limits {
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth,
            ..Limits::default()
        }
    }

    pub fn movetime(ms: f64) -> Limits {
        Limits {
            movetime_ms: Some(ms),
            ..Limits::default()
        }
    }
}

/// What one finished iteration found.
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: u32,
    /// Centipawns for the side to move, or a mate score (see [`Info::mate_in`]).
    pub score: i32,
    pub nodes: u64,
    pub time_ms: f64,
    /// The expected line, as the keys of the positions after each turn ([`pv_turns`] names them).
    pub pv: Vec<u64>,
}

impl Info {
    pub fn nps(&self) -> f64 {
        self.nodes as f64 * 1000.0 / self.time_ms.max(0.001)
    }

    /// Moves to mate: positive when the side to move mates, negative when it is mated.
    pub fn mate_in(&self) -> Option<i32> {
        mate_in(self.score)
    }

    /// `+0.35`, `-1.20`, `#3` or `#-2`.
    pub fn score_text(&self) -> String {
        match self.mate_in() {
            Some(m) => format!("#{m}"),
            None => format!("{:+.2}", self.score as f64 / 100.0),
        }
    }
}

/// Moves to mate for a score, if it is a mate score.
pub fn mate_in(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score) / 2)
    } else {
        None
    }
}

/// The turns of a principal variation, in order, with their notation (slow: for display only).
/// Stops at the first key that no legal turn produces.
pub fn pv_turns(pos: &Position, rules: Rules, pv: &[u64]) -> Vec<Turn> {
    let mut out = Vec::new();
    let mut pos = pos.clone();
    for &key in pv {
        let Some(turn) = notation::legal_turns(&pos, rules)
            .into_iter()
            .find(|t| t.after.key() == key)
        else {
            break;
        };
        pos = turn.after.clone();
        out.push(turn);
    }
    out
}

/// A millisecond clock: any monotonic origin will do.
pub type Clock = Box<dyn Fn() -> f64>;

/// A clock on `std::time::Instant` (not available in the browser).
#[cfg(not(target_arch = "wasm32"))]
pub fn native_clock() -> Clock {
    let origin = std::time::Instant::now();
    Box::new(move || origin.elapsed().as_secs_f64() * 1000.0)
}
