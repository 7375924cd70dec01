//! The selective part of the search: nodes cut before any turn is played (reverse futility
//! and the null move), leading moves left unplayed (futility and late-move pruning near the
//! leaves) and turns searched less deep (late-move reductions). All of it is off in principal
//! variation nodes and in check, and none of it ever stands in for a mate score.
//!
//! Generation is staged by leading move, so a pruned leading move costs nothing: its chains
//! and (in Tatarstan chess) its transformation phase are never worked out. That matters most in
//! Tatarstan chess, where a position has a couple of thousand turns and playing them out is
//! nearly all of the search's time.
//!
//! The margins are larger in Tatarstan chess: a quiet turn there changes material through the
//! phase (every defended unit turns), so the static evaluation moves much more from one turn to
//! the next.

use grolman::{CheckFilter, Color, Lead, LeadFilter, Position, Role, Rules, TurnGoal, Variant};

use super::{Engine, MATE_BOUND};

/// Reverse futility: a node of at most this depth whose static evaluation beats beta by the
/// margin is taken to hold without a search.
const STATIC_CUT_DEPTH: i32 = 3;
/// Futility and late-move pruning look at nodes of at most this depth.
const PRUNE_DEPTH: i32 = 3;

/// The margins of one variant, in centipawns per remaining turn of depth.
pub(super) struct Margins {
    /// Reverse futility: what the static evaluation must beat beta by.
    static_cut: i32,
    /// Futility: a quiet leading move is left out when the static evaluation plus this is
    /// still not above alpha.
    futility: i32,
    /// Whether the turns of a pruned leading move that give check are still searched: where
    /// playing a leading move out is cheap next to searching its turns (not in Tatarstan
    /// chess), so that a quiet mate is not pruned.
    pub(super) checks_kept: bool,
}

pub(super) fn margins(variant: Variant) -> Margins {
    match variant {
        Variant::Tatarstan => Margins {
            static_cut: 200,
            futility: 250,
            checks_kept: false,
        },
        Variant::Orthodox | Variant::Grolman => Margins {
            static_cut: 90,
            futility: 110,
            checks_kept: true,
        },
    }
}

/// How many turns a node of `depth` searches before it leaves out the remaining quiet ones
/// (late-move pruning). Tatarstan nodes have so many turns that only the best-ordered few
/// are worth their phase.
fn late_move_count(variant: Variant, depth: i32) -> usize {
    let d = depth as usize;
    match variant {
        Variant::Tatarstan => 2 + 2 * d * d,
        Variant::Orthodox | Variant::Grolman => 3 + 3 * d * d,
    }
}

/// What a node knows before it plays any turn, for the pruning decisions.
pub(super) struct Node {
    /// A null-window node: the selective rules apply.
    pub(super) cut: bool,
    /// The static evaluation (meaningless in check, where nothing is pruned).
    pub(super) stand: i32,
}

impl Node {
    /// Whether a quiet leading move, the `searched`-th turn at this node, is left out: late in
    /// the order of a shallow node, or unable to lift a hopeless static evaluation to alpha.
    /// `best` is the node's best score so far; a node that might be lost to mate keeps
    /// searching, and so does one whose alpha is a mate (a quiet turn may mate sooner).
    pub(super) fn prunes_quiet(
        &self,
        m: &Margins,
        variant: Variant,
        depth: i32,
        searched: usize,
        alpha: i32,
        best: i32,
    ) -> bool {
        if !self.cut
            || depth > PRUNE_DEPTH
            || searched == 0
            || best <= -MATE_BOUND
            || alpha.abs() >= MATE_BOUND
        {
            return false;
        }
        searched >= late_move_count(variant, depth) || self.stand + m.futility * depth <= alpha
    }
}

/// The late-move reduction of the `searched`-th turn of a node of `depth`, in turns: none for
/// the first few, growing with the logarithms of both, one less in a principal variation node.
pub(super) fn reduction(depth: i32, searched: usize, cut: bool) -> i32 {
    if depth < 3 || searched < 3 {
        return 0;
    }
    let r = 0.5 + (depth as f32).ln() * (searched as f32).ln() / 2.25;
    let r = r as i32 - i32::from(!cut);
    r.clamp(0, depth - 2)
}

