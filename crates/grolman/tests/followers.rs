//! `first_followers`: who would follow first if a unit led away (docs/rules.md 1.3), checked
//! against the worked examples of docs/rules.md 5 and the turns the generator plays.

use grolman::notation::legal_turns;
use grolman::random::Xorshift;
use grolman::{
    first_followers, king_attacks, king_followed, king_followed_past, Bitboard, Board, Color, Position, Role,
    Rules, Square, Variant,
};

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn set(names: &[&str]) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    for n in names {
        b.set(sq(n));
    }
    b
}

#[test]
fn the_knight_follows_e4_and_nothing_follows_the_rook_from_h1() {
    let pos = Position::start();
    assert_eq!(
        first_followers(pos.board(), Color::White, sq("e2")),
        Some((Role::Knight, set(&["g1"])))
    );
    assert_eq!(
        first_followers(pos.board(), Color::White, sq("g1")),
        Some((Role::Rook, set(&["h1"])))
    );
    assert_eq!(first_followers(pos.board(), Color::White, sq("h1")), None);
    assert_eq!(
        first_followers(pos.board(), Color::Black, sq("e7")),
        Some((Role::Knight, set(&["g8"])))
    );
}

#[test]
fn the_bishop_re_blocks_behind_a_pinned_knight_and_the_king_follows_last() {
    let pos = Position::from_fen("4r1k1/8/8/8/8/8/4N3/4KB2 w - - 0 1").unwrap();
    assert_eq!(
        first_followers(pos.board(), Color::White, sq("e2")),
        Some((Role::Bishop, set(&["f1"])))
    );
    assert_eq!(
        first_followers(pos.board(), Color::White, sq("f1")),
        Some((Role::King, set(&["e1"])))
    );
}

#[test]
fn the_first_follower_is_the_one_the_generator_plays_when_lines_stay_as_they_were() {
    // Positions where no leading move opens or closes a line to the square it left.
    for fen in [
        grolman::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "4k3/8/8/8/8/8/3N4/4K3 w - - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let rules = Rules::new(Variant::Grolman);
        for turn in legal_turns(&pos, rules) {
            if turn.steps.len() < 2 || turn.code.starts_with("e1g1") || turn.code.starts_with("e1c1") {
                continue;
            }
            let (role, units) = first_followers(pos.board(), Color::White, turn.from).expect("a follower");
            let follower = turn.steps[1].from;
            assert!(units.contains(follower), "{fen}: {} ({:?})", turn.code, role);
        }
    }
}

#[test]
fn the_units_only_their_king_would_follow_are_those_first_followers_names_the_king_of_with_or_without_their_reach_given(
) {
    let mut rng = Xorshift(0x2545_f491_4f6c_dd1d);
    let mut found = 0;
    for _ in 0..4000 {
        // Crowded boards, so that the kings have units around them, pawns on their first
        // ranks among them.
        let board = rng.board(|rng| 8 + rng.below(20), |rng, _| rng.color());
        for color in Color::ALL {
            let king = board.king_of(color).unwrap();
            let mut expected = Bitboard::EMPTY;
            for v in king_attacks(king) & board.by_color(color) {
                if first_followers(&board, color, v).is_some_and(|(role, _)| role == Role::King) {
                    expected.set(v);
                }
            }
            assert_eq!(king_followed(&board, color), expected, "{color:?} in {board:?}");
            let mut reached = Bitboard::EMPTY;
            for (sq, piece) in board.pieces().filter(|&(_, p)| p.color == color) {
                if !matches!(piece.role, Role::Pawn | Role::King) {
                    reached |= Board::attacks_of(piece, sq, board.occupied());
                }
            }
            assert_eq!(
                king_followed_past(&board, color, reached),
                expected,
                "{color:?} in {board:?}"
            );
            found += expected.count();
        }
    }
    assert!(found > 500, "only {found} units followed by their king alone");
}
