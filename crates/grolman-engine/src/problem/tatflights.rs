//! Tatarstan chess: what tells, before its chain and phase are worked out, that a leading move
//! of the side to move (`us`) leaves the other king a flight after each of its turns, so that
//! none of them mates (the mate test, `problem/mate1.rs`, plays out only the leads it keeps).
//! Why a lead it drops mates with none of its turns (docs/rules.md 1.3-1.7, 3.2-3.5):
//! - A flight `f` is a neighbour of their king that none of their units holds. Our turn moves
//!   none of theirs (it may take one), so after it their king may lead to `f`, taking what
//!   stands there. That turn of theirs is legal unless, at its end (after their chain and the
//!   phase that follows it), a unit of ours attacks `f`.
//! - Our chain leaves our units where they stood but on the closure `D` of the leader's square
//!   (`grolman::Behind`), one square of which stays empty; the units on `D` then are of the
//!   kinds of `D`'s units but the leader's, and the leader stands on its destination `b`. Their
//!   turn moves none of ours: at its end our units stand there still (less one their king may
//!   take on `f`). So a line of ours to `f` passes none of our squares outside `D`, at most one
//!   of `D`, not `b`, and at most one of theirs: their chain leaves one of their squares empty
//!   (their king's own, when nothing follows), and our leader may have taken one on `b`.
//! - Both phases (after our turn and after theirs) find our units on those squares. A unit
//!   ends a phase of a kind it did not have only when a unit of ours of that kind defends it,
//!   so stands where that kind attacks it from on an empty board, or when it is a pawn on our
//!   last rank (it promotes to any kind). Kings neither change nor defend. So the kinds a unit
//!   may have are its own, and those that the units that may stand beside it may have and
//!   would defend it as, taken to a fixed point (capped by the kinds we may have at all,
//!   [`kinds_within`]).
//! - So if some flight is attacked, so understood, by no unit of ours after a leading move,
//!   their king escapes to it after every turn of that move. Castling and en passant empty two
//!   squares of ours and are always kept.

use grolman::{
    between, king_attacks, Behind, Bitboard, Board, Color, Lead, LeadKind, Position, Role, Square,
};

use super::kinds::{self, kinds_within, Kinds};
use super::tatchecks::attacked_from;

pub(super) struct TatarstanFlights {
    us: Color,
    ours: Bitboard,
    theirs: Bitboard,
    flights: Bitboard,
    /// The kinds that our units other than the king may have until the end of their reply.
    cap: Kinds,
    last_rank: Bitboard,
}

/// Our units after a turn led from one square, but the leader: the squares of those that are
/// not kings (one per square of the leader's closure `d` that a follower may end on), per kind
/// the squares of those that may have it, and the squares our king may stand on. No two units
/// share a square, so sets of squares say all that lists of units would.
#[derive(Clone, Copy)]
struct Units {
    squares: Bitboard,
    /// Per kind (`Role::ALL` order, none for the king): the units that may be of it.
    may_be: [Bitboard; 6],
    king: Bitboard,
    d: Bitboard,
    /// The flights that these units may attack, through lines that do not pass the leader's
    /// destination; per flight (in the order of the flights), the squares that all their lines
    /// to it pass (none when one attacks it by no line).
    covered: Bitboard,
    blockable: [Bitboard; 8],
    /// Per kind: the squares that a unit of them which may be of it defends as it.
    defended: [Bitboard; 6],
}

impl TatarstanFlights {
    /// `None` when their king has no flight: no lead is dropped.
    pub(super) fn of(pos: &Position) -> Option<TatarstanFlights> {
        let board = pos.board();
        let us = pos.turn();
        let theirs = board.by_color(us.other());
        let flights = king_attacks(board.king_of(us.other())?) & !theirs;
        flights.any().then_some(())?;
        Some(TatarstanFlights {
            us,
            ours: board.by_color(us),
            theirs,
            flights,
            cap: kinds_within(board, us, 1),
            last_rank: Bitboard::rank(us.last_rank()),
        })
    }