/// Whether the side to move has a unit other than pawns and its king: without one, passing
/// may be better than any turn (zugzwang), so the null move would lie.
fn has_pieces(pos: &Position) -> bool {
    let board = pos.board();
    let us: Color = pos.turn();
    (board.by_color(us) & !board.by_role(Role::Pawn) & !board.by_role(Role::King)).any()
}

impl Engine {
    /// Reverse futility, then the null move: `Some(score)` when the node is taken to fail
    /// high without searching its turns. The null move lets the opponent play twice, searched
    /// `2 + depth / 4` turns shallower with a null window at beta; if even that does not get
    /// them below beta, a real turn would not either. Not twice in a row, not in check (a
    /// pass would leave the king attacked), not without pieces (zugzwang).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn cuts_early(
        &mut self,
        pos: &Position,
        key: u64,
        depth: i32,
        beta: i32,
        ply: usize,
        node: &Node,
        m: &Margins,
    ) -> Option<i32> {
        if !node.cut || ply == 0 || beta.abs() >= MATE_BOUND || node.stand < beta {
            return None;
        }
        if depth <= STATIC_CUT_DEPTH && node.stand - m.static_cut * depth >= beta {
            return Some(node.stand);
        }
        if depth < 2 || self.after_null[ply] || !has_pieces(pos) {
            return None;
        }
        let passed = pos.passed().ok()?;
        let passed_key = passed.key_from(pos, key);
        let r = 2 + depth / 4;
        self.path.push(key);
        self.after_null[ply + 1] = true;
        let score = -self.negamax(&passed, passed_key, depth - 1 - r, -beta, -beta + 1, ply + 1);
        self.after_null[ply + 1] = false;
        self.path.pop();
        if self.aborted || score < beta {
            return None;
        }
        // A mate found after a pass is no mate: the pass was not a legal turn.
        Some(if score >= MATE_BOUND { beta } else { score })
    }
}

/// Whether `lead`, a leading move of `pos`, may start a turn that gives check (`false` proves
/// that none does), with the node's filter in `checks` (orthodox chess) or `chain_checks`
/// (Grolman chess), made at its first question: a pruned leading move that cannot check is not
/// played out. In Grolman chess `grolman::LeadFilter`'s sets are worked out once per node and
/// shared by its leads (`CheckFilter`'s closure per leader cost about what walking the chains
/// does): at the start, depth 12, 1.26 M pruned leads walked for 10 k checking turns before, 22 k
/// after. (In Tatarstan chess no pruned move is played: `Margins::checks_kept`.)
pub(super) fn may_check(
    pos: &Position,
    rules: Rules,
    lead: Lead,
    checks: &mut Option<Option<CheckFilter>>,
    chain_checks: &mut Option<LeadFilter>,
) -> bool {
    if rules.variant.has_chain() {
        return chain_checks
            .get_or_insert_with(|| LeadFilter::of(pos, rules, TurnGoal::Check))
            .may(pos, &lead);
    }
    checks
        .get_or_insert_with(|| CheckFilter::of(pos, rules))
        .as_ref()
        .is_none_or(|filter| filter.may_check(pos, &lead))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_grow_with_depth_and_lateness_and_leave_a_turn_to_search() {
        assert_eq!(reduction(2, 20, true), 0);
        assert_eq!(reduction(8, 2, true), 0);
        assert!(reduction(8, 30, true) > reduction(4, 30, true));
        assert!(reduction(8, 30, true) > reduction(8, 4, true));
        assert!(reduction(8, 30, false) < reduction(8, 30, true));
        for depth in 3..20 {
            for searched in 0..200 {
                assert!(depth - 1 - reduction(depth, searched, true) >= 1);
            }
        }
    }

    #[test]
    fn a_side_with_only_king_and_pawns_may_not_pass() {
        let pawns = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
        assert!(!has_pieces(&pawns));
        let knight = Position::from_fen("4k3/8/8/8/8/8/4P3/4K1N1 w - - 0 1").unwrap();
        assert!(has_pieces(&knight));
    }
}
