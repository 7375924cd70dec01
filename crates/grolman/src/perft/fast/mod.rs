//! The fast counters: orthodox chess (`orthodox`, a fully legal generator with bulk counting at
//! the last ply), Grolman chess (`plies` above the last two plies, then `count` with
//! `expand` for the ply above the last) and Tatarstan chess (`tatarstan`, the last ply, with
//! `chain_states`). All are checked against the reference
//! [`super::perft`] by the golden counts of `tests/data` and by the tests below; with the
//! `check-fast-perft` feature every count they make is.
//!
//! # How the Grolman counter counts the last ply
//!
//! The kinds of units that have moved never matter (they are out of the chain, and only enemy
//! kinds attack our king), so a follower's promotion counts as four turns at once. A turn's
//! net change of occupancy is small: the leader's destination filled, the last vacated square
//! (and an en passant victim's) emptied; when the king stays put and was not in check, only
//! an emptied square between it and an aligned enemy slider can expose it.
//!
//! Our units are numbered weakest kind first (the lowest number of a set is of the weakest
//! kind in it). For each, the counter knows which of our squares it could step into if they
//! were vacated (its reach set, `Kept::reaches`; turned around, who reaches each square,
//! `Kept::reached_by`) and where it may lead to (`Kept::targets`). During a chain the
//! occupancy is the original one less the square waiting for a follower, plus the leader's
//! destination; whether the waiting square itself is occupied does not change who reaches it,
//! so the sets hold throughout, except where the leader's destination blocks a follower's line
//! (a `sensitive` square, counted apart). So the chains behind a leader are walked once
//! (`walk`), with the leader lifted off, and hold for every destination but those.
//!
//! The plain pass (not in check) sums, per leader, the chains that did not move the king times
//! the destinations that block no follower. The rest is counted apart: chains that moved the
//! king are judged (the destinations that leave it safe, a verdict kept per chain), a
//! destination that blocks a follower's line has its chains walked again with it blocked
//! (`Blocked`), and the chains that empty a pinned unit's square are taken back where they
//! expose the king. In check, the chains that did not move the king count with the
//! destinations that answer the check. Castling is walked with the same reach sets (it fills
//! and empties only back-rank squares, which no line passes to reach a waiting square), en
//! passant is played out on a copy.
//!
//! # What is kept from one position to the next, and while it holds
//!
//! Consecutive positions counted mostly differ in a few squares (the other side's turn), so
//! [`kept::Kept`] keeps, per level of the tree (`Scratch::levels`: the last ply, and the one
//! above it for `expand`), and works out again only where a changed square decided it:
//!
//! - The numbers: a unit keeps its number while it stands where a unit of its kind was
//!   numbered; a unit on a new square takes the number of one of its kind no longer there
//!   (both squares count as changed); all are renumbered only when a kind has more units than
//!   numbers, or the side to move changes. Units no longer there keep their numbers and have
//!   no moves.
//! - Each unit's moves (reach set, targets) hold while the squares that decided them
//!   (`moves_seen`) keep their units.
//! - A leader's chains (`chains`, in `kept_chains`) hold while no reach set of a square they
//!   vacate (`visited`) changes; all are dropped on renumbering or past `Kept::MAX_CHAINS`.
//! - A leader's plain sum (`plain_turns`) holds while its chains and its targets do
//!   (`plain_kept`); `plain_total` is always the sum of `plain_turns`.
//! - A verdict holds while the squares that decided it (`verdicts_seen`, per leader) keep
//!   their units: a change ends the leader's epoch (`epoch`), which drops its verdicts. A
//!   leader's turns counted apart (`apart_turns`) hold while its sum, its chains and its
//!   verdicts' epoch do (`apart_kept`); `apart_total` is always the sum of the `apart_turns`
//!   of `apart_kept`.
//! - The castling turns (`castled`) hold for the same castling rights while the squares that
//!   decided them keep their units and no reach set of a square their chains vacate changes.
//!
//! The two running totals are recomputed and compared in debug builds after every count
//! (`Kept::debug_check_totals`).

use crate::position::Position;
use crate::variant::{Rules, Variant};

mod castling;
mod chain_states;
mod count;
mod expand;
mod kept;
mod moves;
mod orthodox;
mod plies;
mod tatarstan;
mod walk;

/// Perft by the fast counter of the variant.
pub(super) fn perft(pos: &Position, rules: Rules, depth: u32) -> u64 {
    match (rules.variant, depth) {
        (_, 0) => 1,
        (Variant::Orthodox, _) => orthodox::perft(pos, depth),
        (Variant::Grolman, _) => {
            plies::grolman(&mut pos.clone(), rules, depth, &mut kept::Scratch::default())
        }
        (Variant::Tatarstan, _) => tatarstan::perft(pos, rules, depth, &mut tatarstan::Scratch::default()),
    }
}

