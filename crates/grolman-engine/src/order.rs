//! The order in which the search tries leading moves: the table's first, then captures by
//! MVV-LVA, queen promotions, the killers of the ply, then the history of quiet moves that cut
//! off. Generated stage by stage ([`Stages`]), scored once per stage and picked one by one, so
//! that a cut-off spares generating, and sorting, the rest.

use grolman::{Lead, LeadSet, Position, Role, Rules, Square};

use crate::eval::VALUES;
use crate::search::MAX_PLY;

/// The highest score a quiet leading move gets from its history: below the killers, so that
/// captures, queen promotions and killers always come first (which lets a node generate its
/// quiet leading moves only once it reaches them).
const HISTORY_CAP: i32 = 700_000;

/// Killers and history: what the search learnt about quiet leading moves that cut off.
pub(crate) struct MoveOrder {
    history: Vec<i32>,
    killers: [[u16; 2]; MAX_PLY],
    /// The leading moves of the table move's unit ([`MoveOrder::table_lead`]).
    raw: Vec<Lead>,
}

impl MoveOrder {
    pub(crate) fn new() -> MoveOrder {
        MoveOrder {
            history: vec![0; 2 * 64 * 64],
            killers: [[u16::MAX; 2]; MAX_PLY],
            raw: Vec::with_capacity(256),
        }
    }

    /// Before a new search: the killers belong to the last one's plies, and its history counts
    /// for less.
    pub(crate) fn age(&mut self) {
        self.killers = [[u16::MAX; 2]; MAX_PLY];
        self.history.iter_mut().for_each(|h| *h /= 8);
    }

    /// A quiet leading move cut off at `ply`.
    pub(crate) fn reward(&mut self, pos: &Position, lead: Lead, depth: i32, ply: usize) {
        let code = lead_code(lead);
        let k = &mut self.killers[ply];
        if k[0] != code {
            k[1] = k[0];
            k[0] = code;
        }
        let h = &mut self.history[history_index(pos, lead)];
        *h += depth * depth;
        if *h > 1 << 20 {
            self.history.iter_mut().for_each(|h| *h /= 2);
        }
    }

    /// The next leading move of a node, in the order of [`Stages`]: `None` when there is none
    /// left. `leads` holds the stage's moves with their scores ([`pick`] takes the best next),
    /// kept by the caller from node to node so that nothing is allocated once it has grown.
    pub(crate) fn next_lead(
        &mut self,
        pos: &Position,
        rules: Rules,
        stages: &mut Stages,
        leads: &mut Vec<(i32, Lead)>,
        ply: usize,
    ) -> Option<Lead> {
        loop {
            match stages.stage {
                Stage::Table if stages.at_once => {
                    stages.stage = Stage::Quiet;
                    let set = if stages.captures_only {
                        LeadSet::Captures
                    } else {
                        LeadSet::All
                    };
                    self.fill(pos, rules, set, stages, leads, ply);
                }
                Stage::Table => {
                    stages.stage = Stage::Generate;
                    // The table's move is played before any other is generated: only the
                    // moves of its unit are, to see that it is one of this position's.
                    if let Some(code) = stages.table {
                        match self.table_lead(pos, rules, code) {
                            Some(lead) => return Some(lead),
                            None => stages.table = None,
                        }
                    }
                }
                Stage::Generate => {
                    stages.stage = Stage::Captures;
                    self.fill(pos, rules, LeadSet::Captures, stages, leads, ply);
                }
                Stage::Captures | Stage::Quiet if stages.next < leads.len() => {
                    // Most nodes that cut off do so within their first two moves: those are
                    // picked one by one, and the rest of a stage that a node goes on into is
                    // sorted once (stable, so in the very order picking would give).
                    if stages.next == PICKED && !stages.sorted {
                        stages.sorted = true;
                        leads[PICKED..].sort_by_key(|l| core::cmp::Reverse(l.0));
                    }
                    stages.next += 1;
                    return Some(if stages.sorted {
                        leads[stages.next - 1].1
                    } else {
                        pick(leads, stages.next - 1)
                    });
                }
                Stage::Captures if !stages.captures_only => {
                    stages.stage = Stage::Quiet;
                    self.fill(pos, rules, LeadSet::Quiet, stages, leads, ply);
                }
                Stage::Captures | Stage::Quiet => return None,
            }
        }
    }

