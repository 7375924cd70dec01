//! Whole turns: the leading move, the chain of followers, the transformation phase, and the
//! end-of-turn legality test (RULES.md 1.6). One generator serves perft, search and the board:
//! with `EXPLAIN` it also records the events of each turn.

use crate::bitboard::Bitboard;
use crate::chain;
use crate::movegen::{self, apply_lead, Applied, Lead, LeadKind};
use crate::position::{Castling, Position};
use crate::transform::{self, LastRank};
use crate::turn::{Event, FollowReason, OwnerPromotion, Right, Step};
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
        Gen::<true>::new(pos, rules, visit).run(pos, &leads);
    } else {
        Gen::<false>::new(pos, rules, visit).run(pos, &leads);
    }
}

/// Whether the side to move has at least one legal turn.
pub fn has_legal_turn(pos: &Position, rules: Rules) -> bool {
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

/// The visitor is called through `dyn`: one copy of the generator per `EXPLAIN`, not one per
/// caller's closure (the wasm is smaller, and a call per turn costs nothing beside the turn).
struct Gen<'a, const EXPLAIN: bool> {
    rules: Rules,
    us: Color,
    lead: Lead,
    steps: Vec<Step>,
    promotions: Vec<OwnerPromotion>,
    events: Vec<Event>,
    visit: &'a mut dyn FnMut(&Visit<'_>) -> bool,
    stop: bool,
}