/// Whether the side to move in a Tatarstan position has a legal turn, by the Tatarstan
/// counter (the other side's phase worked out once per occupancy, shared by the chains that
/// end with it), with scratch tables kept per thread.
pub(crate) fn tatarstan_has_legal_turn(pos: &Position, rules: Rules) -> bool {
    std::thread_local! {
        static SCRATCH: core::cell::RefCell<tatarstan::Scratch> = core::cell::RefCell::default();
    }
    SCRATCH.with(|s| tatarstan::any_legal(pos, rules, &mut s.borrow_mut()))
}

/// `n`, the count of a fast counter for `pos` to `depth`: with the `check-fast-perft` feature,
/// checked against the reference first.
///
/// # Panics
/// With that feature, when the counts differ (a bug in the fast counter).
#[inline(always)]
fn checked(pos: &Position, rules: Rules, depth: u32, n: u64) -> u64 {
    #[cfg(feature = "check-fast-perft")]
    assert_eq!(
        n,
        super::perft(pos, rules, depth),
        "fast perft {depth} of {} ({})",
        pos.fen(),
        rules.variant.name()
    );
    #[cfg(not(feature = "check-fast-perft"))]
    let _ = (pos, rules, depth);
    n
}

#[cfg(test)]
mod tests {
    use super::count::{self, count_grolman};
    use super::kept::Scratch;
    use super::*;
    use crate::turns::{count_turns, for_each_turn};
    use crate::variant::Variant;

