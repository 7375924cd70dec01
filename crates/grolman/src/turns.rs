//! Whole turns: the leading move, the chain of followers, the transformation phase, and the
//! end-of-turn legality test (docs/rules.md 1.6). One generator serves perft, search and the board:
//! with `EXPLAIN` it also records the events of each turn. [`legal_turns`] builds the [`Turn`]s
//! (code, notation, events, position after) that the board, the engine and the CLI use.

use crate::bitboard::Bitboard;
use crate::chain;
use crate::entry;
use crate::movegen::{self, Lead, LeadKind};
use crate::notation::literature;
use crate::position::{Castling, Position};
use crate::step::{self, make_lead, unmake_lead, Made};
use crate::transform;
use crate::turn::{write_code, Event, FollowReason, OwnerPromotion, Step, Turn, TurnCode};
use crate::turn_error::{IllegalTurnError, IllegalTurnKind, TurnError};
use crate::types::{Color, Piece, Role, Square};
use crate::variant::Rules;

/// What a visitor of [`for_each_turn`] sees of one legal turn.
pub struct Visit<'a> {
    pub lead: Lead,
    pub steps: &'a [Step],
    pub owner_promotions: &'a [OwnerPromotion],
    /// Empty unless events were asked for.
    pub events: &'a [Event],
    pub after: &'a Position,
}

/// Calls `visit` for every legal turn of `pos` (one call per tie and promotion choice). The
/// visitor returns `true` to stop early. With `explain`, each visit carries the turn's events.
pub fn for_each_turn<F: FnMut(&Visit<'_>) -> bool>(
    pos: &Position,
    rules: Rules,
    explain: bool,
    visit: &mut F,
) {
    for_each_turn_where(pos, rules, explain, |_| true, visit);
}

/// [`for_each_turn`] for the turns whose leading move passes `lead_filter` (for example only
/// captures, for a quiescence search); the others are not played out at all.
pub fn for_each_turn_where<F: FnMut(&Visit<'_>) -> bool>(
    pos: &Position,
    rules: Rules,
    explain: bool,
    lead_filter: impl FnMut(&Lead) -> bool,
    visit: &mut F,
) {
    let mut leads = Vec::with_capacity(64);
    movegen::leads(pos, rules, &mut leads);
    leads.retain(lead_filter);
    if explain {
        Gen::<DynVisit, true>::new(pos, rules, visit).run(pos, &leads);
    } else {
        Gen::<DynVisit, false>::new(pos, rules, visit).run(pos, &leads);
    }
}

/// [`for_each_turn`] for the turns of the given leading moves only, in their order, without
/// events: a search generates the leading moves once ([`crate::leads`]), orders them, and plays
/// out the turns of each only when it reaches it (a cut-off leaves the others unplayed).
/// Leading moves that are not `pos`'s give nonsense.
pub fn for_each_turn_of<F: FnMut(&Visit<'_>) -> bool>(
    pos: &Position,
    rules: Rules,
    leads: &[Lead],
    visit: &mut F,
) {
    Gen::<_, false>::new(pos, rules, visit).run(pos, leads);
}

/// [`for_each_turn_of`] for the turns whose position at the end of the chain (the other side
/// to move, the transformation phase still to come) passes `chain_end`: the others' phases are
/// not worked out nor their positions copied. A solver that can judge a turn by what its chain
/// leaves (a bound on the position after it that the phase cannot change) drops it there.
pub fn for_each_turn_of_judged<F: FnMut(&Visit<'_>) -> bool>(
    pos: &Position,
    rules: Rules,
    leads: &[Lead],
    chain_end: &mut dyn FnMut(&Position) -> bool,
    visit: &mut F,
) {
    let mut gen = Gen::<_, false>::new(pos, rules, visit);
    gen.chain_end = Some(chain_end);
    gen.run(pos, leads);
}

/// Plays the whole turn of `lead` on `pos` in place, where leading moves have no chain
/// (orthodox chess): the leading move, then the other side to move. Returns whether the turn
/// is legal (docs/rules.md 1.6: the mover's king not attacked after it); an illegal turn leaves
/// `pos` played all the same. What [`for_each_turn_of`] does for such a move, on the caller's
/// copy: a search that keeps one copy per ply copies the position once per turn, not twice.
/// A `lead` that is not `pos`'s gives nonsense.
pub fn play_chainless(pos: &mut Position, lead: Lead) -> bool {
    let us = pos.turn;
    make_lead(pos, lead);
    step::finish_turn(pos);
    !pos.board.king_attacked(us)
}

