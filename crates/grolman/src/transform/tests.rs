//! The set-wise stages against the plain reference, on random placements.

use super::{plain, stage, Kinds, LastRank};
use crate::board::{Board, Units};
use crate::random::Xorshift;
use crate::types::{Color, Piece, Role, Square};

/// A random placement, sparse to crowded, kings included now and then: legality does not
/// matter to a stage, and crowded boards make long cascades.
fn random_board(rng: &mut Xorshift) -> Board {
    let mut board = Board::empty();
    let density = 10 + rng.below(60);
    for sq in Square::all() {
        if rng.below(100) < density {
            let color = Color::ALL[rng.below(2) as usize];
            let kinds = if rng.below(8) == 0 { 6 } else { 5 };
            let role = Role::ALL[rng.below(kinds) as usize];
            board.put(sq, Piece::new(color, role));
        }
    }
    board
}

/// Every stage in order, the owners choosing at random, on the set-wise stages (with and
/// without events, on the board and on each colour alone) and on the plain ones: the same
/// units turn, with the same events and the same squares awaiting a choice.
#[test]
fn set_wise_stages_agree_with_the_plain_ones_on_random_placements() {
    let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
    let mut cascades = 0;
    for trial in 0..4000 {
        let start = random_board(&mut rng);
        let mut set_wise = start.clone();
        let mut quiet = start.clone();
        let mut reference = start.clone();
        let mut alone = Color::ALL.map(|c| Kinds::of(&start, c));
        for kind in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            let pawn_stage = kind == Role::Pawn;
            let (mut events, mut plain_events) = (Vec::new(), Vec::new());
            let mut last_rank = LastRank::default();
            let mut plain_last_rank = Vec::new();
            let changed = stage::<_, true>(
                &mut set_wise,
                kind,
                &mut events,
                pawn_stage.then_some(&mut last_rank),
            );
            let plain_changed = plain::stage::<true>(
                &mut reference,
                kind,
                &mut plain_events,
                pawn_stage.then_some(&mut plain_last_rank),
            );
            let mut quiet_last_rank = LastRank::default();
            stage::<_, false>(
                &mut quiet,
                kind,
                &mut Vec::new(),
                pawn_stage.then_some(&mut quiet_last_rank),
            );
            let mut alone_last_rank = [LastRank::default(), LastRank::default()];
            for (kinds, list) in alone.iter_mut().zip(&mut alone_last_rank) {
                stage::<_, false>(kinds, kind, &mut Vec::new(), pawn_stage.then_some(list));
            }
            let context = format!("trial {trial}, {kind:?} stage, from {}", start);
            assert_eq!(changed, plain_changed, "{context}");
            assert_eq!(events, plain_events, "{context}");
            assert!(set_wise == reference, "{context}");
            assert!(quiet == reference, "{context}");
            let listed: Vec<Square> = (0..last_rank.len()).filter_map(|i| last_rank.get(i)).collect();
            assert_eq!(listed, plain_last_rank, "{context}");
            assert_eq!(quiet_last_rank.len(), listed.len(), "{context}");
            for color in Color::ALL {
                let kinds = &alone[color.index()];
                for role in Role::ALL {
                    assert_eq!(
                        kinds.by_role(role),
                        reference.by_role(role) & reference.by_color(color),
                        "{context}, {color:?} alone"
                    );
                }
                let own = listed
                    .iter()
                    .filter(|&&sq| reference.by_color(color).contains(sq))
                    .count();
                assert_eq!(
                    alone_last_rank[color.index()].len(),
                    own,
                    "{context}, {color:?} alone"
                );
            }
            cascades += usize::from(
                events
                    .iter()
                    .any(|e| matches!(e, crate::Event::Transform { wave: 3.., .. })),
            );
            for sq in plain_last_rank {
                let role = Role::PROMOTIONS[rng.below(4) as usize];
                set_wise.set_role(sq, role);
                quiet.set_role(sq, role);
                reference.set_role(sq, role);
                for kinds in &mut alone {
                    if kinds.by_color(Color::White).contains(sq) || kinds.by_color(Color::Black).contains(sq)
                    {
                        super::Placement::retype(kinds, crate::Bitboard::from_square(sq), role);
                    }
                }
            }
        }
    }
    assert!(cascades > 500, "only {cascades} stages with a third wave");
}

/// The stages an evaluation looks ahead with ([`super::stages_ahead`]): every stage in order,
/// the units that become pawns on their last rank left pawns, as the plain stages leave them.
#[test]
fn the_stages_ahead_are_the_plain_stages_without_choices() {
    let mut rng = Xorshift(0x2545_f491_4f6c_dd1d);
    let mut changed = 0;
    for trial in 0..2000 {
        let start = random_board(&mut rng);
        let mut reference = start.clone();
        for kind in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            plain::stage::<false>(&mut reference, kind, &mut Vec::new(), None);
        }
        let ahead = super::stages_ahead(&start);
        assert!(ahead == reference, "trial {trial}, from {start}");
        changed += usize::from(ahead != start);
    }
    assert!(changed > 1000, "only {changed} placements changed");
}
