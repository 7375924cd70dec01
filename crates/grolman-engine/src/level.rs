//! The five playing levels of the playground, one table for the page (through the wasm facade)
//! and for the match runner (`grolman match --a level=3`), which measured them: each level is
//! the search limits of its row. Tatarstan chess, whose positions have a couple of thousand
//! turns after the transformation phase, has its own rows.

use grolman::Variant;

use crate::search::Limits;

/// One playing level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// 1 (weakest) to 5.
    pub number: u32,
    /// The most time it thinks about one turn.
    pub movetime_ms: f64,
    /// The deepest it looks, in turns (0: as deep as the time allows).
    pub max_depth: u32,
    /// What playing it is like, for the page.
    pub meaning: &'static str,
}

/// The levels of the orthodox and Grolman games: depth-limited at the bottom (quick and
/// short-sighted), time-limited above. The shares of games won are those of `grolman match`
/// in Grolman chess, each level against the one below (README, "Playing strength").
const FAST: [Level; 5] = [
    Level {
        number: 1,
        movetime_ms: 100.0,
        max_depth: 1,
        meaning: "looks one turn ahead: it takes what is offered and misses every threat",
    },
    Level {
        number: 2,
        movetime_ms: 300.0,
        max_depth: 2,
        meaning: "sees your reply to its turn, but no further: it wins about 4 games in 5 against level 1",
    },
    Level {
        number: 3,
        movetime_ms: 500.0,
        max_depth: 0,
        meaning: "thinks up to half a second a turn: it sees short combinations and wins almost every game against level 2",
    },
    Level {
        number: 4,
        movetime_ms: 1500.0,
        max_depth: 0,
        meaning: "thinks up to 1.5 s a turn: it wins about 4 games in 5 against level 3",
    },
    Level {
        number: 5,
        movetime_ms: 4000.0,
        max_depth: 0,
        meaning: "thinks up to 4 s a turn, its full strength: it wins about 3 games in 4 against level 4",
    },
];

/// Tatarstan chess: each level looks one turn deeper than the one below where its time allows
/// (a search that runs out of time mid-depth falls back to the depth before, and starts no
/// depth after half its time), so each is at least the one below and stronger wherever its
/// depth fits. Natively depth 5 takes 1-8 s from the openings (two to three times depth 4), but
/// more than 15 minutes at load 20 after 1.e4, where level 5 then plays level 4's depth.
/// `grolman match` measured the steps by depth with the exchange-judged capture gain (README):
/// depth 2 over 1 +139 ± 62 (56-26-18 of 100), 3 over 2 +104 ± 58 (48-33-19 of 100), 5 over 4
/// +124 ± 97 (17-13-5 of 35, stopped for time), 4 over 3 +46 ± 30 (+17 to +77; 181-90-128 of
/// 399, all 200 openings with both colours less one game: a small step).
const TATARSTAN: [Level; 5] = [
    Level {
        number: 1,
        movetime_ms: 500.0,
        max_depth: 1,
        meaning: "looks one turn ahead, transformations included",
    },
    Level {
        number: 2,
        movetime_ms: 2000.0,
        max_depth: 2,
        meaning: "sees your reply to its turn: it wins more than half its games against level 1 and loses about 1 in 5",
    },
    Level {
        number: 3,
        movetime_ms: 20000.0,
        max_depth: 3,
        meaning: "looks three turns ahead where 20 s allow (else two): it wins about half its games against level 2 and loses 1 in 5",
    },
    Level {
        number: 4,
        movetime_ms: 60000.0,
        max_depth: 4,
        meaning: "looks four turns ahead where a minute allows (else three), slowly: it wins 4 games in 9 against level 3 and loses 1 in 3, only just shown to be stronger",
    },
    Level {
        number: 5,
        movetime_ms: 240000.0,
        max_depth: 5,
        meaning: "looks five turns ahead where 4 minutes allow (else four), its full strength: it wins about half its games against level 4 and loses 1 in 7",
    },
];

/// The table `variant` plays by, with its name.
fn table(variant: Variant) -> (&'static str, &'static [Level; 5]) {
    match variant {
        Variant::Tatarstan => ("tatarstan", &TATARSTAN),
        Variant::Orthodox | Variant::Grolman => ("fast", &FAST),
    }
}

/// The five levels of `variant`, weakest first.
pub fn levels(variant: Variant) -> &'static [Level; 5] {
    table(variant).1
}

/// The name of the table `variant` plays by ("fast" for orthodox and Grolman chess,
/// "tatarstan"): the page keys the levels' texts by it.
pub fn table_name(variant: Variant) -> &'static str {
    table(variant).0
}

/// Level `number` (1-5) of `variant`, or `None` for any other number.
pub fn level(variant: Variant, number: u32) -> Option<Level> {
    levels(variant).get((number as usize).wrapping_sub(1)).copied()
}

impl Level {
    /// The search limits of the level.
    pub fn limits(&self) -> Limits {
        Limits {
            depth: if self.max_depth == 0 { 64 } else { self.max_depth },
            movetime_ms: Some(self.movetime_ms),
            nodes: None,
        }
    }

    /// `3: up to 0.5 s` or `1: up to 0.1 s, depth 1`: what the level asks of the search.
    pub fn label(&self) -> String {
        // In tenths of a second, written with integers: formatting a float would bring some
        // 14 KB of float printing into the page's wasm, which shows these labels.
        let tenths = (self.movetime_ms / 100.0).round() as u64;
        let time = match (tenths / 10, tenths % 10) {
            (0, t) => format!("0.{t} s"),
            (s, 0) => format!("{s} s"),
            (s, t) => format!("{s}.{t} s"),
        };
        if self.max_depth == 0 {
            format!("{}: up to {time}", self.number)
        } else {
            format!("{}: up to {time}, depth {}", self.number, self.max_depth)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_variant_has_five_levels_numbered_one_to_five_that_never_think_less_than_the_one_below() {
        for variant in Variant::ALL {
            let ls = levels(variant);
            for (i, l) in ls.iter().enumerate() {
                assert_eq!(l.number as usize, i + 1);
                assert_eq!(level(variant, l.number), Some(*l));
            }
            for pair in ls.windows(2) {
                let depth = |l: &Level| if l.max_depth == 0 { u32::MAX } else { l.max_depth };
                assert!(pair[1].movetime_ms >= pair[0].movetime_ms && depth(&pair[1]) >= depth(&pair[0]));
                assert_ne!(pair[0], pair[1]);
            }
            assert_eq!(level(variant, 0), None);
            assert_eq!(level(variant, 6), None);
        }
    }

    #[test]
    fn each_tatarstan_level_looks_one_turn_deeper_than_the_one_below() {
        for (i, l) in levels(Variant::Tatarstan).iter().enumerate() {
            assert_eq!(l.max_depth as usize, i + 1, "level {}", l.number);
        }
    }

    #[test]
    fn a_label_names_the_time_and_any_depth_limit() {
        assert_eq!(
            level(Variant::Grolman, 1).unwrap().label(),
            "1: up to 0.1 s, depth 1"
        );
        assert_eq!(level(Variant::Grolman, 4).unwrap().label(), "4: up to 1.5 s");
        assert_eq!(
            level(Variant::Tatarstan, 5).unwrap().label(),
            "5: up to 240 s, depth 5"
        );
    }
}
