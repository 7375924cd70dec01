//! What a search is told (its [`Limits`], its [`Clock`]) and what it reports of each finished
//! iteration ([`Info`]: score, nodes, time, the expected line).

use grolman::{for_each_turn, notation, Position, Rules, Turn};

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

/// The turns of a principal variation, in order, with their notation (for display only).
/// Stops at the first key that no legal turn produces. Each turn's leading move is found
/// without events, and only its turns are named: a Tatarstan position has thousands of turns,
/// and naming them all was a tenth of a short search in the page.
pub fn pv_turns(pos: &Position, rules: Rules, pv: &[u64]) -> Vec<Turn> {
    let mut out = Vec::new();
    let mut pos = pos.clone();
    for &key in pv {
        let mut lead = None;
        for_each_turn(&pos, rules, false, &mut |v| {
            lead = (v.after.key() == key).then_some(v.lead);
            lead.is_some()
        });
        let Some(turn) = lead.and_then(|lead| {
            notation::legal_turns_where(&pos, rules, |l| *l == lead)
                .into_iter()
                .find(|t| t.after.key() == key)
        }) else {
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

#[cfg(test)]
mod tests {
    use super::*;
    use grolman::random::Xorshift;
    use grolman::Variant;

    #[test]
    fn a_line_is_named_as_the_whole_turn_list_names_it() {
        let mut rng = Xorshift(0x9a7e_11fe_5eed_0b1d);
        for variant in [Variant::Orthodox, Variant::Grolman, Variant::Tatarstan] {
            let rules: Rules = variant.into();
            let mut pos =
                Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                    .unwrap();
            for _ in 0..4 {
                // A line of two turns picked at random, each named by the first of every legal
                // turn that reaches its position (turns of other leaders may reach it too).
                let mut line = Vec::new();
                let mut named = Vec::new();
                let mut at = pos.clone();
                for _ in 0..2 {
                    let all = notation::legal_turns(&at, rules);
                    if all.is_empty() {
                        break;
                    }
                    let key = all[rng.below(all.len() as u64) as usize].after.key();
                    let turn = all.into_iter().find(|t| t.after.key() == key).unwrap();
                    line.push(key);
                    at = turn.after.clone();
                    named.push((turn.code, turn.notation, turn.fen));
                }
                let got: Vec<_> = pv_turns(&pos, rules, &line)
                    .into_iter()
                    .map(|t| (t.code, t.notation, t.fen))
                    .collect();
                assert_eq!(got, named, "{variant} {}", pos.fen());
                let Some(next) = named.first() else { break };
                pos = Position::from_fen(&next.2).unwrap();
            }
        }
    }
}
