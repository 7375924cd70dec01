//! Tests of the bound's memory for the last ply.

use super::*;
use crate::problem::mate1::mates_in_one;
use grolman::for_each_turn;
use grolman::random::{position_of, Xorshift};

/// Two [`Near`]s pack alike only when they are equal (the memory keeps the packing, not
/// the [`Near`]): random ones with their king on every square, edges and corners among
/// them, each beside its copies with one held square, one unit's kind or square, the
/// king, a colour, castling, the rule set or the turns changed.
#[test]
fn a_near_is_packed_whole() {
    let mut rng = Xorshift(0x1f83_d9ab_fb41_bd6b);
    let mut seen: std::collections::HashMap<[u64; 4], Near> = std::collections::HashMap::new();
    let mut put = |near: Near| {
        let key = near.packed();
        let first = *seen.entry(key).or_insert(near);
        assert!(first == near, "two Nears packed as {key:x?}");
    };
    for i in 0..4000 {
        let king = Square::new((i % 64) as u8);
        let mut mating = [Bitboard::EMPTY; 6];
        let mut units = Bitboard::EMPTY;
        for _ in 0..1 + rng.below(12) {
            let sq = Square::new(rng.below(64) as u8);
            if sq != king && !units.contains(sq) {
                units.set(sq);
                mating[rng.role().index()].set(sq);
            }
        }
        let near = Near {
            variant: [Variant::Orthodox, Variant::Grolman, Variant::Tatarstan][rng.below(3) as usize],
            mated: rng.color(),
            king,
            mating_castles: rng.below(2) == 0,
            mating_turns: 1 + rng.below(3) as u32,
            held_around: Bitboard(rng.next_u64()) & king_attacks(king) & !units,
            mating,
        };
        put(near);
        for f in king_attacks(king) {
            put(Near {
                held_around: near.held_around ^ Bitboard::from_square(f),
                ..near
            });
        }
        for sq in units {
            let r = Role::ALL
                .into_iter()
                .position(|r| near.mating[r.index()].contains(sq))
                .unwrap();
            let mut other = near.mating;
            other[r].clear(sq);
            other[(r + 1 + rng.below(5) as usize) % 6].set(sq);
            put(Near {
                mating: other,
                ..near
            });
            // Onto an empty square: a Near is of a board, one unit a square.
            let to = Square::new(rng.below(64) as u8);
            if !(units | near.held_around).with(king).contains(to) {
                let mut moved = near.mating;
                moved[r].clear(sq);
                moved[r].set(to);
                put(Near {
                    mating: moved,
                    ..near
                });
            }
        }
        let k = Square::new(rng.below(64) as u8);
        if !units.contains(k) {
            put(Near {
                king: k,
                held_around: near.held_around & king_attacks(k),
                ..near
            });
        }
        put(Near {
            mated: near.mated.other(),
            ..near
        });
        put(Near {
            mating_castles: !near.mating_castles,
            ..near
        });
        put(Near {
            variant: Variant::Grolman,
            ..near
        });
        put(Near {
            mating_turns: near.mating_turns + 1,
            ..near
        });
    }
    assert!(seen.len() > 40_000, "{} Nears", seen.len());
}

/// The [`Near`] that [`Near::after`] works out from a leading move is the [`Near`] of the
/// position the turn leaves, on random orthodox positions (captures, king moves,
/// promotions and en passant among them).
#[test]
fn the_near_a_move_leaves_is_worked_out_without_playing_it() {
    let rules: Rules = Variant::Orthodox.into();
    let mut rng = Xorshift(0x2545_f491_4f6c_dd1d);
    let mut checked = 0;
    // En passant: the black pawn d4 takes e3.
    let mut positions = vec![Position::from_fen("8/8/8/k7/3pP3/8/8/4K2R b - e3 0 1").unwrap()];
    while positions.len() < 300 {
        let board = rng.board(|_| 10, |_, i| Color::ALL[i as usize % 2]);
        if let Some(pos) = position_of(board, Color::Black) {
            positions.push(pos);
        }
    }
    for pos in &positions {
        let near = Near::of(pos, rules, Color::Black, 1).unwrap();
        for_each_turn(pos, rules, false, &mut |v| {
            let played = Near::of(v.after, rules, Color::Black, 1).unwrap();
            assert!(
                near.after(pos.board(), &v.lead) == played,
                "{} {:?}",
                pos.fen(),
                v.lead
            );
            checked += 1;
            false
        });
    }
    assert!(checked > 1000);
}