impl<'a, const EXPLAIN: bool> Gen<'a, EXPLAIN> {
    fn new(pos: &Position, rules: Rules, visit: &'a mut dyn FnMut(&Visit<'_>) -> bool) -> Self {
        Gen {
            rules,
            us: pos.turn(),
            lead: Lead {
                from: Square::A1,
                to: Square::A1,
                promotion: None,
                kind: LeadKind::Quiet,
            },
            steps: Vec::with_capacity(16),
            promotions: Vec::new(),
            events: Vec::new(),
            visit,
            stop: false,
        }
    }

    fn run(&mut self, pos: &Position, leads: &[Lead]) {
        for &lead in leads {
            self.lead(pos, lead);
            if self.stop {
                return;
            }
        }
    }

    fn lapses(&mut self, before: Castling, after: Castling) {
        if EXPLAIN {
            for (color, side) in before.lost(after) {
                self.events.push(Event::RightLapsed {
                    right: Right::Castling,
                    color: Some(color),
                    side: Some(side),
                    square: None,
                });
            }
        }
    }

    fn lead(&mut self, pos: &Position, lead: Lead) {
        let Applied {
            pos: next,
            piece,
            capture,
            castle,
        } = apply_lead(pos, lead);
        let mut moved = Bitboard::from_square(lead.to);
        let mut vacated = [Some(lead.from), None];
        if let Some(c) = castle {
            moved.set(c.rook_to);
            vacated[1] = Some(c.rook_from);
        }
        if EXPLAIN {
            self.events.clear();
            self.events.push(Event::Lead {
                from: lead.from,
                to: lead.to,
                piece,
                capture,
                promotion: lead.promotion,
                castle,
            });
            self.lapses(pos.castling, next.castling);
        }
        self.lead = lead;
        self.steps.clear();
        self.steps.push(Step {
            from: lead.from,
            to: lead.to,
            promotion: lead.promotion,
        });
        if self.rules.variant.has_chain() {
            self.chain(next, moved, vacated);
        } else {
            self.finish(next);
        }
    }

    fn chain(&mut self, pos: Position, moved: Bitboard, vacated: [Option<Square>; 2]) {
        let us = self.us;
        let unmoved = pos.board.by_color(us) & !moved;
        let best = chain::followers(&pos.board, us, unmoved, vacated);
        let vacated_list: Vec<Square> = if EXPLAIN {
            vacated.iter().flatten().copied().collect()
        } else {
            Vec::new()
        };
        let Some((role, found)) = best else {
            if EXPLAIN {
                self.events.push(Event::Candidates {
                    vacated: vacated_list,
                    units: Vec::new(),
                    weakest: None,
                    choice: false,
                });
            }
            return self.finish(pos);
        };
        let options = found[0].count() + found[1].count();
        let mut reason = if options > 1 {
            FollowReason::Choice
        } else {
            FollowReason::Weakest
        };
        if EXPLAIN {
            let units = chain::all_candidates(&pos.board, us, unmoved, &vacated_list);
            if units.len() == 1 {
                reason = FollowReason::Only;
            }
            self.events.push(Event::Candidates {
                vacated: vacated_list,
                units,
                weakest: Some(role),
                choice: options > 1,
            });
        }
        let events_len = self.events.len();
        let steps_len = self.steps.len();
        for (i, v) in vacated.iter().enumerate() {
            let Some(to) = *v else { continue };
            for from in found[i] {
                let promotes = role == Role::Pawn && to.rank() == us.last_rank();
                let choices: &[Option<Role>] = if promotes {
                    &[
                        Some(Role::Queen),
                        Some(Role::Rook),
                        Some(Role::Bishop),
                        Some(Role::Knight),
                    ]
                } else {
                    &[None]
                };
                for &promotion in choices {
                    let mut next = pos.clone();
                    movegen::make_follow(&mut next, from, to, role);
                    if let Some(r) = promotion {
                        next.board.set_role(to, r);
                    }
                    if EXPLAIN {
                        self.events.push(Event::Follow {
                            from,
                            to,
                            piece: Piece::new(us, role),
                            promotion,
                            reason,
                        });
                        self.lapses(pos.castling, next.castling);
                    }
                    self.steps.push(Step { from, to, promotion });
                    self.chain(next, moved.with(to), [Some(from), None]);
                    self.steps.truncate(steps_len);
                    self.events.truncate(events_len);
                    if self.stop {
                        return;
                    }
                }
            }
        }
    }

    fn finish(&mut self, mut pos: Position) {
        pos.turn = self.us.other();
        if self.us == Color::Black {
            pos.fullmoves += 1;
        }
        if self.rules.variant.transforms() {
            let events_len = self.events.len();
            let mut last_rank = LastRank::default();
            let changed = transform::stage::<EXPLAIN>(
                &mut pos.board,
                Role::Pawn,
                &mut self.events,
                Some(&mut last_rank),
            );
            self.owner_choices(pos, changed, &last_rank, 0, events_len);
            self.events.truncate(events_len);
        } else {
            self.emit(&pos);
        }
    }

    /// Every combination of the owners' choices for units that became pawns on their last rank.
    fn owner_choices(
        &mut self,
        pos: Position,
        changed: Bitboard,
        last_rank: &LastRank,
        i: usize,
        events_from: usize,
    ) {
        let Some(sq) = last_rank.get(i) else {
            return self.later_stages(pos, changed);
        };
        for role in Role::PROMOTIONS {
            let mut next = pos.clone();
            next.board.set_role(sq, role);
            if EXPLAIN {
                for e in &mut self.events[events_from..] {
                    if let Event::Transform {
                        square, promotion, ..
                    } = e
                    {
                        if *square == sq {
                            *promotion = Some(role);
                        }
                    }
                }
            }
            self.promotions.push(OwnerPromotion { square: sq, role });
            self.owner_choices(next, changed, last_rank, i + 1, events_from);
            self.promotions.pop();
            if self.stop {
                return;
            }
        }
    }

    fn later_stages(&mut self, mut pos: Position, mut changed: Bitboard) {
        let events_len = self.events.len();
        for kind in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            changed |= transform::stage::<EXPLAIN>(&mut pos.board, kind, &mut self.events, None);
        }
        let before = pos.castling;
        for sq in changed & CORNERS {
            pos.castling = pos.castling.touched(sq);
        }
        self.lapses(before, pos.castling);
        if let Some(ep) = pos.ep {
            let pawn = ep.offset(self.us.forward()).and_then(|s| pos.board.role_at(s));
            if pawn != Some(Role::Pawn) {
                pos.ep = None;
                if EXPLAIN {
                    self.events.push(Event::RightLapsed {
                        right: Right::EnPassant,
                        color: None,
                        side: None,
                        square: Some(ep),
                    });
                }
            }
        }
        self.emit(&pos);
        self.events.truncate(events_len);
    }

    fn emit(&mut self, pos: &Position) {
        if pos.board.king_attacked(self.us) {
            return;
        }
        let visit = Visit {
            lead: self.lead,
            steps: &self.steps,
            owner_promotions: &self.promotions,
            events: &self.events,
            after: pos,
        };
        if (self.visit)(&visit) {
            self.stop = true;
        }
    }
}

const CORNERS: Bitboard = Bitboard((1 << 0) | (1 << 7) | (1 << 56) | (1 << 63));
