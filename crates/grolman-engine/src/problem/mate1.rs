//! Mate in one turn by targeted generation: the last turn of a helpmate or of a direct mate
//! must give check, so only the turns that may give check are played out, and each is kept
//! only when it checks and leaves the other side without a legal turn.
//!
//! In orthodox and Grolman chess the leading moves whose turns cannot check are dropped before
//! any chain is walked ([`grolman::CheckFilter`]: the unit that moved, a line that the one
//! square left empty opens, a follower on a square that a chain may vacate), and in Grolman
//! chess those that cannot leave every flight of the other king attacked ([`Flights`]); a
//! check's escape is looked for among the king's leading moves first. In Tatarstan chess
//! a transformation may make any unit a checker; there the generator drops a turn that cannot
//! check before its transformation phase ([`grolman::for_each_checking_turn_of`]), and the
//! mate test drops the leading moves after which the other king keeps a flight
//! ([`TatarstanFlights`], `problem/tatflights.rs`).

use super::tatchecks::TatarstanChecks;
use super::tatflights::TatarstanFlights;
use grolman::{
    between, for_each_checking_turn_of, has_legal_turn, king_attacks, Behind, Bitboard, Board, CheckFilter,
    Color, Lead, LeadKind, Piece, Position, Role, Rules, Square, Variant, Visit,
};

use crate::turns::{mover_choices, steps_hash};

/// Whether the side to move has a turn that mates.
pub fn mates_in_one(pos: &Position, rules: Rules) -> bool {
    let mut mates = false;
    for_each_mating_candidate(pos, rules, &mut |v| {
        mates = !has_escape(v.after, rules);
        mates
    });
    mates
}

/// Whether the side to move has a turn that mates whatever the other side chooses in it: in
/// Tatarstan chess the other side owns the promotions of its units that the phase turns into
/// pawns on its last rank (docs/rules.md 3.5), and the mover picks only a group of turns
/// ([`crate::turns`]) of which every member must mate. Elsewhere a group is one turn.
///
/// Only checking turns are played out, and the groups are gathered from them alone: the other
/// side's choices change the kinds of its own units only (a unit turns only into the kind of a
/// unit of its colour that defends it), and whether the mover's units attack the other king
/// does not depend on those, so either every member of a group checks or none does.
pub fn forces_mate_in_one(pos: &Position, rules: Rules) -> bool {
    if rules.variant != Variant::Tatarstan {
        return mates_in_one(pos, rules);
    }
    let mover = pos.turn();
    // The groups of the run of turns with the same steps being visited (the generator gives a
    // run's turns one after another): each one's mover choices, and whether all its members
    // seen so far mate.
    let mut run = None;
    let mut groups: Vec<(u64, bool)> = Vec::new();
    let mut mates = false;
    for_each_mating_candidate(pos, rules, &mut |v| {
        let steps = steps_hash(v.steps);
        if run != Some(steps) || v.owner_promotions.is_empty() {
            if groups.iter().any(|&(_, all)| all) {
                mates = true;
                return true;
            }
            groups.clear();
            run = Some(steps);
        }
        let mate = !has_escape(v.after, rules);
        let chosen = mover_choices(v.after, mover, v.owner_promotions);
        match groups.iter_mut().find(|(c, _)| *c == chosen) {
            Some((_, all)) => *all &= mate,
            None => groups.push((chosen, mate)),
        }
        false
    });
    mates || groups.iter().any(|&(_, all)| all)
}

/// Whether the side to move, in check, has a legal turn. Its king's leading moves are tried
/// first: after a check they are what most often escapes.
fn has_escape(pos: &Position, rules: Rules) -> bool {
    if rules.variant == Variant::Tatarstan {
        return has_legal_turn(pos, rules);
    }
    let mut leads = Vec::with_capacity(64);
    grolman::leads(pos, rules, &mut leads);
    let king = pos.board().king_of(pos.turn());
    // The generator gives the king's leading moves last.
    let first_king = leads
        .iter()
        .position(|l| Some(l.from) == king)
        .unwrap_or(leads.len());
    leads.rotate_left(first_king);
    let mut any = false;
    grolman::for_each_turn_of(pos, rules, &leads, &mut |_| {
        any = true;
        true
    });
    any
}

