//! `Option ...`: each option of Popeye's that we read, with its arguments. What each means
//! for the solver is in `docs/solver.md`; those that change the position (`EnPassant`,
//! `NoCastling`, `WhiteToPlay`, `PostKeyPlay`, `Duplex`, `HalfDuplex`) are applied in
//! `draft.rs`, the others go to [`crate::problem::Options`].

use grolman::{CastlingSide, Color, Square};

use super::draft::Draft;
use super::language::Opt;
use super::popeye::Popeye;
use super::{error, Expected, ProblemError, ProblemErrorKind as Kind, Token};

impl Popeye {
    pub(super) fn option(&mut self, tok: &Token, draft: &mut Draft) -> Result<(), ProblemError> {
        let words = self.words();
        if words.is_empty() {
            return Err(error(tok, Kind::NoOption));
        }
        let mut words = words.into_iter().peekable();
        while let Some(w) = words.next() {
            let Some(opt) = self.language.option(&w.text) else {
                return Err(error(&w, Kind::UnsupportedOption(self.language)));
            };
            let refused = |name| error(&w, Kind::OptionNotSupported(name));
            let mut number = |what: Expected| -> Result<u32, ProblemError> {
                let n = words
                    .next()
                    .ok_or_else(|| error(&w, Kind::EndOfInput { expected: what }))?;
                n.text.parse().map_err(|_| error(&n, Kind::BadNumber(what)))
            };
            let o = &mut draft.options;
            match opt {
                Opt::Try => o.tries = Some(o.tries.unwrap_or(1)),
                Opt::Defence => o.tries = Some(number(Expected::RefutationCount)?.max(1) as usize),
                Opt::SetPlay => o.set_play = true,
                Opt::Threat => o.threat = Some(number(Expected::MoveCount)?),
                Opt::NoThreat => o.no_threat = true,
                Opt::MaxSolutions => o.max_solutions = Some(number(Expected::SolutionCount)?.max(1) as usize),
                Opt::NonTrivial => {
                    let m = number(Expected::TwoNumbers)?;
                    let n = number(Expected::SecondNumber)?;
                    o.non_trivial = Some((m, n));
                }
                Opt::NoShortVariations => o.no_short_variations = true,
                Opt::Quodlibet => o.quodlibet = true,
                Opt::StopOnShortSolutions => o.stop_on_short = true,
                Opt::MatesIn1 => o.mates_in_1 = true,
                Opt::PostKeyPlay => o.post_key = true,
                Opt::WhiteToPlay => draft.white_to_play = true,
                Opt::Duplex => draft.duplex = true,
                Opt::HalfDuplex => draft.half_duplex = true,
                Opt::TrivialTriesAvoid => o.trivial_tries_avoid = true,
                // Output only: Popeye's board, its progress lines, its method for helpmates
                // (ours finds the same solutions), its pruning when no unit can mate any more
                // (the same solutions), its Grid chess drawing, and GoalIsEnd, which concerns
                // goals that leave the loser a move (ours, mate and stalemate, do not).
                Opt::Variation
                | Opt::NoBoard
                | Opt::MoveNumbers
                | Opt::KeepMatingPiece
                | Opt::SuppressGrid
                | Opt::WriteGrid
                | Opt::GoalIsEnd => {}
                // Popeye beeps that many times per solution.
                Opt::Beep => {
                    if words.peek().is_some_and(|t| t.text.parse::<u32>().is_ok()) {
                        words.next();
                    }
                }
                Opt::Intelligent => {
                    if words.peek().is_some_and(|t| t.text.parse::<u32>().is_ok()) {
                        words.next();
                    }
                }
                // The caller bounds the time: the page's panel, or the shell.
                Opt::MaxTime => {
                    number(Expected::SecondCount)?;
                }
                Opt::EnPassant => {
                    let mut squares = Vec::new();
                    while let Some(t) =
                        words.next_if(|t| Square::parse(&t.text.to_ascii_lowercase()).is_some())
                    {
                        squares.push(Square::parse(&t.text.to_ascii_lowercase()).expect("just checked"));
                    }
                    if !(3..=4).contains(&squares.len()) {
                        return Err(error(&w, Kind::EnPassantSquares));
                    }
                    // Departure, the square(s) passed over, arrival: the first passed over is
                    // where the pawn may be taken.
                    draft.en_passant = Some((squares[1], w.clone()));
                }
                Opt::NoCastling => {
                    let before = draft.no_castling.len();
                    while let Some(t) =
                        words.next_if(|t| Square::parse(&t.text.to_ascii_lowercase()).is_some())
                    {
                        draft
                            .no_castling
                            .push(Square::parse(&t.text.to_ascii_lowercase()).expect("just checked"));
                    }
                    if draft.no_castling.len() == before {
                        return Err(error(
                            &w,
                            Kind::EndOfInput {
                                expected: Expected::NoCastlingSquares,
                            },
                        ));
                    }
                }
                // The diagram may lack that side's king (docs/solver.md: such a side is never
                // in check, so never mated).
                Opt::NoWk => draft.kingless = draft.kingless.with(Color::White),
                Opt::NoBk => draft.kingless = draft.kingless.with(Color::Black),
                // Popeye numbers first moves in its own order of generation; these count in
                // ours, the order our progress (and so `MoveNumbers`) numbers them in.
                Opt::StartMoveNumber | Opt::UpToMoveNumber => {
                    let n = number(Expected::MoveNumber)?;
                    if n == 0 {
                        return Err(error(&w, Kind::BadNumber(Expected::MoveNumber)));
                    }
                    let first = &mut o.first_moves;
                    if opt == Opt::StartMoveNumber {
                        first.start = Some(n as usize);
                    } else {
                        first.up_to = Some(n as usize);
                    }
                    if let (Some(start), Some(up_to)) = (first.start, first.up_to) {
                        if start > up_to {
                            return Err(error(&w, Kind::NoFirstMoves { start, up_to }));
                        }
                    }
                }
                Opt::MaxFlightsquares => o.max_flights = Some(number(Expected::FlightCount)?),
                Opt::Search => return Err(refused("Search")),
                Opt::MultiSolutions => return Err(refused("MultiSolutions")),
                Opt::NoSymmetry => return Err(refused("NoSymmetry")),
                Opt::LastCapture => return Err(refused("LastCapture")),
                Opt::NullMoves => {
                    o.null_moves = true;
                    draft.null_moves = Some(w.clone());
                }
                // `a1h8`: White's castling with the rook on a1 and Black's with the rook on h8
                // exclude each other; the option comes once per pair.
                Opt::CastlingMutuallyExclusive => {
                    let pair = words.next().ok_or_else(|| {
                        error(
                            &w,
                            Kind::EndOfInput {
                                expected: Expected::RookPair,
                            },
                        )
                    })?;
                    let t = pair.text.to_ascii_lowercase();
                    let side = |sq: &str, rank: char| match (sq.as_bytes().first(), sq.chars().nth(1)) {
                        (Some(b'a'), Some(r)) if r == rank => Some(CastlingSide::Queen),
                        (Some(b'h'), Some(r)) if r == rank => Some(CastlingSide::King),
                        _ => None,
                    };
                    match (
                        t.len(),
                        side(t.get(..2).unwrap_or(""), '1'),
                        side(t.get(2..).unwrap_or(""), '8'),
                    ) {
                        (4, Some(white), Some(black)) => o.exclusive_castling.push((white, black)),
                        _ => return Err(error(&pair, Kind::ExclusiveCastlingSquares)),
                    }
                }
            }
        }
        Ok(())
    }
}