/// [`for_each_turn_of`] for the turns that give check only: the mating turn of a problem must
/// check, and in Tatarstan chess most turns are dropped before their transformation phase
/// (when no unit of the mover may attack the other king after it, `transform::may_attack`).
pub fn for_each_checking_turn_of<F: FnMut(&Visit<'_>) -> bool>(
    pos: &Position,
    rules: Rules,
    leads: &[Lead],
    visit: &mut F,
) {
    let mut gen = Gen::<_, false>::new(pos, rules, visit);
    gen.checks_only = true;
    gen.run(pos, leads);
}

/// Whether the side to move has at least one legal turn.
pub fn has_legal_turn(pos: &Position, rules: Rules) -> bool {
    if rules.variant == crate::variant::Variant::Tatarstan {
        return crate::perft::tatarstan_has_legal_turn(pos, rules);
    }
    let mut any = false;
    for_each_turn(pos, rules, false, &mut |_| {
        any = true;
        true
    });
    any
}

/// The number of legal turns.
pub fn count_turns(pos: &Position, rules: Rules) -> u64 {
    let mut n = 0;
    for_each_turn(pos, rules, false, &mut |_| {
        n += 1;
        false
    });
    n
}

/// The turns of all leading moves call their visitor through `dyn` (`V` = [`DynVisit`]): one copy
/// of the generator for all their callers, which keeps the wasm small. Those of given leading
/// moves ([`for_each_turn_of`], [`for_each_checking_turn_of`]: the search's and the solver's) take
/// it as a type parameter: a direct call per turn, where in V8's wasm an indirect call costs a
/// table load and a signature check.
struct Gen<'a, V: FnMut(&Visit<'_>) -> bool + ?Sized, const EXPLAIN: bool> {
    rules: Rules,
    us: Color,
    lead: Lead,
    /// The turn's steps so far: the leader and at most 15 followers (a side has at most 16
    /// units), in an array, so that a generator for one leading move allocates nothing.
    steps: [Step; 16],
    len: usize,
    promotions: Vec<OwnerPromotion>,
    events: Vec<Event>,
    /// With `EXPLAIN`, the length of `events` before each follower of the chain walked.
    marks: Vec<usize>,
    visit: &'a mut V,
    stop: bool,
    /// Only the turns that give check are visited.
    checks_only: bool,
    /// Only the turns whose position at the chain's end passes it are finished.
    chain_end: Option<&'a mut dyn FnMut(&Position) -> bool>,
}

type DynVisit<'a> = dyn FnMut(&Visit<'_>) -> bool + 'a;