    /// Keeps of `leads` (leading moves of the position the filter was made for, on `board`)
    /// those after which every flight may be attacked; a lead dropped mates with no turn.
    /// What the others do is worked out once per square that leaders leave.
    pub(super) fn retain(&self, board: &Board, leads: &mut Vec<Lead>) {
        // Worked out in place: a copy of the units per leader square was a few per cent of a
        // Tatarstan helpmate's time (perf: memcpy under retain).
        let mut from = None;
        let mut others = Units::NONE;
        leads.retain(|lead| {
            if from != Some(lead.from) {
                from = Some(lead.from);
                self.others(board, lead.from, &mut others);
            }
            self.may_cover_all(board, lead, &others)
        });
    }

    /// Keeps of `leads` those whose leader may attack, from its destination, every flight
    /// that no other unit of ours may attack where it may stand at the end of their reply: a
    /// unit that does not lead ends on a square of ours (a follower on one its side left, our
    /// king's too when the king leads), as a kind we may have ([`kinds_within`]); our king,
    /// when it does not lead, on its square or a neighbour of ours (it follows one step). A
    /// test of the whole position, before any leader's chain is looked at.
    pub(super) fn retain_destinations(&self, board: &Board, leads: &mut Vec<Lead>) {
        let king = board.king_of(self.us);
        let mut covered = self
            .ours
            .fold(Bitboard::EMPTY, |c, s| c | kinds::attacks(self.cap, self.us, s));
        if let Some(k) = king {
            let stands = (king_attacks(k) & self.ours).with(k);
            covered |= stands.fold(Bitboard::EMPTY, |c, s| c | king_attacks(s));
        }
        let rest = self.flights & !covered;
        if rest.is_empty() {
            return;
        }
        let (mut by_unit, mut by_king) = (Bitboard::ALL, Bitboard::ALL);
        for f in rest {
            by_unit &= Role::STAGES
                .into_iter()
                .filter(|&r| self.cap.has(r))
                .fold(Bitboard::EMPTY, |a, r| a | attacked_from(self.us, r, f));
            by_king &= king_attacks(f);
        }
        leads.retain(|lead| {
            matches!(lead.kind, LeadKind::Castle(_) | LeadKind::EnPassant)
                || match Some(lead.from) == king {
                    true => by_king.contains(lead.to),
                    false => by_unit.contains(lead.to),
                }
        });
    }

    /// Our units but a leader from `from`, their kinds widened, into `u`.
    fn others(&self, board: &Board, from: Square, u: &mut Units) {
        let behind = Behind::of_chain(board, self.us, from);
        let d = behind.vacated;
        *u = Units { d, ..Units::NONE };
        for sq in self.ours & !d {
            match board.role_at(sq) {
                Some(Role::King) => u.king.set(sq),
                Some(r) => u.push(sq, Kinds::of(r)),
                None => {}
            }
        }
        let followers = Role::STAGES
            .into_iter()
            .filter(|r| behind.kinds[r.index()])
            .fold(Kinds::NONE, |k, r| k.or(Kinds::of(r)));
        if behind.kinds[Role::King.index()] {
            u.king |= d;
        }
        if followers != Kinds::NONE {
            for v in d {
                u.push(v, followers);
            }
        }
        self.widen(u);
        let king_covers = u.king.fold(Bitboard::EMPTY, |c, k| c | king_attacks(k));
        for (j, f) in self.flights.into_iter().enumerate() {
            if king_covers.contains(f) {
                u.covered.set(f);
                u.blockable[j] = Bitboard::EMPTY;
            }
            for s in self.attackers(u, f) {
                if self.open_past(d, s, f) {
                    u.covered.set(f);
                    u.blockable[j] &= between(s, f);
                }
            }
        }
    }