    /// The six positions of the classic perft suite (docs/perft.md), and seven more: a pinned
    /// unit that leads, castling rights with a queen in the middle, a pawn that promotes as a
    /// follower, two about castling rights and castling followers, and two where a chain may
    /// end by emptying a pinned unit's square.
    fn positions() -> Vec<&'static str> {
        let mut fens = vec![
            crate::START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        ];
        fens.extend([
            "4r1k1/8/8/8/8/8/4N3/4KB2 w - - 0 1",
            "r3k2r/8/8/8/3q4/8/8/R3K2R w KQkq - 0 1",
            "1R6/1P6/7k/8/8/8/8/K7 w - - 0 1",
            // A leader may take a rook on its first square, and with it a castling right.
            "r3k2r/8/8/8/8/8/1B6/4K3 w kq - 0 1",
            // Black's knight leaving a3 lets the queen follow the castling rook, and then
            // either knight follow the queen.
            "7k/8/8/2N5/Q7/n1N5/1PP5/R3K3 b Q - 0 1",
            // The rook leaving g4 is followed by either knight; behind the one from e5 the
            // pinned bishop follows, and its square stays empty.
            "k7/8/8/b3N3/6R1/2B1N3/8/4K3 w - - 0 1",
            // The bishop leaving e4 is followed by the pinned knight, and the knight by the
            // rook, unless the bishop lands on c2 across the rook's line (or cannot, with
            // Black's rook on d3).
            "7k/3r4/8/b7/4B3/2N5/8/2R1K3 b - - 0 1",
        ]);
        fens.sort_unstable();
        fens.dedup();
        fens
    }

    /// Grolman with castling allowed (the default) and forbidden.
    fn both_castling_rules() -> [Rules; 2] {
        [
            Rules::new(Variant::Grolman),
            Rules {
                options: crate::Options { castling: false },
                ..Rules::new(Variant::Grolman)
            },
        ]
    }

    /// The fast counter against the general generator, on every position of small trees grown
    /// from positions with pins, checks, castling, en passant and promotions.
    #[test]
    fn counter_agrees_with_the_generator() {
        // One scratch for all, so that chains kept from one position are offered to the next
        // (tree order: siblings, but also a parent after its last child).
        fn walk(pos: &Position, rules: Rules, depth: u32, scratch: &mut Scratch, seen: &mut u32) {
            assert_eq!(
                count_grolman(pos, rules, scratch),
                count_turns(pos, rules),
                "{}",
                pos.fen()
            );
            *seen += 1;
            if depth > 0 {
                for_each_turn(pos, rules, false, &mut |v| {
                    walk(v.after, rules, depth - 1, scratch, seen);
                    false
                });
            }
        }
        let mut seen = 0;
        let mut scratch = kept::Scratch::default();
        for fen in positions() {
            let pos = Position::from_fen(fen).expect("fen");
            for rules in both_castling_rules() {
                walk(&pos, rules, 2, &mut scratch, &mut seen);
            }
        }
        assert!(seen > 10_000, "{seen} positions");
    }

    /// The Tatarstan counter's last ply against the general generator, on every position of
    /// small trees: the suite's positions, and some where units turn into pawns on their
    /// owner's last rank (the owners' choices, a follower promoting beside a pawn, a king that
    /// follows into the attack of a transformed unit).
    #[test]
    fn tatarstan_counter_agrees_with_the_generator() {
        let rules = Rules::new(Variant::Tatarstan);
        let mut fens = positions();
        fens.extend([
            // A rook that leads to e3 stops the pawn from following e2-e4.
            "7k/8/8/8/4R3/8/4P3/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/1p6/n3K3 w - - 0 1",
            "4k3/8/8/8/8/8/1p6/n3K3 b - - 0 1",
            "r3k3/1P6/8/8/8/8/1p6/n3K2R w K - 0 1",
            "1R6/P1P5/7k/8/8/8/8/R3K3 w Q - 0 1",
            "rn2k3/1P1P4/8/8/8/8/6p1/4K2N b - - 0 1",
        ]);
        let mut scratch = tatarstan::Scratch::default();
        let mut seen = 0;
        for fen in fens {
            let pos = Position::from_fen(fen).expect("fen");
            let mut check = |p: &Position| {
                assert_eq!(
                    tatarstan::count(p, rules, &mut scratch),
                    count_turns(p, rules),
                    "{}",
                    p.fen()
                );
                seen += 1;
            };
            check(&pos);
            let mut children = Vec::new();
            for_each_turn(&pos, rules, false, &mut |v| {
                children.push(v.after.clone());
                false
            });
            // Every child of the small positions, a sample of the crowded ones'.
            let step = (children.len() / 40).max(1);
            for child in children.iter().step_by(step) {
                check(child);
            }
        }
        assert!(seen > 300, "{seen} positions");
    }

    /// The in-place inner plies, and the last two plies played from kept chains, against the
    /// reference, three plies deep.
    #[test]
    fn inner_plies_agree_with_the_reference() {
        for fen in positions() {
            let pos = Position::from_fen(fen).expect("fen");
            for rules in both_castling_rules() {
                for depth in [2, 3] {
                    assert_eq!(
                        perft(&pos, rules, depth),
                        super::super::perft(&pos, rules, depth),
                        "{fen}"
                    );
                }
            }
        }
    }

    /// The counter keeps what it found from one position to the next: counting positions of
    /// many trees in a shuffled order on one scratch space, so that each follows one it is
    /// related to (a sibling, its parent, a cousin) or not at all (another tree, the other side
    /// to move), must find what the general generator finds for every one, at the last ply
    /// (`count_grolman`) and at the two above it (`expand`).
    #[test]
    fn shuffled_positions_counted_on_one_scratch_space_agree_with_the_generator() {
        let mut all = Vec::new();
        for fen in positions() {
            let pos = Position::from_fen(fen).expect("fen");
            for rules in both_castling_rules() {
                all.push((pos.clone(), rules));
                for_each_turn(&pos, rules, false, &mut |child| {
                    all.push((child.after.clone(), rules));
                    for_each_turn(child.after, rules, false, &mut |grandchild| {
                        all.push((grandchild.after.clone(), rules));
                        false
                    });
                    false
                });
            }
        }
        // Runs of related positions (a few consecutive ones of one tree), then a jump: a
        // fixed shuffle (xorshift), so that a failure repeats.
        let mut rng = crate::random::Xorshift(0x9e37_79b9_7f4a_7c15);
        let mut next = || rng.next_u64();
        let mut order = Vec::with_capacity(all.len());
        let mut at = 0usize;
        while order.len() < all.len() {
            if next() % 4 == 0 {
                at = (next() % all.len() as u64) as usize;
            } else {
                at = (at + 1 + (next() % 3) as usize) % all.len();
            }
            order.push(at);
        }
        let mut scratch = kept::Scratch::default();
        for (k, &i) in order.iter().enumerate() {
            let (pos, rules) = &all[i];
            assert_eq!(
                count_grolman(pos, *rules, &mut scratch),
                count_turns(pos, *rules),
                "position {k} of the sequence: {}",
                pos.fen()
            );
            if k % 16 == 0 {
                assert_eq!(
                    count::expand(pos, *rules, &mut scratch),
                    super::super::perft(pos, *rules, 2),
                    "position {k} of the sequence, depth 2: {}",
                    pos.fen()
                );
            }
        }
        assert!(order.len() > 15_000, "{} positions", order.len());
    }
}
