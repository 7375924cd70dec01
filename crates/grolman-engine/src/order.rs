//! The order in which the search tries leading moves: the table's first, then captures by
//! MVV-LVA, queen promotions, the killers of the ply, then the history of quiet moves that cut
//! off. Scored once per node and picked one by one, so that a cut-off spares sorting the rest.

use grolman::{Lead, Position, Role, Rules};

use crate::eval::VALUES;
use crate::search::MAX_PLY;

/// Killers and history: what the search learnt about quiet leading moves that cut off.
pub(crate) struct MoveOrder {
    history: Vec<i32>,
    killers: [[u16; 2]; MAX_PLY],
    /// The leading moves as generated, before [`MoveOrder::leads`] scores them.
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

    /// Fills `leads` with the leading moves of `pos` (with `captures_only`, the captures),
    /// each with its score for the order to search them in ([`pick`] takes the best next).
    pub(crate) fn leads(
        &mut self,
        pos: &Position,
        rules: Rules,
        leads: &mut Vec<(i32, Lead)>,
        table_lead: Option<u16>,
        ply: usize,
        captures_only: bool,
    ) {
        self.raw.clear();
        grolman::leads(pos, rules, &mut self.raw);
        leads.clear();
        for &lead in &self.raw {
            let capture = lead.is_capture();
            if captures_only && !capture {
                continue;
            }
            let code = lead_code(lead);
            let score = if table_lead == Some(code) {
                10_000_000
            } else if capture {
                let victim = pos.board().role_at(lead.to).unwrap_or(Role::Pawn);
                let attacker = pos.board().role_at(lead.from).unwrap_or(Role::Pawn);
                1_000_000 + VALUES[victim.index()] * 16 - attacker.index() as i32
            } else if lead.promotion == Some(Role::Queen) {
                900_000
            } else if self.killers[ply][0] == code {
                800_000
            } else if self.killers[ply][1] == code {
                799_000
            } else {
                self.history[history_index(pos, lead)]
            };
            leads.push((score, lead));
        }
    }
}

/// The best-scored of `leads[next..]`, moved to `next` with the others keeping their order (a
/// selection sort run only as far as the search gets).
pub(crate) fn pick(leads: &mut [(i32, Lead)], next: usize) -> Lead {
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

fn history_index(pos: &Position, lead: Lead) -> usize {
    pos.turn().index() * 4096 + lead.from.index() * 64 + lead.to.index()
}

#[cfg(test)]
mod tests {
    use super::*;
    use grolman::{Square, Variant};

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

    #[test]
    fn the_table_lead_comes_before_captures() {
        let pos = Position::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
        let rules = Variant::Orthodox.into();
        let mut order = MoveOrder::new();
        let mut leads = Vec::new();
        let king_up = lead_code(Lead {
            from: Square::E1,
            to: Square::E2,
            promotion: None,
            kind: grolman::LeadKind::Quiet,
        });
        order.leads(&pos, rules, &mut leads, Some(king_up), 0, false);
        let first = pick(&mut leads, 0);
        let second = pick(&mut leads, 1);
        assert_eq!((first.from, first.to), (Square::E1, Square::E2));
        assert!(second.is_capture());
    }
}
