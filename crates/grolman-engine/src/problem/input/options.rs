//! `Option ...`: each option of Popeye's that we read, with its arguments. What each means
//! for the solver is in `docs/solver.md`; those that change the position (`EnPassant`,
//! `NoCastling`, `WhiteToPlay`, `PostKeyPlay`, `Duplex`, `HalfDuplex`) are applied in
//! `draft.rs`, the others go to [`crate::problem::Options`].

use grolman::{Color, Square};

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
                return Err(error(&w, Kind::UnsupportedOption));
            };
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
                // Output only: Popeye's board, its progress lines, its method for helpmates
                // (ours finds the same solutions) and its time limit (the caller's to set).
                Opt::Variation | Opt::NoBoard | Opt::MoveNumbers => {}
                Opt::Intelligent => {
                    if words.peek().is_some_and(|t| t.text.parse::<u32>().is_ok()) {
                        words.next();
                    }
                }
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
                Opt::NoWk => return Err(error(&w, Kind::KinglessRefused(Color::White))),
                Opt::NoBk => return Err(error(&w, Kind::KinglessRefused(Color::Black))),
                Opt::NullMoves => return Err(error(&w, Kind::NullMovesRefused)),
                Opt::CastlingMutuallyExclusive => return Err(error(&w, Kind::ExclusiveCastlingRefused)),
            }
        }
        Ok(())
    }
}
