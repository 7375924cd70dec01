//! A small seeded pseudo-random generator (xorshift64) and random placements, for the tests
//! that hold one method against another on many positions: the same seed gives the same
//! positions on every run and machine, so a failure repeats. Not for anything that needs
//! good randomness.

use crate::board::Board;
use crate::position::{Castling, Position};
use crate::setup::Setup;
use crate::types::{Color, Piece, Role, Square};

/// Marsaglia's xorshift64 (shifts 13, 7, 17). The seed must not be 0 (it would stay 0).
pub struct Xorshift(pub u64);

impl Xorshift {
    /// The next number of the sequence.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (`n` > 0; slightly biased, which tests do not mind).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// White or Black, each half the time.
    pub fn color(&mut self) -> Color {
        Color::ALL[self.below(2) as usize]
    }

    /// A kind other than the king, a pawn twice as often as each other kind: the mix of the
    /// random-position tests (pawns bring promotions and en passant).
    pub fn role(&mut self) -> Role {
        const ROLES: [Role; 6] = [
            Role::Pawn,
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ];
        ROLES[self.below(6) as usize]
    }

    /// A board of the two kings and a number of other units (`units`, drawn after the kings),
    /// each on a random empty square with its colour from `color` (given the unit's index) and
    /// its kind from [`Xorshift::role`], drawn in that order: the random boards of most
    /// method-against-method tests.
    pub fn board(
        &mut self,
        units: impl FnOnce(&mut Self) -> u64,
        mut color: impl FnMut(&mut Self, u64) -> Color,
    ) -> Board {
        let mut board = Board::empty();
        self.put(&mut board, Piece::new(Color::White, Role::King));
        self.put(&mut board, Piece::new(Color::Black, Role::King));
        for i in 0..units(self) {
            let color = color(self, i);
            let role = self.role();
            self.put(&mut board, Piece::new(color, role));
        }
        board
    }

    /// A board of the two kings, then 1 to `attackers` units of White (the mating side) and 2 to
    /// `others` + 1 units of Black, each of a kind drawn from `roles`, in that order: the random
    /// boards of the helpmate bounds' tests (few attackers, many units of the mated side).
    pub fn attack_board(&mut self, roles: &[Role], attackers: u64, others: u64) -> Board {
        let mut board = Board::empty();
        self.put(&mut board, Piece::new(Color::White, Role::King));
        self.put(&mut board, Piece::new(Color::Black, Role::King));
        let attackers = 1 + self.below(attackers);
        for i in 0..attackers + 2 + self.below(others) {
            let color = if i < attackers { Color::White } else { Color::Black };
            let role = roles[self.below(roles.len() as u64) as usize];
            self.put(&mut board, Piece::new(color, role));
        }
        board
    }

    /// Puts `piece` on an empty square of `board` drawn at random (the board must have one).
    pub fn put(&mut self, board: &mut Board, piece: Piece) {
        loop {
            let sq = Square::new(self.below(64) as u8);
            if board.piece_at(sq).is_none() {
                board.put(sq, piece);
                return;
            }
        }
    }
}

/// `board` with `turn` to move, no castling right and no en passant square, if that is a
/// legal position.
pub fn position_of(board: Board, turn: Color) -> Option<Position> {
    Position::from_setup(Setup {
        board,
        turn,
        castling: Castling::NONE,
        ep: None,
        halfmoves: 0,
        fullmoves: 1,
    })
    .ok()
}

/// `count` legal positions with `turn` to move, each of the two kings and 3 to 10 other units,
/// each of them Black's one time in `black_in` and else White's ([`Xorshift::board`]), from
/// `seed`.
pub fn positions(count: usize, turn: Color, black_in: u64, seed: u64) -> Vec<Position> {
    let mut rng = Xorshift(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let board = rng.board(
            |rng| 3 + rng.below(8),
            |rng, _| {
                if rng.below(black_in) == 0 {
                    Color::Black
                } else {
                    Color::White
                }
            },
        );
        if let Some(pos) = position_of(board, turn) {
            out.push(pos);
        }
    }
    out
}
