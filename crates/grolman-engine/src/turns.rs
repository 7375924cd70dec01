//! The turns of a position as the search sees them: the leading move, the position after the
//! whole turn, and its *choice group*. In Tatarstan chess a turn may contain promotions chosen
//! by the side not moving (docs/rules.md 3.5); turns that differ only in those choices form one group,
//! the mover picks a group and the opponent picks the member.

use grolman::{
    for_each_checking_turn_of, for_each_turn_of, Color, Lead, OwnerPromotion, Position, Rules, Step,
};

/// One legal turn.
#[derive(Clone)]
pub struct Child {
    pub lead: Lead,
    pub after: Position,
    pub key: u64,
}

/// The legal turns of a position, members of one group stored next to each other.
#[derive(Default)]
pub struct Children {
    /// The turns of `groups` (and, after [`children_of`] for one chainless leading move, maybe
    /// an illegal one that no group names).
    pub turns: Vec<Child>,
    /// `(start, len)` into `turns`, one per group, in generation order.
    pub groups: Vec<(usize, usize)>,
    /// Per turn while grouping: its group signature and its run (see [`children_of`]).
    tags: Vec<(u64, u32)>,
}

impl Children {
    pub fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }

    pub fn members(&self, group: usize) -> &[Child] {
        let (start, len) = self.groups[group];
        &self.turns[start..start + len]
    }
}