impl<'a, V: FnMut(&Visit<'_>) -> bool + ?Sized, const EXPLAIN: bool> Gen<'a, V, EXPLAIN> {
    fn new(pos: &Position, rules: Rules, visit: &'a mut V) -> Self {
        Gen {
            rules,
            us: pos.turn(),
            lead: Lead {
                from: Square::A1,
                to: Square::A1,
                promotion: None,
                kind: LeadKind::Quiet,
            },
            steps: [Step {
                from: Square::A1,
                to: Square::A1,
                promotion: None,
            }; 16],
            len: 0,
            promotions: Vec::new(),
            events: Vec::new(),
            marks: Vec::new(),
            visit,
            stop: false,
            checks_only: false,
            chain_end: None,
        }
    }

    /// Plays each leading move on one copy of `pos`, and takes it back after its turns.
    fn run(&mut self, pos: &Position, leads: &[Lead]) {
        if leads.is_empty() {
            return;
        }
        let mut next = pos.clone();
        for &lead in leads {
            self.lead(pos, &mut next, lead);
            if self.stop {
                return;
            }
        }
        debug_assert!(next == *pos, "every leading move taken back");
    }

    fn lead(&mut self, pos: &Position, next: &mut Position, lead: Lead) {
        let made = make_lead(next, lead);
        let Made {
            piece,
            capture,
            castle,
            ..
        } = made;
        if EXPLAIN {
            self.events.clear();
            self.events.push(Event::Lead {
                from: lead.from,
                to: lead.to,
                piece,
                capture,
                promotion: lead.promotion,
                castle,
                en_passant: lead.kind == LeadKind::EnPassant,
            });
            step::lapsed_rights(&mut self.events, pos.castling, next.castling);
        }
        self.lead = lead;
        self.steps[0] = Step {
            from: lead.from,
            to: lead.to,
            promotion: lead.promotion,
        };
        self.len = 1;
        if self.rules.variant.has_chain() {
            let (moved, vacated) = chain::after_lead(lead, castle);
            chain::walk(next, moved, vacated, self);
        } else {
            self.finish(next);
        }
        unmake_lead(next, lead, &made);
    }

    /// Ends the turn on `pos` (its chain walked): the transformation phase, then the visit of
    /// each legal turn. `pos` is back as it came when this returns.
    fn finish(&mut self, pos: &mut Position) {
        let fullmoves = step::finish_turn(pos);
        if self.chain_end.as_mut().is_some_and(|keep| !keep(pos)) {
            step::unfinish_turn(pos, fullmoves);
            return;
        }
        let steps = &self.steps[..self.len];
        let checks_only = self.checks_only;
        if !self.rules.variant.transforms() {
            self.stop = (!checks_only || pos.is_check())
                && emit(self.us, self.lead, steps, &[], &self.events, pos, self.visit);
        } else if self.phase_may_matter(pos) {
            let Gen {
                us,
                lead,
                promotions,
                events,
                visit,
                ..
            } = self;
            let mut emit = |after: &Position, events: &[Event], owner_promotions: &[OwnerPromotion]| {
                (!checks_only || after.is_check())
                    && emit(*us, *lead, steps, owner_promotions, events, after, &mut *visit)
            };
            self.stop = transform::phase::<EXPLAIN, _>(pos, *us, events, promotions, &mut emit);
        }
        step::unfinish_turn(pos, fullmoves);
    }

    /// Whether some outcome of the transformation phase on `pos` (the chain walked) may be
    /// visited: none when the mover's king is attacked after every one, or, for checks only,
    /// when the other king is attacked after none (`transform::must_attack`, `may_attack`).
    fn phase_may_matter(&self, pos: &Position) -> bool {
        let them = self.us.other();
        let board = &pos.board;
        if let Some(king) = board.king_of(self.us) {
            if transform::must_attack(board, them, king) {
                return false;
            }
        }
        !self.checks_only
            || board
                .king_of(them)
                .is_some_and(|k| transform::may_attack(board, self.us, k))
    }
}