    /// The leading move of `pos` that `code` names, if it is one: only the moves of its unit
    /// are generated. Kept out of [`MoveOrder::next_lead`], which is called once per leading
    /// move: inlined there, the generator's set-up ran on every call (about 6 % of a Grolman
    /// search's instructions, where this is never called).
    #[inline(never)]
    fn table_lead(&mut self, pos: &Position, rules: Rules, code: u16) -> Option<Lead> {
        self.raw.clear();
        grolman::leads_from(pos, rules, Square::new((code >> 6 & 63) as u8), &mut self.raw);
        self.raw.iter().copied().find(|&l| lead_code(l) == code)
    }

    /// Replaces `leads` with the moves of `set`, scored; the table's is left out when it came
    /// first, else scored above all. Out of line, as [`MoveOrder::table_lead`] is.
    #[inline(never)]
    fn fill(
        &mut self,
        pos: &Position,
        rules: Rules,
        set: LeadSet,
        stages: &mut Stages,
        leads: &mut Vec<(i32, Lead)>,
        ply: usize,
    ) {
        leads.clear();
        stages.next = 0;
        stages.sorted = false;
        let board = pos.board();
        let killers = self.killers[ply];
        // The side to move's history ([`history_slot`]).
        let history = &self.history[pos.turn().index() * 4096..][..4096];
        let (table, at_once) = (stages.table, stages.at_once);
        // Each move scored as the generator finds it, instead of listed and the list read
        // back: V8's code for the list's writes and reads was a measurable part of a node.
        grolman::for_each_lead_of(pos, rules, set, |lead| {
            let code = lead_code(lead);
            let score = if table == Some(code) {
                if !at_once {
                    return;
                }
                10_000_000
            } else if lead.is_capture() {
                let victim = board.role_at(lead.to).unwrap_or(Role::Pawn);
                let attacker = board.role_at(lead.from).unwrap_or(Role::Pawn);
                1_000_000 + VALUES[victim.index()] * 16 - attacker.index() as i32
            } else if lead.promotion == Some(Role::Queen) {
                900_000
            } else if killers[0] == code {
                800_000
            } else if killers[1] == code {
                799_000
            } else {
                history[history_slot(code)].min(HISTORY_CAP)
            };
            leads.push((score, lead));
        });
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    Table,
    /// The captures are to be generated.
    Generate,
    Captures,
    Quiet,
}

/// The order of a node's leading moves, in stages: the table's move (played before anything
/// is generated), then the captures by MVV-LVA, then the quiet moves (queen promotions, the
/// killers of the ply, then by history), each stage generated only when it is reached, so
/// that a node cut off by the table's move or a capture generates no quiet move.
///
/// Where leading moves have chains (Grolman and Tatarstan chess) they are all generated and
/// scored at once, before any is searched, in the same order: there generating them is a
/// small part of a node beside walking the chains, and quiet moves scored after the first
/// turns were searched read a history those turns' subtrees changed, which in Grolman chess
/// ordered worse (at fixed depths, Kiwipete 328 k nodes became 540 k, the start 1.38 M became
/// 1.95 M; orthodox searches were unchanged or smaller).
pub(crate) struct Stages {
    stage: Stage,
    table: Option<u16>,
    /// The next of the stage's moves in the caller's buffer.
    next: usize,
    captures_only: bool,
    at_once: bool,
    /// The rest of the stage's moves are sorted (see [`PICKED`]).
    sorted: bool,
}

/// How many of a stage's moves are picked one by one before the rest are sorted.
const PICKED: usize = 2;

impl Stages {
    /// The stages of a node under `rules` whose table entry names `table` (a [`lead_code`]);
    /// with `captures_only`, the quiet moves are never reached.
    pub(crate) fn new(rules: Rules, table: Option<u16>, captures_only: bool) -> Stages {
        Stages {
            stage: Stage::Table,
            table,
            next: 0,
            captures_only,
            at_once: rules.variant.has_chain(),
            sorted: false,
        }
    }
}

/// The best-scored of `leads[next..]`, moved to `next` with the others keeping their order (a
/// selection sort run only as far as the search gets).
fn pick(leads: &mut [(i32, Lead)], next: usize) -> Lead {
    let mut top = next;
    for i in next + 1..leads.len() {
        if leads[i].0 > leads[top].0 {
            top = i;
        }
    }
    leads[next..=top].rotate_right(1);
    leads[next].1
}

/// A leading move in 15 bits (from, to, promotion): the table's and the killers' name for it.
pub(crate) fn lead_code(lead: Lead) -> u16 {
    let promotion = lead.promotion.map_or(0, |r| r.index() as u16 + 1);
    promotion << 12 | (lead.from.index() as u16) << 6 | lead.to.index() as u16
}

/// A leading move's place in its side's 4,096 history counters: by from and to, which are
/// [`lead_code`]'s low 12 bits.
fn history_slot(code: u16) -> usize {
    code as usize & 4095
}

fn history_index(pos: &Position, lead: Lead) -> usize {
    pos.turn().index() * 4096 + history_slot(lead_code(lead))
}

#[cfg(test)]
mod tests {
    use super::*;
    use grolman::Variant;

