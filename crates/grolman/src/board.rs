//! Piece placement: bitboards by colour and by kind, plus a square-indexed mailbox.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::types::{Color, Piece, Role, Square};

#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    by_color: [Bitboard; 2],
    by_role: [Bitboard; 6],
    occupied: Bitboard,
    mailbox: [Option<Piece>; 64],
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    pub const fn empty() -> Board {
        Board {
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 6],
            occupied: Bitboard::EMPTY,
            mailbox: [None; 64],
        }
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.mailbox[sq.index()]
    }

    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        self.mailbox[sq.index()].map(|p| p.role)
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_color[piece.color.index()] & self.by_role[piece.role.index()]
    }

    /// The king of `color` (the first one if a setup has several).
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.by_piece(Piece::new(color, Role::King)).first()
    }

    /// Puts `piece` on the empty square `sq`.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.mailbox[sq.index()].is_none());
        let bb = Bitboard::from_square(sq);
        self.by_color[piece.color.index()] |= bb;
        self.by_role[piece.role.index()] |= bb;
        self.occupied |= bb;
        self.mailbox[sq.index()] = Some(piece);
    }

    /// Removes and returns whatever stands on `sq`.
    #[inline]
    pub fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.mailbox[sq.index()].take()?;
        let bb = !Bitboard::from_square(sq);
        self.by_color[piece.color.index()] &= bb;
        self.by_role[piece.role.index()] &= bb;
        self.occupied &= bb;
        Some(piece)
    }

    /// Moves the unit on `from` to the empty square `to`: each of its sets changes on both
    /// squares at once.
    #[inline]
    pub fn shift(&mut self, from: Square, to: Square) {
        if let Some(p) = self.mailbox[from.index()].take() {
            debug_assert!(self.mailbox[to.index()].is_none());
            let both = Bitboard::from_square(from) | Bitboard::from_square(to);
            self.by_color[p.color.index()] ^= both;
            self.by_role[p.role.index()] ^= both;
            self.occupied ^= both;
            self.mailbox[to.index()] = Some(p);
        }
    }

    /// The units' kinds, set by set, for [`Board::restore_kinds`].
    #[inline]
    pub(crate) fn kinds(&self) -> [Bitboard; 6] {
        self.by_role
    }

    /// Gives every unit back the kind it had in `kinds`, taken by [`Board::kinds`] with the
    /// same units on the same squares as now (the Tatarstan phase changes kinds only, and
    /// leaves the generator's position as it came).
    #[inline]
    pub(crate) fn restore_kinds(&mut self, kinds: [Bitboard; 6]) {
        for role in Role::ALL {
            for sq in kinds[role.index()] & !self.by_role[role.index()] {
                if let Some(p) = &mut self.mailbox[sq.index()] {
                    p.role = role;
                }
            }
        }
        self.by_role = kinds;
    }

    /// Changes the kind of the unit on `sq`.
    #[inline]
    pub fn set_role(&mut self, sq: Square, role: Role) {
        if let Some(p) = self.take(sq) {
            self.put(sq, Piece::new(p.color, role));
        }
    }

    /// Changes the kind of every unit on `squares` to `role` (the Tatarstan phase turns whole
    /// sets at once).
    #[inline]
    pub(crate) fn retype(&mut self, squares: Bitboard, role: Role) {
        debug_assert!((squares & !self.occupied).is_empty(), "retyping an empty square");
        for set in &mut self.by_role {
            *set &= !squares;
        }
        self.by_role[role.index()] |= squares;
        for sq in squares {
            if let Some(p) = &mut self.mailbox[sq.index()] {
                p.role = role;
            }
        }
    }

    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied
            .map(move |sq| (sq, self.mailbox[sq.index()].expect("occupied")))
    }

    /// Units of `by` that attack `sq`, given occupancy `occ`.
    #[inline]
    pub fn attackers(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        <Self as Units>::attackers(self, sq, by, occ)
    }

    /// Whether the king of `color` is attacked (false when it has no king).
    #[cfg_attr(feature = "inline-hot", inline(always))]
    #[cfg_attr(not(feature = "inline-hot"), inline)]
    pub fn king_attacked(&self, color: Color) -> bool {
        match self.king_of(color) {
            Some(k) => self.attackers(k, color.other(), self.occupied).any(),
            None => false,
        }
    }

    /// Squares a unit of `piece` on `sq` attacks (for Tatarstan: defends), given occupancy `occ`.
    #[inline]
    pub fn attacks_of(piece: Piece, sq: Square, occ: Bitboard) -> Bitboard {
        match piece.role {
            Role::Pawn => attacks::pawn_attacks(piece.color, sq),
            Role::Knight => attacks::knight_attacks(sq),
            Role::Bishop => attacks::bishop_attacks(sq, occ),
            Role::Rook => attacks::rook_attacks(sq, occ),
            Role::Queen => attacks::queen_attacks(sq, occ),
            Role::King => attacks::king_attacks(sq),
        }
    }
}