/// Calls `visit` for every legal turn of the side to move that checks, in the order of
/// [`grolman::for_each_turn`]; the visitor returns `true` to stop.
pub fn for_each_checking_turn(pos: &Position, rules: Rules, visit: &mut impl FnMut(&Visit<'_>) -> bool) {
    checking_turns(pos, rules, false, visit);
}

/// [`for_each_checking_turn`] less, in Tatarstan chess, the turns of leading moves after which
/// the other king keeps a flight ([`TatarstanFlights`]): every turn that mates is among them,
/// whole groups of a leading move are left out.
fn for_each_mating_candidate(pos: &Position, rules: Rules, visit: &mut impl FnMut(&Visit<'_>) -> bool) {
    checking_turns(pos, rules, true, visit);
}

fn checking_turns(pos: &Position, rules: Rules, mating: bool, visit: &mut impl FnMut(&Visit<'_>) -> bool) {
    let mut leads = Vec::with_capacity(64);
    grolman::leads(pos, rules, &mut leads);
    if rules.variant == Variant::Tatarstan {
        let Some(filter) = TatarstanChecks::of(pos) else {
            return;
        };
        // The flights first by destination alone: that drops a third of the leads, before the
        // check filter looks at each leader's chain.
        let flights = TatarstanFlights::of(pos).filter(|_| mating);
        if let Some(flights) = &flights {
            flights.retain_destinations(pos.board(), &mut leads);
        }
        filter.retain(pos.board(), &mut leads);
        if let Some(flights) = &flights {
            flights.retain(pos.board(), &mut leads);
        }
    } else {
        let Some(filter) = CheckFilter::of(pos, rules) else {
            return;
        };
        if rules.variant == Variant::Grolman {
            Flights::of(pos).retain(pos, &filter, &mut leads);
        } else {
            filter.retain_where(pos, &mut leads, |_, _| true);
        }
    }
    for_each_checking_turn_of(pos, rules, &leads, visit);
}

/// Grolman chess: what tells, before its chain is walked, whether a leading move of the side
/// to move (`us`) may leave every flight of the other king attacked, as a mate needs. Why a
/// move it drops mates with none of its turns (docs/rules.md 1.3-1.7):
/// - A flight is a neighbour `f` of their king that none of their units holds; none moves in
///   our turn, so after it their king may lead to `f` (taking what stands there).
/// - That turn of theirs is legal unless a unit of ours attacks `f` at its end. Their chain
///   moves their units only onto squares that theirs have just left, so at its end they hold
///   every square they held but one (and `f`): a line of ours to `f` may pass one of theirs.
/// - Our chain (`Behind`: the closure `D` of the leader's square) leaves our units where they
///   stood but on `D`, one square of which stays empty at the end: a line of ours to `f` may
///   pass one of our units, one on `D`, and no other. The units that move are the leader (to
///   its destination) and followers of `D`'s kinds, which end on squares of `D` (a pawn
///   following onto our last rank may be of any kind); the others attack from where they
///   stand.
/// - So if some flight is attacked, so understood, by no unit of ours, their king escapes to it
///   after every turn of that leading move. (Castling and en passant are always kept.)
struct Flights {
    us: Color,
    ours: Bitboard,
    theirs: Bitboard,
    flights: Bitboard,
    /// Per flight, in the order of `flights`: our units that may attack it from where they
    /// stand through no unit of ours, and those that may do so through one, with that one.
    free: [Bitboard; 8],
    through_one: Vec<(u8, Square, Square)>,
}

impl Flights {
    fn of(pos: &Position) -> Flights {
        let board = pos.board();
        let us = pos.turn();
        let ours = board.by_color(us);
        let theirs = board.by_color(us.other());
        let flights = board
            .king_of(us.other())
            .map_or(Bitboard::EMPTY, |k| king_attacks(k) & !theirs);
        let mut free = [Bitboard::EMPTY; 8];
        let mut through_one = Vec::new();
        for (i, f) in flights.into_iter().enumerate() {
            for sq in ours {
                let role = board.role_at(sq).expect("occupied");
                if !Board::attacks_of(Piece::new(us, role), sq, Bitboard::EMPTY).contains(f) {
                    continue;
                }
                let between = between(sq, f);
                if (between & theirs).more_than_one() {
                    continue;
                }
                let blocking = between & ours;
                match blocking.first() {
                    None => free[i].set(sq),
                    Some(x) if !blocking.more_than_one() => through_one.push((i as u8, sq, x)),
                    Some(_) => {}
                }
            }
        }
        Flights {
            us,
            ours,
            theirs,
            flights,
            free,
            through_one,
        }
    }

    /// Keeps of `leads` those that `filter` keeps and that may leave every flight attacked.
    fn retain(&self, pos: &Position, filter: &CheckFilter, leads: &mut Vec<Lead>) {
        // What the units that stay and the followers cover is the same for each leading move
        // of one unit.
        let mut last: Option<(Square, Bitboard)> = None;
        filter.retain_where(pos, leads, |lead, behind| {
            let covered = match last {
                Some((from, covered)) if from == lead.from => covered,
                _ => {
                    let covered = self.covered_behind(behind);
                    last = Some((lead.from, covered));
                    covered
                }
            };
            self.may_all_be_covered(pos, lead, behind, covered)
        });
    }

    /// Whether a unit of ours of kind `role` on `from` may attack `f` at the end of a turn
    /// whose chain may vacate `vacated`.
    fn may_attack(&self, role: Role, from: Square, f: Square, vacated: Bitboard) -> bool {
        if !Board::attacks_of(Piece::new(self.us, role), from, Bitboard::EMPTY).contains(f) {
            return false;
        }
        let between = between(from, f);
        let blocking = between & self.ours;
        !(between & self.theirs).more_than_one()
            && !blocking.more_than_one()
            && (blocking & !vacated).is_empty()
    }

    /// The flights that the units which stay, or the followers, may attack at the end of a
    /// turn with `behind`, whatever its leader does.
    fn covered_behind(&self, behind: &Behind) -> Bitboard {
        let d = behind.vacated;
        let mut covered = Bitboard::EMPTY;
        for (i, f) in self.flights.into_iter().enumerate() {
            let by_staying = (self.free[i] & !d).any()
                || self
                    .through_one
                    .iter()
                    .any(|&(j, sq, x)| usize::from(j) == i && !d.contains(sq) && d.contains(x));
            let by_following = || {
                let promotes = behind.kinds[Role::Pawn.index()];
                let mut squares = d;
                Iterator::any(&mut squares, |v| {
                    Role::ALL.into_iter().any(|r| {
                        let arrives = behind.kinds[r.index()]
                            || (promotes && Role::PROMOTIONS.contains(&r) && v.rank() == self.us.last_rank());
                        arrives && self.may_attack(r, v, f, d)
                    })
                })
            };
            if by_staying || by_following() {
                covered.set(f);
            }
        }
        covered
    }

    /// Whether `lead`, with `behind` and the flights `covered` by the others, may leave every
    /// flight attacked.
    fn may_all_be_covered(&self, pos: &Position, lead: &Lead, behind: &Behind, covered: Bitboard) -> bool {
        if matches!(lead.kind, LeadKind::Castle(_) | LeadKind::EnPassant) {
            return true;
        }
        let Some(role) = lead.promotion.or_else(|| pos.board().role_at(lead.from)) else {
            return true;
        };
        (self.flights & !covered)
            .into_iter()
            .all(|f| self.may_attack(role, lead.to, f, behind.vacated))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grolman::random::{position_of, Xorshift};
    use grolman::{Board, Piece};

    /// Random Grolman positions of both kings and 4 to 14 other units, most of them the
    /// mating side's, either side to move: crowded enough for chains on both sides.
    fn crowded_grolman_positions(count: usize) -> Vec<Position> {
        let mut rng = Xorshift(0x2545_f491_4f6c_dd1d);
        let mut out = Vec::new();
        while out.len() < count {
            let mover = rng.color();
            let board = rng.board(
                |rng| 4 + rng.below(11),
                |rng, _| if rng.below(3) == 0 { mover.other() } else { mover },
            );
            if let Some(pos) = position_of(board, mover) {
                out.push(pos);
            }
        }
        out
    }

    /// Every Grolman leading move that [`Flights`] drops (of those the check filter keeps)
    /// starts no turn that mates, on random crowded positions; and it drops most of them.
    #[test]
    fn the_grolman_flight_filter_drops_no_mating_turn() {
        let rules: Rules = Variant::Grolman.into();
        let (mut kept, mut dropped, mut mates) = (0, 0, 0);
        for pos in crowded_grolman_positions(4000) {
            let Some(filter) = CheckFilter::of(&pos, rules) else {
                continue;
            };
            let mut checking = Vec::new();
            grolman::leads(&pos, rules, &mut checking);
            filter.retain_where(&pos, &mut checking, |_, _| true);
            let mut kept_leads = checking.clone();
            Flights::of(&pos).retain(&pos, &filter, &mut kept_leads);
            for lead in checking {
                let keeps = kept_leads.contains(&lead);
                for_each_checking_turn_of(&pos, rules, &[lead], &mut |v| {
                    if !has_legal_turn(v.after, rules) {
                        assert!(keeps, "{} {lead:?}: the turn {:?} mates", pos.fen(), v.steps);
                        mates += 1;
                    }
                    false
                });
                if keeps {
                    kept += 1;
                } else {
                    dropped += 1;
                }
            }
        }
        assert!(
            mates > 100 && dropped > kept,
            "{mates} mates, {kept} kept, {dropped} dropped"
        );
    }

    /// Random Tatarstan positions, White to move, where the phase often gives Black choices
    /// inside White's turn: Black pawns on the second rank defend Black units on the first,
    /// which turn into pawns there and promote as Black chooses.
    fn owner_choice_positions(count: usize) -> Vec<Position> {
        let mut rng = Xorshift(0x3c6e_f372_fe94_f82b);
        let mut out = Vec::new();
        while out.len() < count {
            let mut board = Board::default();
            rng.put(&mut board, Piece::new(Color::White, Role::King));
            rng.put(&mut board, Piece::new(Color::Black, Role::King));
            for _ in 0..1 + rng.below(3) {
                let pawn = Square::from_coords(rng.below(8) as u8, 1);
                let unit = Square::from_coords(rng.below(8) as u8, 0);
                let role = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen][rng.below(4) as usize];
                for (sq, role) in [(pawn, Role::Pawn), (unit, role)] {
                    if board.piece_at(sq).is_none() {
                        board.put(sq, Piece::new(Color::Black, role));
                    }
                }
            }
            for _ in 0..3 + rng.below(8) {
                let color = if rng.below(3) == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let role = rng.role();
                rng.put(&mut board, Piece::new(color, role));
            }
            if let Some(pos) = position_of(board, Color::White) {
                out.push(pos);
            }
        }
        out
    }

    /// [`forces_mate_in_one`] from checking turns alone is the mate in one of whole groups
    /// ([`crate::turns::children`]: some group all of whose members mate), on random
    /// Tatarstan positions with Black's choices inside White's turns; among them groups that
    /// only some of whose members mate.
    #[test]
    fn a_tatarstan_mate_in_one_needs_every_choice_of_the_other_side_to_mate() {
        let rules: Rules = Variant::Tatarstan.into();
        let (mut mates, mut split) = (0, 0);
        for pos in owner_choice_positions(3000) {
            let ch = crate::turns::children(&pos, rules);
            let mut expected = false;
            for g in 0..ch.groups.len() {
                let mating = ch
                    .members(g)
                    .iter()
                    .filter(|m| m.after.is_check() && !has_legal_turn(&m.after, rules))
                    .count();
                expected |= mating == ch.members(g).len();
                split += usize::from(mating > 0 && mating < ch.members(g).len());
            }
            assert_eq!(forces_mate_in_one(&pos, rules), expected, "{}", pos.fen());
            mates += usize::from(expected);
        }
        assert!(
            mates > 100 && split > 100,
            "{mates} mates, {split} groups mated by some members"
        );
    }
}
