//! The piece letters of literature notation shown to people: English `K Q R B N` (the notation's
//! own, and PGN's), another language's (Russian `Кр Ф Л С К`, German `K D T L S`), or figurines.
//! Turn codes, PGN and links keep English letters; a page shows a turn in its reader's letters by
//! [`relabel`]ling the notation the crate wrote.

use std::fmt;

/// The five letters of the kinds (pawns have none), in the order king, queen, rook, bishop, knight.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Letters {
    king: String,
    queen: String,
    rook: String,
    bishop: String,
    knight: String,
}

/// Why a letter set was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseLettersError {
    text: String,
}

impl fmt::Display for ParseLettersError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "piece letters \"{}\": five letters separated by spaces (king, queen, rook, bishop, knight) expected",
            self.text
        )
    }
}

impl std::error::Error for ParseLettersError {}

impl Letters {
    /// `K Q R B N`.
    pub fn english() -> Letters {
        Letters::parse("K Q R B N").expect("five letters")
    }

    /// The white figurines `♔ ♕ ♖ ♗ ♘`, as chess books print them for both sides.
    pub fn figurines() -> Letters {
        Letters::parse("♔ ♕ ♖ ♗ ♘").expect("five figurines")
    }

    /// Five letters separated by spaces, king first: `"Кр Ф Л С К"`.
    ///
    /// # Errors
    /// A [`ParseLettersError`] when there are not exactly five, or one is longer than four
    /// characters.
    pub fn parse(text: &str) -> Result<Letters, ParseLettersError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let refused = || ParseLettersError {
            text: text.chars().take(40).collect(),
        };
        match words[..] {
            [king, queen, rook, bishop, knight] if words.iter().all(|w| w.chars().count() <= 4) => {
                Ok(Letters {
                    king: king.into(),
                    queen: queen.into(),
                    rook: rook.into(),
                    bishop: bishop.into(),
                    knight: knight.into(),
                })
            }
            _ => Err(refused()),
        }
    }

    /// The letter of an English piece letter (`K`, `Q`, `R`, `B`, `N`), if it is one.
    fn of_english(&self, c: char) -> Option<&str> {
        Some(match c {
            'K' => &self.king,
            'Q' => &self.queen,
            'R' => &self.rook,
            'B' => &self.bishop,
            'N' => &self.knight,
            _ => return None,
        })
    }
}

/// Literature notation (docs/rules.md 4.1) with `letters` for English piece letters: a letter
/// names a kind where the notation puts one, at the start of a move (a SAN lead, a follower, after
/// a move number such as `1.` or `1...`) before its square, disambiguation or capture, and after
/// `=` (a promotion or a transformation). Everything else, castling and squares included, is
/// kept, so a solver's or engine's line of several turns reads as well as one turn. It is for
/// notation, not prose: a capitalised word such as "Bad" would be taken for a move.
///
/// ```
/// use grolman::notation::letters::{relabel, Letters};
/// let russian = Letters::parse("Кр Ф Л С К").unwrap();
/// assert_eq!(relabel("e4 (Ng1-e2, Rh1-g1)", &russian), "e4 (Кg1-e2, Лh1-g1)");
/// assert_eq!(relabel("1.Qxh7+ Kf2 [a1=R, b2=B]", &russian), "1.Фxh7+ Крf2 [a1=Л, b2=С]");
/// ```
pub fn relabel(text: &str, letters: &Letters) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 8);
    for (i, &c) in chars.iter().enumerate() {
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 1).copied();
        let starts_move = before.is_none_or(|b| b.is_whitespace() || matches!(b, '(' | ',' | '.'))
            && after.is_some_and(|a| matches!(a, 'a'..='h' | '1'..='8' | 'x'));
        let promotes = before == Some('=') && after.is_none_or(|a| !a.is_alphanumeric());
        match letters.of_english(c) {
            Some(letter) if starts_move || promotes => out.push_str(letter),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn german() -> Letters {
        Letters::parse("K D T L S").unwrap()
    }

    #[test]
    fn every_kind_takes_its_letter_in_leads_followers_promotions_and_transformations() {
        assert_eq!(
            relabel("Nxe5 (Bf1-e2, Qd1-f1, e7-e8=Q) [c3=R, h8=N]#", &german()),
            "Sxe5 (Lf1-e2, Dd1-f1, e7-e8=D) [c3=T, h8=S]#"
        );
        assert_eq!(relabel("Rad1", &german()), "Tad1");
        assert_eq!(relabel("R1d2", &german()), "T1d2");
        assert_eq!(relabel("exd8=N+", &german()), "exd8=S+");
    }

    #[test]
    fn castling_squares_pawns_and_words_stay_as_written() {
        let text = "O-O-O (Nb1-c1, b2-b3) threat: Black to move";
        assert_eq!(
            relabel(text, &german()),
            "O-O-O (Sb1-c1, b2-b3) threat: Black to move"
        );
        assert_eq!(
            relabel("Queen, Rook or Knight", &Letters::figurines()),
            "Queen, Rook or Knight"
        );
    }

    #[test]
    fn moves_after_move_numbers_take_letters_too() {
        assert_eq!(
            relabel("1.Qh5! (2.Qxf7#) 1...Kd8 2.Rb1", &Letters::figurines()),
            "1.♕h5! (2.♕xf7#) 1...♔d8 2.♖b1"
        );
    }

    #[test]
    fn english_letters_leave_the_notation_unchanged() {
        let text = "O-O (Nf3-e1, f2-f3, Be3-f2, Qd2-e3) [a1=R]+";
        assert_eq!(relabel(text, &Letters::english()), text);
    }

    #[test]
    fn a_letter_set_needs_five_short_letters() {
        assert!(Letters::parse("K D T L").is_err());
        assert!(Letters::parse("K D T L S X").is_err());
        assert!(Letters::parse("K D T L Springer").is_err());
        assert_eq!(
            Letters::parse("K D").unwrap_err().to_string(),
            "piece letters \"K D\": five letters separated by spaces (king, queen, rook, bishop, knight) expected"
        );
    }
}