/// The verdict worked out from a [`Near`] alone is [`mate_reachable`]'s on the position
/// it is the [`Near`] of, in all three rule sets, on random positions after each turn of
/// the mated side (so with its king moved, units beside it moved or taken, and the mating
/// side's units taken), with one turn and with two left to the mating side.
#[test]
fn the_verdict_on_a_near_is_the_bound_on_its_position() {
    let mut rng = Xorshift(0x5851_f42d_4c95_7f2d);
    let roles = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen];
    let (mut mates, mut none) = (0, 0);
    for variant in [Variant::Orthodox, Variant::Grolman, Variant::Tatarstan] {
        let rules: Rules = variant.into();
        let mut positions = 0;
        while positions < 150 {
            let board = rng.attack_board(&roles, 3, 7);
            let Some(pos) = position_of(board, Color::Black) else {
                continue;
            };
            positions += 1;
            for_each_turn(&pos, rules, false, &mut |v| {
                for mating_turns in [1, 2] {
                    let near = Near::of(v.after, rules, Color::Black, mating_turns).unwrap();
                    let verdict = near.sides().reachable(
                        (Bitboard::EMPTY, Bitboard::EMPTY),
                        0,
                        mating_turns,
                        &mut None,
                    );
                    let bound = mate_reachable(v.after, rules, Color::Black, 0, mating_turns, &mut None);
                    assert_eq!(verdict, bound, "{variant:?} {} {mating_turns}", v.after.fen());
                    if bound {
                        mates += 1;
                    } else {
                        none += 1;
                    }
                }
                false
            });
        }
    }
    // Both verdicts must be seen.
    assert!(mates > 1000 && none > 1000, "{mates} {none}");
}

/// A Grolman leading move of the mated side that [`Bound::may_follow_chain`] drops leaves,
/// after each of its turns, a position where White has no mate in one, on random
/// positions crowded enough for chains (kings among the followers); and it drops many. The
/// reference is the mate itself, not the bound on the position after: the bound merges
/// requirement sets when they are many, so its verdict may say "maybe" on a position and
/// "no" on the same with one more square held, while a real mate is never lost by holding
/// less.
#[test]
fn a_grolman_last_move_is_dropped_only_when_no_turn_of_it_allows_a_mate() {
    // Bc3-a1 with Bb4-c3: the king a5 could follow onto b4, but the queen f4, the weaker,
    // does, and White mates the king that stayed on a5 by Qxa7.
    let fixed = Position::from_fen("3K4/rQ1B4/5R1p/k3P1B1/1b3qq1/2b4P/8/8 b - - 0 1").unwrap();
    let (dropped, kept, _) = last_moves_dropped(Variant::Grolman.into(), fixed, 1500, 0x3c6e_f372_fe94_f82b);
    assert!(dropped > 1000 && kept > 1000, "{dropped} dropped, {kept} kept");
}

/// The same in Tatarstan chess, where the phase after the mated side's move may change
/// the kinds of the mating side's units: a move is judged only when it changes none.
/// Among the moves dropped, many after which the king may have followed.
#[test]
fn a_tatarstan_last_move_is_dropped_only_when_no_turn_of_it_allows_a_mate() {
    // Bc3-a1 with Bb4-c3: as in Grolman chess; the phase turns no unit of White's.
    let fixed = Position::from_fen("3K4/rQ1B4/5R1p/k3P1B1/1b3qq1/2b4P/8/8 b - - 0 1").unwrap();
    let (dropped, kept, followed) =
        last_moves_dropped(Variant::Tatarstan.into(), fixed, 3000, 0x9e37_79b9_7f4a_7c15);
    assert!(
        dropped > 1000 && kept > 1000 && followed > 100,
        "{dropped} dropped ({followed} where the king may follow), {kept} kept"
    );
}

/// Black's leading moves that [`Bound::may_follow_chain`] drops on `fixed` and random
/// positions, each checked against the mate in one after every turn of it; the numbers
/// dropped, kept, and dropped where the king may follow.
fn last_moves_dropped(rules: Rules, fixed: Position, count: usize, seed: u64) -> (usize, usize, usize) {
    let mut rng = Xorshift(seed);
    let (mut dropped, mut kept, mut followed) = (0, 0, 0);
    let mut positions = vec![fixed];
    while positions.len() < count + 1 {
        let board = rng.board(|rng| 4 + rng.below(9), |_, i| Color::ALL[i as usize % 2]);
        if let Some(pos) = position_of(board, Color::Black) {
            positions.push(pos);
        }
    }
    for pos in positions {
        let mut bound = Bound::new();
        let last = bound.last_chain_move(&pos, rules, Color::Black).unwrap();
        let mut leads = Vec::new();
        grolman::leads(&pos, rules, &mut leads);
        for lead in leads {
            let behind = Behind::of_chain(pos.board(), Color::Black, lead.from);
            if bound.may_follow_chain(&last, pos.board(), &lead, &behind) {
                kept += 1;
                continue;
            }
            dropped += 1;
            let king = pos.board().king_of(Color::Black).unwrap();
            followed += usize::from(lead.from != king && behind.vacated.contains(king));
            grolman::for_each_turn_of(&pos, rules, &[lead], &mut |v| {
                assert!(!mates_in_one(v.after, rules), "{} {:?}", pos.fen(), v.steps);
                false
            });
        }
    }
    (dropped, kept, followed)
}