    #[test]
    fn picking_takes_the_best_first_and_keeps_ties_in_generation_order() {
        let lead = |to| Lead {
            from: Square::A1,
            to,
            promotion: None,
            kind: grolman::LeadKind::Quiet,
        };
        let mut leads = vec![
            (1, lead(Square::B1)),
            (5, lead(Square::C1)),
            (1, lead(Square::D1)),
            (5, lead(Square::E1)),
        ];
        let picked: Vec<Square> = (0..leads.len()).map(|i| pick(&mut leads, i).to).collect();
        assert_eq!(picked, [Square::C1, Square::E1, Square::B1, Square::D1]);
    }

    /// The leading moves of a node in the order the search takes them.
    fn order_of(fen: &str, table: Option<u16>, captures_only: bool) -> Vec<Lead> {
        let pos = Position::from_fen(fen).unwrap();
        let rules = Variant::Orthodox.into();
        let mut order = MoveOrder::new();
        let mut stages = Stages::new(rules, table, captures_only);
        let mut leads = Vec::new();
        core::iter::from_fn(|| order.next_lead(&pos, rules, &mut stages, &mut leads, 0)).collect()
    }

    fn quiet(from: Square, to: Square) -> Lead {
        Lead {
            from,
            to,
            promotion: None,
            kind: grolman::LeadKind::Quiet,
        }
    }

    #[test]
    fn the_table_lead_comes_first_then_captures_then_the_rest_each_once() {
        let fen = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
        let king_up = quiet(Square::E1, Square::E2);
        let leads = order_of(fen, Some(lead_code(king_up)), false);
        assert_eq!(leads[0], king_up);
        assert!(leads[1].is_capture());
        assert!(leads[2..].iter().all(|l| !l.is_capture()));
        let mut all = Vec::new();
        grolman::leads(
            &Position::from_fen(fen).unwrap(),
            Variant::Orthodox.into(),
            &mut all,
        );
        assert_eq!(leads.len(), all.len());
        assert!(all.iter().all(|l| leads.contains(l)));
    }

    #[test]
    fn a_table_lead_that_is_no_move_of_the_position_is_left_out() {
        let fen = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
        // The king cannot go from e1 to e3: a table entry of another position (a key clash).
        let leads = order_of(fen, Some(lead_code(quiet(Square::E1, Square::E3))), false);
        assert!(leads[0].is_capture());
        assert!(leads.iter().all(|l| l.to != Square::E3 || l.from != Square::E1));
        assert_eq!(order_of(fen, None, false), leads);
    }

    #[test]
    fn captures_only_stops_before_the_quiet_moves() {
        let leads = order_of("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", None, true);
        assert_eq!(leads.len(), 1);
        assert_eq!((leads[0].from, leads[0].to), (Square::E4, Square::D5));
    }
}