/// The generator records each turn's steps and, with `EXPLAIN`, its events.
impl<V: FnMut(&Visit<'_>) -> bool + ?Sized, const EXPLAIN: bool> chain::Recorder for Gen<'_, V, EXPLAIN> {
    const EACH_PROMOTION: bool = true;

    fn candidates(
        &mut self,
        pos: &Position,
        unmoved: Bitboard,
        vacated: [Option<Square>; 2],
        best: chain::Followers<Bitboard>,
    ) -> FollowReason {
        let mut reason = chain::follow_reason(best);
        if EXPLAIN {
            let vacated: Vec<Square> = vacated.iter().flatten().copied().collect();
            let units = match best {
                Some(_) => chain::all_candidates(&pos.board, self.us, unmoved, &vacated),
                None => Vec::new(),
            };
            if units.len() == 1 {
                reason = FollowReason::Only;
            }
            self.events.push(Event::Candidates {
                vacated,
                units,
                weakest: best.map(|(role, _)| role),
                choice: reason == FollowReason::Choice,
            });
        }
        reason
    }

    fn follow(
        &mut self,
        pos: &Position,
        (from, to, promotion): (Square, Square, Option<Role>),
        role: Role,
        reason: FollowReason,
        before: Castling,
    ) {
        if EXPLAIN {
            self.marks.push(self.events.len());
            self.events.push(Event::Follow {
                from,
                to,
                piece: Piece::new(self.us, role),
                promotion,
                reason,
            });
            step::lapsed_rights(&mut self.events, before, pos.castling);
        }
        self.steps[self.len] = Step { from, to, promotion };
        self.len += 1;
    }

    fn unfollow(&mut self) {
        self.len -= 1;
        if EXPLAIN {
            if let Some(mark) = self.marks.pop() {
                self.events.truncate(mark);
            }
        }
    }

    fn end(&mut self, pos: &mut Position) -> u64 {
        self.finish(pos);
        0
    }

    fn stopped(&self) -> bool {
        self.stop
    }
}

/// Visits the turn that ends in `after` if it leaves the king of `us` unattacked (docs/rules.md
/// 1.6); returns whether the visitor asks to stop.
fn emit(
    us: Color,
    lead: Lead,
    steps: &[Step],
    owner_promotions: &[OwnerPromotion],
    events: &[Event],
    after: &Position,
    visit: &mut (impl FnMut(&Visit<'_>) -> bool + ?Sized),
) -> bool {
    if after.board.king_attacked(us) {
        return false;
    }
    visit(&Visit {
        lead,
        steps,
        owner_promotions,
        events,
        after,
    })
}

/// Every legal turn of `pos` with its code, notation, events and the position after it.
///
/// ```
/// use grolman::{notation::legal_turns, Position, Variant};
/// let turns = legal_turns(&Position::start(), Variant::Grolman.into());
/// assert_eq!(turns.len(), 20);
/// let e4 = turns.iter().find(|t| t.san == "e4").unwrap();
/// assert_eq!(e4.code, "e2e4,g1e2,h1g1");
/// ```
pub fn legal_turns(pos: &Position, rules: Rules) -> Vec<Turn> {
    legal_turns_where(pos, rules, |_| true)
}

/// The legal turns whose leading move passes `lead_filter`, as [`legal_turns`] gives them
/// (their SAN still disambiguated among all the leading moves). Cheaper when a Tatarstan
/// position has thousands of turns and only those of one leader are wanted.
pub fn legal_turns_where(pos: &Position, rules: Rules, lead_filter: impl FnMut(&Lead) -> bool) -> Vec<Turn> {
    legal_turns_judged(pos, rules, lead_filter, &mut |after| {
        !has_legal_turn(after, rules)
    })
}

/// [`legal_turns_where`], asking `stuck` whether the side to move in a position after a
/// checking turn has no legal turn (that turn mates): a solver that has judged those positions
/// already answers from its memory.
pub fn legal_turns_judged(
    pos: &Position,
    rules: Rules,
    mut lead_filter: impl FnMut(&Lead) -> bool,
    stuck: &mut dyn FnMut(&Position) -> bool,
) -> Vec<Turn> {
    let mut raw = Vec::new();
    for_each_turn_where(pos, rules, true, |l| lead_filter(l), &mut |v| {
        raw.push((
            v.lead,
            v.steps.to_vec(),
            v.owner_promotions.to_vec(),
            v.events.to_vec(),
            v.after.clone(),
        ));
        false
    });
    // SAN tells a unit's leading move apart from those of the others of its kind that reach
    // the same square. The leading moves that passed the filter are those of `raw` (each
    // turn's, in order); a second walk looks only for the rivals that the filter left out, so
    // that the whole-position query walks its turns once.
    let mut leads: Vec<Lead> = Vec::new();
    let mut targets = Bitboard::EMPTY;
    for r in &raw {
        if leads.last() != Some(&r.0) {
            leads.push(r.0);
        }
        if pos.board.role_at(r.0.from).is_some_and(|role| role != Role::Pawn) {
            targets = targets.with(r.0.to);
        }
    }
    if targets.any() {
        leads.extend(leading_moves_where(pos, rules, |l| {
            targets.contains(l.to) && !lead_filter(l)
        }));
    }
    raw.into_iter()
        .map(|(lead, steps, owner_promotions, events, after)| {
            let san = literature::san(pos, lead, &leads);
            let check = after.is_check();
            let mate = check && stuck(&after);
            let mut turn = Turn {
                code: write_code(&steps, &owner_promotions),
                notation: String::new(),
                san,
                from: lead.from,
                to: lead.to,
                fen: after.fen(),
                check,
                mate,
                events,
                steps,
                owner_promotions,
                after,
            };
            turn.notation = literature::write(&turn);
            turn
        })
        .collect()
}

/// The leading moves that start at least one legal turn, each once.
pub fn leading_moves(pos: &Position, rules: Rules) -> Vec<Lead> {
    leading_moves_where(pos, rules, |_| true)
}

/// [`leading_moves`] among those that pass `lead_filter`.
fn leading_moves_where(pos: &Position, rules: Rules, lead_filter: impl FnMut(&Lead) -> bool) -> Vec<Lead> {
    let mut leads: Vec<Lead> = Vec::new();
    for_each_turn_where(pos, rules, false, lead_filter, &mut |v| {
        if leads.last() != Some(&v.lead) {
            leads.push(v.lead);
        }
        false
    });
    leads
}

/// The legal turns of the leading move that a turn code starts with; an error naming the
/// leader when it has none.
pub(crate) fn leader_turns(
    pos: &Position,
    rules: Rules,
    code: &TurnCode,
    text: &str,
) -> Result<Vec<Turn>, IllegalTurnError> {
    let Some(first) = code.steps.first() else {
        return Err(IllegalTurnError::new(text, IllegalTurnKind::NoSteps));
    };
    let turns = legal_turns_where(pos, rules, |l| l.from == first.from && l.to == first.to);
    if turns.is_empty() {
        let kind = if leading_moves(pos, rules).iter().any(|l| l.from == first.from) {
            IllegalTurnKind::NoLeadTo {
                from: first.from,
                to: first.to,
            }
        } else {
            IllegalTurnKind::NoLeader(first.from)
        };
        return Err(IllegalTurnError::new(text, kind));
    }
    Ok(turns)
}

/// The legal turn of `pos` that a turn code (or a prefix of one that leaves no choice open)
/// names. Only the turns of its leading move are built.
///
/// ```
/// use grolman::{find_turn, Position, TurnError, Variant};
/// let pos = Position::from_fen("k7/8/8/8/8/5NN1/8/4K2R w K - 0 1").unwrap();
/// let rules = Variant::Grolman.into();
/// assert_eq!(find_turn(&pos, rules, "e1g1,g3h1").unwrap().notation, "O-O (Ng3-h1)");
/// let Err(TurnError::Ambiguous(open)) = find_turn(&pos, rules, "e1g1") else { panic!() };
/// assert_eq!(open.choice.options.len(), 2);
/// ```
///
/// # Errors
/// [`TurnError`]: a malformed code, no legal turn matching it, or a missing choice.
pub fn find_turn(pos: &Position, rules: Rules, text: &str) -> Result<Turn, TurnError> {
    let code = TurnCode::parse(text)?;
    find_by_code(&leader_turns(pos, rules, &code, text)?, text)
}

/// The legal turn among `turns` that a turn code (or a prefix of one that leaves no choice
/// open) names.
///
/// # Errors
/// [`TurnError`]: a malformed code, no legal turn matching it, or a missing choice.
pub fn find_by_code(turns: &[Turn], text: &str) -> Result<Turn, TurnError> {
    let code = TurnCode::parse(text)?;
    let matched: Vec<&Turn> = turns
        .iter()
        .filter(|t| code.matches(&t.steps, &t.owner_promotions))
        .collect();
    match matched[..] {
        [] => Err(entry::no_match(turns, &code, text).into()),
        [one] => Ok(one.clone()),
        _ => Err(TurnError::Ambiguous(entry::ambiguity(&matched, text))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Xorshift;
    use crate::variant::Variant;

    #[test]
    fn a_chainless_turn_played_in_place_is_the_generators_turn_and_legal_when_it_is() {
        let rules: Rules = Variant::Orthodox.into();
        let mut rng = Xorshift(0x0c4a_1e55_7e57);
        for fen in [
            crate::position::START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            // En passant, promotions by push and capture, castling through an attack.
            "r3k2r/1P4b1/8/3pP3/8/8/6p1/R3K2R w KQkq d6 0 1",
        ] {
            let mut pos = Position::from_fen(fen).unwrap();
            for _ in 0..60 {
                let mut leads = Vec::new();
                movegen::leads(&pos, rules, &mut leads);
                let mut turns = Vec::new();
                for_each_turn_of(&pos, rules, &leads, &mut |v| {
                    turns.push((v.lead, v.after.clone()));
                    false
                });
                for &lead in &leads {
                    let mut after = pos.clone();
                    let legal = play_chainless(&mut after, lead);
                    let generated = turns.iter().find(|t| t.0 == lead);
                    assert_eq!(legal, generated.is_some(), "{lead:?} in {}", pos.fen());
                    if let Some((_, turn)) = generated {
                        assert_eq!(&after, turn, "{lead:?} in {}", pos.fen());
                    }
                }
                if turns.is_empty() {
                    break;
                }
                pos = turns[rng.below(turns.len() as u64) as usize].1.clone();
            }
        }
    }
}