/// The memory answers for a [`Near`] only what was worked out for that [`Near`]: many random
/// ones (far more than the memory has slots for, so that many share a slot) asked of one
/// [`Bound`], each twice, against the verdict worked out afresh.
#[test]
fn a_verdict_is_remembered_for_its_own_near_only() {
    let mut rng = Xorshift(0x2545_f491_4f6c_dd1d);
    let mut bound = Bound::new();
    let (mut mates, mut none) = (0, 0);
    let mut asked = Vec::new();
    for i in 0..200_000 {
        let king = Square::new(rng.below(64) as u8);
        let mut mating = [Bitboard::EMPTY; 6];
        let mut units = Bitboard::EMPTY;
        for _ in 0..1 + rng.below(6) {
            let sq = Square::new(rng.below(64) as u8);
            if sq != king && !units.contains(sq) {
                units.set(sq);
                mating[rng.role().index()].set(sq);
            }
        }
        let near = Near {
            variant: [Variant::Orthodox, Variant::Grolman, Variant::Tatarstan][i % 3],
            mated: rng.color(),
            king,
            mating_castles: false,
            mating_turns: 1,
            held_around: Bitboard(rng.next_u64()) & king_attacks(king) & !units,
            mating,
        };
        let fresh = near
            .sides()
            .reachable((Bitboard::EMPTY, Bitboard::EMPTY), 0, 1, &mut None);
        assert_eq!(bound.verdict(near), fresh, "{:x?}", near.packed());
        asked.push((near, fresh));
        if fresh {
            mates += 1;
        } else {
            none += 1;
        }
    }
    for (near, fresh) in asked {
        assert_eq!(bound.verdict(near), fresh, "{:x?}", near.packed());
    }
    // Both verdicts must be seen, many of each.
    assert!(mates > 10_000 && none > 10_000, "{mates} {none}");
}

/// A Tatarstan turn of the mated side that [`Bound::at_chain_end`] rules out where its chain
/// ends (so that its phase is never worked out) leaves a position where White has no mate
/// in one, on random positions crowded enough for chains and phases; and many are ruled out.
#[test]
fn a_tatarstan_last_turn_is_dropped_at_its_chain_end_only_when_no_mate_follows() {
    let rules: Rules = Variant::Tatarstan.into();
    let mut rng = Xorshift(0x6a09_e667_f3bc_c908);
    let (mut dropped, mut kept, mut judged, mut positions) = (0, 0, 0, 0);
    while positions < 3000 {
        let board = rng.board(|rng| 4 + rng.below(9), |_, i| Color::ALL[i as usize % 2]);
        let Some(pos) = position_of(board, Color::Black) else {
            continue;
        };
        positions += 1;
        let mut bound = Bound::new();
        let mut leads = Vec::new();
        grolman::leads(&pos, rules, &mut leads);
        let mut passed = Vec::new();
        let mut chain_end = |end: &Position| {
            let verdict = bound.at_chain_end(end, rules, Color::Black);
            judged += usize::from(verdict.is_some());
            verdict != Some(false)
        };
        grolman::for_each_turn_of_judged(&pos, rules, &leads, &mut chain_end, &mut |v| {
            passed.push((v.steps.to_vec(), v.after.key()));
            false
        });
        grolman::for_each_turn_of(&pos, rules, &leads, &mut |v| {
            if passed.contains(&(v.steps.to_vec(), v.after.key())) {
                kept += 1;
            } else {
                dropped += 1;
                assert!(!mates_in_one(v.after, rules), "{} {:?}", pos.fen(), v.steps);
            }
            false
        });
    }
    assert!(
        dropped > 5000 && kept > 5000 && judged > dropped,
        "{dropped} dropped, {kept} kept, {judged} chain ends judged"
    );
}