    /// Whether every flight may be attacked at the end of their reply to a turn of `lead`, the
    /// other units of ours being `u`.
    fn may_cover_all(&self, board: &Board, lead: &Lead, u: &Units) -> bool {
        if matches!(lead.kind, LeadKind::Castle(_) | LeadKind::EnPassant) {
            return true;
        }
        let Some(role) = board.role_at(lead.from) else {
            return true;
        };
        let b = lead.to;
        // The flights that the others attack whatever the leader does.
        let mut covered = match role {
            Role::King => king_attacks(b),
            _ => Bitboard::EMPTY,
        };
        for (j, f) in self.flights.into_iter().enumerate() {
            if u.covered.contains(f) && !u.blockable[j].contains(b) {
                covered.set(f);
            }
        }
        let rest = self.flights & !covered;
        if rest.is_empty() || role == Role::King {
            return rest.is_empty();
        }
        // The leader's kinds, when it turns none of the others into a kind they may not have.
        let mut k = Role::STAGES
            .into_iter()
            .filter(|r| u.defended[r.index()].contains(b))
            .fold(Kinds::of(lead.promotion.unwrap_or(role)), |k, r| {
                k.or(Kinds::of(r))
            });
        if k.has(Role::Pawn) && self.last_rank.contains(b) {
            k = Kinds::ALL;
        }
        let k = k.and(self.cap.or(Kinds::of(lead.promotion.unwrap_or(role))));
        let widens = Role::STAGES.into_iter().any(|r| {
            k.has(r) && (kinds::attacks(Kinds::of(r), self.us, b) & u.squares & !u.may_be[r.index()]).any()
        });
        if !widens {
            return rest
                .into_iter()
                .all(|f| kinds::attacks(k, self.us, b).contains(f) && self.open(u.d, b, b, f));
        }
        let mut u = *u;
        u.push(b, Kinds::of(lead.promotion.unwrap_or(role)));
        self.widen(&mut u);
        let king_covers = u.king.fold(Bitboard::EMPTY, |c, k| c | king_attacks(k));
        (self.flights & !king_covers).into_iter().all(|f| {
            let mut attackers = self.attackers(&u, f);
            Iterator::any(&mut attackers, |s| self.open(u.d, b, s, f))
        })
    }

    /// The kinds each unit may have after the phases: its own and those the others may defend
    /// it as, to a fixed point; a pawn on our last rank may be of any kind. Each round widens
    /// by what the kinds of the round before defend, as the stages would.
    fn widen(&self, u: &mut Units) {
        loop {
            // Per kind, the squares that a unit which may be of it defends as it.
            let mut defended = [Bitboard::EMPTY; 6];
            for r in Role::STAGES {
                let kind = Kinds::of(r);
                defended[r.index()] =
                    u.may_be[r.index()].fold(Bitboard::EMPTY, |a, s| a | kinds::attacks(kind, self.us, s));
            }
            let mut may_be = u.may_be;
            for r in Role::STAGES {
                if self.cap.has(r) {
                    may_be[r.index()] |= defended[r.index()] & u.squares;
                }
            }
            // A pawn on our last rank promotes to any kind we may have.
            let promoted = may_be[Role::Pawn.index()] & self.last_rank;
            for r in Role::STAGES {
                if self.cap.has(r) {
                    may_be[r.index()] |= promoted;
                }
            }
            if may_be == u.may_be {
                u.defended = defended;
                return;
            }
            u.may_be = may_be;
        }
    }

    /// The units of `u` that may attack `f` as a kind they may have, lines aside.
    fn attackers(&self, u: &Units, f: Square) -> Bitboard {
        Role::STAGES.into_iter().fold(Bitboard::EMPTY, |a, r| {
            a | (attacked_from(self.us, r, f) & u.may_be[r.index()])
        })
    }

    /// Whether a line from `s` to `f` may be open at the end of their reply: it passes no
    /// square of ours outside `d`, at most one of `d`, not `b` (unless it starts there), and
    /// at most one of theirs but `b`.
    fn open(&self, d: Bitboard, b: Square, s: Square, f: Square) -> bool {
        !between(s, f).contains(b) && self.open_past(d, s, f)
    }

