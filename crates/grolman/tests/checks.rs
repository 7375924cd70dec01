//! The turn generator's shortcuts for the solver, against the plain generation on random
//! positions in all three rule sets: the checking turns (`for_each_checking_turn_of`, which in
//! Tatarstan chess drops turns before their transformation phase) are exactly the turns that
//! check, and `has_legal_turn` (in Tatarstan chess by the perft counter's shared phases, stopped
//! at the first legal turn) says whether there is any.

use grolman::random::{position_of, Xorshift};
use grolman::{
    count_turns, for_each_checking_turn_of, for_each_turn, has_legal_turn, leads, write_code, Board,
    CheckFilter, Color, Piece, Position, Role, Rules, Variant,
};

/// A legal position of both kings and 2 to 10 other units (pawns on the last rank but one
/// now and then, to promote), either side to move.
fn random_position(rng: &mut Xorshift) -> Position {
    loop {
        let mut board = Board::empty();
        let mut pieces = vec![
            Piece::new(Color::White, Role::King),
            Piece::new(Color::Black, Role::King),
        ];
        for _ in 0..2 + rng.below(9) {
            let color = rng.color();
            let role = rng.role();
            pieces.push(Piece::new(color, role));
        }
        for piece in pieces {
            rng.put(&mut board, piece);
        }
        if let Some(pos) = position_of(board, rng.color()) {
            return pos;
        }
    }
}

/// Each turn visited, as its code and the position after it: every turn, or the checking
/// ones by `for_each_checking_turn_of`.
fn turns_where(pos: &Position, rules: Rules, checks_only: bool) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut visit = |v: &grolman::Visit<'_>| {
        out.push((write_code(v.steps, v.owner_promotions), v.after.fen()));
        false
    };
    if checks_only {
        let mut all = Vec::new();
        leads(pos, rules, &mut all);
        for_each_checking_turn_of(pos, rules, &all, &mut visit);
    } else {
        for_each_turn(pos, rules, false, &mut visit);
    }
    out.sort();
    out
}

#[test]
fn checking_turns_and_legal_turns_agree_with_the_plain_generation() {
    for variant in [Variant::Orthodox, Variant::Grolman, Variant::Tatarstan] {
        let rules: Rules = variant.into();
        let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15 ^ variant as u64);
        let (mut checking, mut in_check, mut stuck) = (0, 0, 0);
        for trial in 0..1500 {
            let pos = random_position(&mut rng);
            let context = format!("{variant:?}, trial {trial}: {}", pos.fen());
            let checks: Vec<(String, String)> = turns_where(&pos, rules, false)
                .into_iter()
                .filter(|(_, fen)| Position::from_fen(fen).unwrap().is_check())
                .collect();
            assert_eq!(turns_where(&pos, rules, true), checks, "{context}");
            let any = count_turns(&pos, rules) > 0;
            assert_eq!(has_legal_turn(&pos, rules), any, "{context}");
            checking += usize::from(!checks.is_empty());
            in_check += usize::from(pos.is_check());
            stuck += usize::from(!any);
        }
        eprintln!("{variant:?}: {checking} with checks, {in_check} in check, {stuck} without a turn");
        assert!(
            checking > 300 && in_check > 100 && stuck > 5,
            "{variant:?}: {checking} {in_check} {stuck}"
        );
    }
}

/// Every orthodox and Grolman turn that checks starts with a leading move that the
/// [`CheckFilter`] keeps, on random positions and on positions with discovered checks,
/// promotions, castling and en passant; and the filter drops leading moves.
#[test]
fn the_check_filter_keeps_every_checking_turn() {
    let fixed = [
        // A knight before a bishop and a pawn before a rook (discovered checks).
        "4k3/8/2N5/8/B7/3p4/4P3/4R1K1 w - - 0 1",
        // Promotions with check, one of them capturing.
        "1r2k3/P1P5/8/8/8/8/8/4K3 w - - 0 1",
        // Castling on either side, its rook checking.
        "5k2/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
        // En passant that opens the rank to the king.
        "8/8/8/R2Pp2k/8/8/8/K7 w - e6 0 1",
        // A follower that checks: after Nf3-xx the bishop follows and the rook behind it
        // follows into the bishop's square.
        "4k3/8/8/8/8/5N2/6B1/4K2R w - - 0 1",
    ];
    for variant in [Variant::Orthodox, Variant::Grolman] {
        let rules: Rules = variant.into();
        let mut rng = Xorshift(0x5851_f42d_4c95_7f2d ^ variant as u64);
        let (mut checking, mut dropped, mut kept) = (0, 0, 0);
        let positions = fixed
            .iter()
            .map(|f| Position::from_fen(f).unwrap())
            .chain((0..3000).map(|_| random_position(&mut rng)));
        for pos in positions {
            let Some(filter) = CheckFilter::of(&pos, rules) else {
                continue;
            };
            for_each_turn(&pos, rules, false, &mut |v| {
                if v.after.is_check() {
                    checking += 1;
                    assert!(
                        filter.may_check(&pos, &v.lead),
                        "{variant:?} {}: {:?}",
                        pos.fen(),
                        v.lead
                    );
                }
                false
            });
            let mut all = Vec::new();
            leads(&pos, rules, &mut all);
            // Kept together, the leads share what may follow each leader: the same ones kept.
            let mut retained = all.clone();
            filter.retain_where(&pos, &mut retained, |_, _| true);
            let one_by_one: Vec<_> = all
                .iter()
                .copied()
                .filter(|l| filter.may_check(&pos, l))
                .collect();
            assert_eq!(retained, one_by_one, "{variant:?} {}", pos.fen());
            for l in &all {
                if filter.may_check(&pos, l) {
                    kept += 1;
                } else {
                    dropped += 1;
                }
            }
        }
        eprintln!("{variant:?}: {checking} checking turns, leads kept {kept}, dropped {dropped}");
        assert!(checking > 1000 && dropped > kept, "{variant:?}");
    }
}