/// What the rules need to see of a placement: units by colour and kind, and occupancy. The
/// board and the light placement used for counting share the rules written against it.
pub(crate) trait Units {
    fn by_color(&self, color: Color) -> Bitboard;
    fn by_role(&self, role: Role) -> Bitboard;
    fn occupied(&self) -> Bitboard;

    /// Units of `by` that attack `sq`, given occupancy `occ`.
    #[cfg_attr(feature = "inline-hot", inline(always))]
    #[cfg_attr(not(feature = "inline-hot"), inline)]
    fn attackers(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        Attackers::of(self, by).on(sq, occ)
    }
}

impl Units for Board {
    #[inline]
    fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    #[inline]
    fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    #[inline]
    fn occupied(&self) -> Bitboard {
        self.occupied
    }
}

/// The units of one side sorted by how they attack: for asking who attacks many squares of
/// one placement, the sorting done once.
pub(crate) struct Attackers {
    by: Color,
    knights: Bitboard,
    kings: Bitboard,
    pawns: Bitboard,
    diag: Bitboard,
    ortho: Bitboard,
}

impl Attackers {
    #[inline]
    pub(crate) fn of<B: Units + ?Sized>(board: &B, by: Color) -> Attackers {
        let own = board.by_color(by);
        let queens = board.by_role(Role::Queen);
        Attackers {
            by,
            knights: board.by_role(Role::Knight) & own,
            kings: board.by_role(Role::King) & own,
            pawns: board.by_role(Role::Pawn) & own,
            diag: (board.by_role(Role::Bishop) | queens) & own,
            ortho: (board.by_role(Role::Rook) | queens) & own,
        }
    }

    /// Those that attack `sq`, given occupancy `occ`.
    #[inline]
    pub(crate) fn on(&self, sq: Square, occ: Bitboard) -> Bitboard {
        self.on_seen(sq, occ).0
    }

    /// [`Attackers::on`], with the squares whose contents decided it: those a knight or a
    /// king could attack `sq` from, and those along its lines up to the first occupied one.
    /// While they hold the same units, the answer stands.
    #[inline]
    pub(crate) fn on_seen(&self, sq: Square, occ: Bitboard) -> (Bitboard, Bitboard) {
        let (knight, king) = (attacks::knight_attacks(sq), attacks::king_attacks(sq));
        let (diag, ortho) = (attacks::bishop_attacks(sq, occ), attacks::rook_attacks(sq, occ));
        let attackers = (knight & self.knights)
            | (king & self.kings)
            | (attacks::pawn_attacks(self.by.other(), sq) & self.pawns)
            | (diag & self.diag)
            | (ortho & self.ortho);
        (attackers, knight | king | diag | ortho)
    }
}

/// The lines between a king and the enemy sliders aligned with it ([`Board::lines_to`]).
pub(crate) struct Lines {
    /// The squares on them, whatever stands there.
    pub(crate) danger: Bitboard,
    /// Those that alone block such a line (of either side): the only squares whose emptying
    /// can expose a king that stays put. Ours among them are pinned.
    pub(crate) pinned: Bitboard,
}

impl Board {
    /// The lines between `king` and the sliders of `them` aligned with it, whatever stands
    /// between.
    #[inline(always)]
    pub(crate) fn lines_to(&self, king: Square, them: Color) -> Lines {
        let enemy = self.by_color(them);
        let queens = self.by_role(Role::Queen);
        let diag = (self.by_role(Role::Bishop) | queens) & enemy;
        let ortho = (self.by_role(Role::Rook) | queens) & enemy;
        let mut lines = Lines {
            danger: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
        };
        for s in (attacks::bishop_attacks(king, Bitboard::EMPTY) & diag)
            | (attacks::rook_attacks(king, Bitboard::EMPTY) & ortho)
        {
            let line = attacks::between(king, s);
            lines.danger |= line;
            let blockers = line & self.occupied;
            if !blockers.more_than_one() {
                lines.pinned |= blockers;
            }
        }
        lines
    }
}