    /// [`TatarstanFlights::open`] but for the leader's destination.
    fn open_past(&self, d: Bitboard, s: Square, f: Square) -> bool {
        let line = between(s, f);
        let ours = line & self.ours;
        (ours & !d).is_empty() && !ours.more_than_one() && !(line & self.theirs).more_than_one()
    }
}

impl Units {
    /// No unit, no flight covered.
    const NONE: Units = Units {
        squares: Bitboard::EMPTY,
        may_be: [Bitboard::EMPTY; 6],
        king: Bitboard::EMPTY,
        d: Bitboard::EMPTY,
        covered: Bitboard::EMPTY,
        blockable: [Bitboard::ALL; 8],
        defended: [Bitboard::EMPTY; 6],
    };

    fn push(&mut self, sq: Square, kinds: Kinds) {
        self.squares.set(sq);
        for r in Role::STAGES {
            if kinds.has(r) {
                self.may_be[r.index()].set(sq);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grolman::random::positions;
    use grolman::{for_each_checking_turn_of, has_legal_turn, Position, Rules, Variant};

    /// Every Tatarstan leading move that [`TatarstanFlights`] drops, by its destination alone
    /// ([`TatarstanFlights::retain_destinations`]) or after that by its leader's chain, starts
    /// no turn that mates, on random positions; and it drops nearly half the leads that start a
    /// checking turn.
    #[test]
    fn the_tatarstan_flight_filter_drops_no_mating_turn() {
        let rules: Rules = Variant::Tatarstan.into();
        let (mut kept, mut dropped, mut mates, mut by_destination) = (0, 0, 0, 0);
        for pos in positions(6000, Color::White, 3, 0x5851_f42d_4c95_7f2d) {
            let Some(filter) = TatarstanFlights::of(&pos) else {
                continue;
            };
            let mut leads = Vec::new();
            grolman::leads(&pos, rules, &mut leads);
            let mut kept_leads = leads.clone();
            filter.retain_destinations(pos.board(), &mut kept_leads);
            by_destination += leads.len() - kept_leads.len();
            filter.retain(pos.board(), &mut kept_leads);
            for lead in leads {
                let keeps = kept_leads.contains(&lead);
                let mut checks = false;
                for_each_checking_turn_of(&pos, rules, &[lead], &mut |v| {
                    checks = true;
                    if !has_legal_turn(v.after, rules) {
                        assert!(keeps, "{} {lead:?}: the turn {:?} mates", pos.fen(), v.steps);
                        mates += 1;
                    }
                    false
                });
                if checks {
                    if keeps {
                        kept += 1;
                    } else {
                        dropped += 1;
                    }
                }
            }
        }
        assert!(
            mates > 5000 && dropped * 2 > kept && by_destination * 4 > dropped,
            "{mates} mates, {kept} checking leads kept, {dropped} dropped, {by_destination} leads by destination alone"
        );
    }

    /// A king that follows its leader covers flights from its new square: Ba6-b7 mates only
    /// with Kb5-a6 following (the king then guards a7), which the random positions above
    /// rarely show; neither filter may drop it.
    #[test]
    fn a_following_king_covers_flights() {
        let rules: Rules = Variant::Tatarstan.into();
        let pos = Position::from_fen("k7/8/B7/1K3p2/8/6B1/8/8 w - - 0 1").unwrap();
        let filter = TatarstanFlights::of(&pos).expect("a black king");
        let mut leads = Vec::new();
        grolman::leads(&pos, rules, &mut leads);
        let mating: Vec<Lead> = leads
            .iter()
            .copied()
            .filter(|&lead| {
                let mut mates = false;
                for_each_checking_turn_of(&pos, rules, &[lead], &mut |v| {
                    mates |= !has_legal_turn(v.after, rules) && v.steps.len() == 2;
                    false
                });
                mates
            })
            .collect();
        assert!(!mating.is_empty(), "the position must still hold the mate");
        filter.retain_destinations(pos.board(), &mut leads);
        filter.retain(pos.board(), &mut leads);
        for lead in mating {
            assert!(leads.contains(&lead), "{lead:?} dropped");
        }
    }
}