/// A hash of the steps of a turn, to find turns that differ only in owner promotions.
pub(crate) fn steps_hash(steps: &[Step]) -> u64 {
    steps.iter().fold(0xcbf2_9ce4_8422_2325, |h, s| {
        let v = s.from.index() as u64
            | (s.to.index() as u64) << 6
            | s.promotion.map_or(7, |r| r.index() as u64) << 12;
        (h ^ v).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The promotions among `promotions` that the mover chose (the owner is the mover).
pub(crate) fn mover_choices(after: &Position, mover: Color, promotions: &[OwnerPromotion]) -> u64 {
    promotions
        .iter()
        .filter(|p| after.board().piece_at(p.square).map(|u| u.color) == Some(mover))
        .fold(0x9e37_79b9_7f4a_7c15, |h, p| {
            (h ^ (p.square.index() as u64 | (p.role.index() as u64) << 6)).wrapping_mul(0x0100_0000_01b3)
        })
}

/// Every legal turn of `pos`, grouped by the mover's own choices.
pub fn children(pos: &Position, rules: Rules) -> Children {
    let mut leads = Vec::with_capacity(64);
    grolman::leads(pos, rules, &mut leads);
    let mut out = Children::default();
    children_of(pos, pos.key(), rules, &leads, &mut out);
    out
}

/// The legal turns whose leading move passes `lead_filter`, grouped as [`children`] does.
pub fn children_where(pos: &Position, rules: Rules, lead_filter: impl FnMut(&Lead) -> bool) -> Children {
    let mut leads = Vec::with_capacity(64);
    grolman::leads(pos, rules, &mut leads);
    leads.retain(lead_filter);
    let mut out = Children::default();
    children_of(pos, pos.key(), rules, &leads, &mut out);
    out
}

/// Replaces `out` with the legal turns of the leading moves `leads` of `pos` (whose key is
/// `key`), grouped as [`children`] does. `out` keeps its buffers, so a search that reuses one per
/// ply allocates nothing once they have grown.
pub fn children_of(pos: &Position, key: u64, rules: Rules, leads: &[Lead], out: &mut Children) {
    fill(pos, key, rules, leads, out, false);
}

/// [`children_of`] for the turns that give check only, where no turn holds a promotion that the
/// other side chooses (not Tatarstan chess): a search that prunes a leading move still looks at
/// its checking turns. The others are dropped before their position is copied or keyed.
pub fn checking_children_of(pos: &Position, key: u64, rules: Rules, leads: &[Lead], out: &mut Children) {
    debug_assert!(
        !rules.variant.transforms(),
        "owner promotions are Tatarstan chess's"
    );
    fill(pos, key, rules, leads, out, true);
}

fn fill(pos: &Position, key: u64, rules: Rules, leads: &[Lead], out: &mut Children, checks_only: bool) {
    out.groups.clear();
    out.tags.clear();
    if let ([lead], false) = (leads, rules.variant.has_chain()) {
        // One orthodox leading move, as the search asks: its turn played on the slot kept
        // from the last call, so that the position is copied once.
        out.turns.truncate(1);
        match out.turns.first_mut() {
            Some(slot) => {
                slot.after.clone_from(pos);
                slot.lead = *lead;
            }
            None => out.turns.push(Child {
                lead: *lead,
                after: pos.clone(),
                key,
            }),
        }
        let child = &mut out.turns[0];
        if grolman::play_chainless(&mut child.after, *lead) && (!checks_only || child.after.is_check()) {
            child.key = child.after.key_from(pos, key);
            out.groups.push((0, 1));
        }
        return;
    }
    // The turns are written over the slots kept from the last call (a `push` built each
    // position on the stack and copied it again), and the slots left over are dropped after.
    let mut len = 0;
    let mover = pos.turn();
    // Per turn: (group signature, run id); a run is a maximal sequence of turns with the same
    // steps, which the generator emits consecutively.
    let mut last_steps = None;
    let mut run = 0u32;
    let mut chosen = false;
    let each = if checks_only {
        for_each_checking_turn_of
    } else {
        for_each_turn_of
    };
    each(pos, rules, leads, &mut |v| {
        let sig = if v.owner_promotions.is_empty() {
            last_steps = None;
            run += 1;
            0
        } else {
            let h = steps_hash(v.steps);
            if last_steps != Some(h) {
                last_steps = Some(h);
                run += 1;
            }
            chosen = true;
            mover_choices(v.after, mover, v.owner_promotions)
        };
        let child_key = v.after.key_from(pos, key);
        match out.turns.get_mut(len) {
            Some(slot) => {
                slot.lead = v.lead;
                slot.after.clone_from(v.after);
                slot.key = child_key;
            }
            None => out.turns.push(Child {
                lead: v.lead,
                after: v.after.clone(),
                key: child_key,
            }),
        }
        len += 1;
        out.tags.push((sig, run));
        false
    });
    out.turns.truncate(len);
    if !chosen {
        out.groups.extend((0..out.turns.len()).map(|i| (i, 1)));
        return;
    }
    // Owner promotions (Tatarstan chess only, and rare): gather each group's members.
    let mut slots: Vec<Option<Child>> = out.turns.drain(..).map(Some).collect();
    let tags = &out.tags;
    let mut i = 0;
    while i < slots.len() {
        let run = tags[i].1;
        let mut j = i;
        while j < slots.len() && tags[j].1 == run {
            j += 1;
        }
        // Within a run, gather the members of each signature in first-seen order.
        for a in i..j {
            if slots[a].is_none() {
                continue;
            }
            let sig = tags[a].0;
            let start = out.turns.len();
            for b in a..j {
                if tags[b].0 == sig {
                    if let Some(child) = slots[b].take() {
                        out.turns.push(child);
                    }
                }
            }
            out.groups.push((start, out.turns.len() - start));
        }
        i = j;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grolman::random::Xorshift;
    use grolman::Variant;

    /// The keys of the turns of each leading move of `pos` that `fill` gives.
    fn keys_by_lead(pos: &Position, rules: Rules, checks_only: bool) -> Vec<Vec<u64>> {
        let mut leads = Vec::new();
        grolman::leads(pos, rules, &mut leads);
        let mut out = Children::default();
        leads
            .iter()
            .map(|&lead| {
                if checks_only {
                    checking_children_of(pos, pos.key(), rules, &[lead], &mut out);
                } else {
                    children_of(pos, pos.key(), rules, &[lead], &mut out);
                }
                (0..out.groups.len())
                    .flat_map(|g| out.members(g).iter().map(|m| m.key))
                    .collect()
            })
            .collect()
    }

    #[test]
    fn checking_children_are_the_children_that_give_check_in_their_order() {
        let mut rng = Xorshift(0x0c4e_c750_f1ea_d5c4);
        for variant in [Variant::Orthodox, Variant::Grolman] {
            let rules: Rules = variant.into();
            let mut checks = 0;
            for fen in [
                grolman::START_FEN,
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            ] {
                let mut pos = Position::from_fen(fen).unwrap();
                for _ in 0..80 {
                    let all = children(&pos, rules);
                    if all.is_empty() {
                        break;
                    }
                    let checking: Vec<Vec<u64>> = keys_by_lead(&pos, rules, false)
                        .into_iter()
                        .map(|keys| {
                            keys.into_iter()
                                .filter(|&k| all.turns.iter().any(|t| t.key == k && t.after.is_check()))
                                .collect()
                        })
                        .collect();
                    checks += checking.iter().map(Vec::len).sum::<usize>();
                    assert_eq!(
                        keys_by_lead(&pos, rules, true),
                        checking,
                        "{variant} {}",
                        pos.fen()
                    );
                    pos = all.turns[rng.below(all.turns.len() as u64) as usize]
                        .after
                        .clone();
                }
            }
            assert!(checks > 20, "{variant}: only {checks} checking turns seen");
        }
    }
}
