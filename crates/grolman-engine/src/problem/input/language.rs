//! Popeye's three input languages: the words of each (commands, colours, options, twin
//! changes) and its piece letters, read for their meaning from Popeye's manuals (py-engl.txt,
//! py-fran.txt, py-deut.txt). The word that opens the input (`BeginProblem`, `DebutProbleme`,
//! `AnfangProblem`) chooses the language, as in Popeye. Words may be abbreviated to a prefix
//! that names one word of its table (three letters at least; two for colours).

use grolman::{Color, Role};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Language {
    English,
    French,
    German,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Keyword {
    BeginProblem,
    EndProblem,
    NextProblem,
    Title,
    Author,
    Origin,
    Award,
    Remark,
    Protocol,
    Condition,
    Option,
    Pieces,
    Forsyth,
    Stipulation,
    Twin,
    /// Popeye's `ZeroPosition`: the diagram is not solved; the changes after it make twin a).
    ZeroPosition,
    /// `InitialGameArray`: the units of the game's opening position.
    InitialGameArray,
    /// `LaTeX file`: Popeye writes a LaTeX diagram there; ours writes none.
    LaTeX,
    /// `LaTeXPieces`: the LaTeX names of fairy pieces, for that diagram.
    LaTeXPieces,
    /// `SStipulation`: Popeye's structured stipulations, refused by name.
    SStipulation,
    Intended,
}

/// The options we read (Popeye's names in English).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Opt {
    Try,
    Defence,
    SetPlay,
    Threat,
    WhiteToPlay,
    Variation,
    MoveNumbers,
    NoWk,
    NoBk,
    Duplex,
    NoThreat,
    MaxSolutions,
    EnPassant,
    CastlingMutuallyExclusive,
    NoBoard,
    NoShortVariations,
    HalfDuplex,
    PostKeyPlay,
    NonTrivial,
    Intelligent,
    MaxTime,
    NoCastling,
    Quodlibet,
    StopOnShortSolutions,
    MatesIn1,
    NullMoves,
    TrivialTriesAvoid,
    KeepMatingPiece,
    Beep,
    SuppressGrid,
    WriteGrid,
    GoalIsEnd,
    StartMoveNumber,
    UpToMoveNumber,
    MaxFlightsquares,
    Search,
    MultiSolutions,
    NoSymmetry,
    LastCapture,
}

impl Opt {
    /// The options that change the diagram's position itself (its side to move, castling, en
    /// passant, or a second solving with the other side), which a FEN line states.
    pub(super) fn changes_position(self) -> bool {
        matches!(
            self,
            Opt::EnPassant
                | Opt::NoCastling
                | Opt::WhiteToPlay
                | Opt::PostKeyPlay
                | Opt::Duplex
                | Opt::HalfDuplex
        )
    }
}

/// Twin changes (Popeye's names in English).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TwinWord {
    Continued,
    Move,
    Exchange,
    Remove,
    Substitute,
    Add,
    Rotate,
    Mirror,
    Shift,
    PolishType,
    Stipulation,
    Condition,
}

use Keyword as K;

const KEYWORDS_EN: &[(&str, Keyword)] = &[
    ("beginproblem", K::BeginProblem),
    ("endproblem", K::EndProblem),
    ("nextproblem", K::NextProblem),
    ("title", K::Title),
    ("author", K::Author),
    ("origin", K::Origin),
    ("award", K::Award),
    ("remark", K::Remark),
    ("protocol", K::Protocol),
    ("condition", K::Condition),
    ("option", K::Option),
    ("pieces", K::Pieces),
    ("forsyth", K::Forsyth),
    ("stipulation", K::Stipulation),
    ("twin", K::Twin),
    ("zeroposition", K::ZeroPosition),
    ("initialgamearray", K::InitialGameArray),
    ("latex", K::LaTeX),
    ("latexpieces", K::LaTeXPieces),
    ("sstipulation", K::SStipulation),
    ("intended", K::Intended),
];

const KEYWORDS_FR: &[(&str, Keyword)] = &[
    ("debutprobleme", K::BeginProblem),
    ("finprobleme", K::EndProblem),
    ("asuivre", K::NextProblem),
    ("titre", K::Title),
    ("auteur", K::Author),
    ("source", K::Origin),
    ("prix", K::Award),
    ("remarque", K::Remark),
    ("protocol", K::Protocol),
    ("condition", K::Condition),
    ("option", K::Option),
    ("pieces", K::Pieces),
    ("forsyth", K::Forsyth),
    ("enonce", K::Stipulation),
    ("jumeau", K::Twin),
    ("zeroposition", K::ZeroPosition),
    ("positioninitialepartie", K::InitialGameArray),
    ("latex", K::LaTeX),
    ("pieceslatex", K::LaTeXPieces),
    ("senonce", K::SStipulation),
    ("intended", K::Intended),
];

const KEYWORDS_DE: &[(&str, Keyword)] = &[
    ("anfangproblem", K::BeginProblem),
    ("endeproblem", K::EndProblem),
    ("weiteresproblem", K::NextProblem),
    ("titel", K::Title),
    ("autor", K::Author),
    ("quelle", K::Origin),
    ("auszeichnung", K::Award),
    ("bemerkung", K::Remark),
    ("protokoll", K::Protocol),
    ("bedingung", K::Condition),
    ("option", K::Option),
    ("steine", K::Pieces),
    ("forsyth", K::Forsyth),
    ("forderung", K::Stipulation),
    ("zwilling", K::Twin),
    ("nullstellung", K::ZeroPosition),
    ("partieanfangsstellung", K::InitialGameArray),
    ("latex", K::LaTeX),
    ("latexsteine", K::LaTeXPieces),
    ("sforderung", K::SStipulation),
    ("intended", K::Intended),
];

use Opt as O;

const OPTIONS_EN: &[(&str, Opt)] = &[
    ("try", O::Try),
    ("defence", O::Defence),
    ("setplay", O::SetPlay),
    ("threat", O::Threat),
    ("whitetoplay", O::WhiteToPlay),
    ("variations", O::Variation),
    ("movenumbers", O::MoveNumbers),
    ("nowk", O::NoWk),
    ("nobk", O::NoBk),
    ("duplex", O::Duplex),
    ("nothreat", O::NoThreat),
    ("maxsolutions", O::MaxSolutions),
    ("enpassant", O::EnPassant),
    ("castlingmutuallyexclusive", O::CastlingMutuallyExclusive),
    ("noboard", O::NoBoard),
    ("noshortvariations", O::NoShortVariations),
    ("halfduplex", O::HalfDuplex),
    ("postkeyplay", O::PostKeyPlay),
    ("nontrivial", O::NonTrivial),
    ("intelligent", O::Intelligent),
    ("maxtime", O::MaxTime),
    ("nocastling", O::NoCastling),
    ("quodlibet", O::Quodlibet),
    ("stoponshortsolutions", O::StopOnShortSolutions),
    ("matesin1", O::MatesIn1),
    ("nullmoves", O::NullMoves),
    ("trivialtriesavoid", O::TrivialTriesAvoid),
    ("keepmatingpiece", O::KeepMatingPiece),
    ("beep", O::Beep),
    ("suppressgrid", O::SuppressGrid),
    ("writegrid", O::WriteGrid),
    ("goalisend", O::GoalIsEnd),
    ("startmovenumber", O::StartMoveNumber),
    ("uptomovenumber", O::UpToMoveNumber),
    ("maxflightsquares", O::MaxFlightsquares),
    ("search", O::Search),
    ("multisolutions", O::MultiSolutions),
    ("nosymmetry", O::NoSymmetry),
    ("lastcapture", O::LastCapture),
];

const OPTIONS_FR: &[(&str, Opt)] = &[
    ("essais", O::Try),
    ("defense", O::Defence),
    ("apparent", O::SetPlay),
    ("menace", O::Threat),
    ("apparentseul", O::WhiteToPlay),
    ("variantes", O::Variation),
    ("trace", O::MoveNumbers),
    ("sansrb", O::NoWk),
    ("sansrn", O::NoBk),
    ("duplex", O::Duplex),
    ("sansmenace", O::NoThreat),
    ("maxsolutions", O::MaxSolutions),
    ("enpassant", O::EnPassant),
    ("roquesmutuellementexclusifs", O::CastlingMutuallyExclusive),
    ("sansechiquier", O::NoBoard),
    ("sansvariantescourtes", O::NoShortVariations),
    ("demiduplex", O::HalfDuplex),
    ("aprescle", O::PostKeyPlay),
    ("nontrivial", O::NonTrivial),
    ("intelligent", O::Intelligent),
    ("maxtemps", O::MaxTime),
    ("sansroquer", O::NoCastling),
    ("quodlibet", O::Quodlibet),
    ("finapressolutionscourtes", O::StopOnShortSolutions),
    ("matsen1", O::MatesIn1),
    ("coupsvides", O::NullMoves),
    ("trivialessaisupprimer", O::TrivialTriesAvoid),
    ("retienspiecematante", O::KeepMatingPiece),
    ("bip", O::Beep),
    ("sansgrille", O::SuppressGrid),
    ("ajoutegrille", O::WriteGrid),
    ("butestfin", O::GoalIsEnd),
    ("enroute", O::StartMoveNumber),
    ("jusquaucoup", O::UpToMoveNumber),
    ("maxcasesfuites", O::MaxFlightsquares),
    ("search", O::Search),
    ("multisolutions", O::MultiSolutions),
    ("nonsymetrique", O::NoSymmetry),
    ("derniereprise", O::LastCapture),
];

const OPTIONS_DE: &[(&str, Opt)] = &[
    ("verfuehrung", O::Try),
    ("widerlegung", O::Defence),
    ("satzspiel", O::SetPlay),
    ("drohung", O::Threat),
    ("weissbeginnt", O::WhiteToPlay),
    ("varianten", O::Variation),
    ("zugnummern", O::MoveNumbers),
    ("ohnewk", O::NoWk),
    ("ohnesk", O::NoBk),
    ("duplex", O::Duplex),
    ("ohnedrohung", O::NoThreat),
    ("maxloesungen", O::MaxSolutions),
    ("enpassant", O::EnPassant),
    ("rochadengegenseitigausschliessend", O::CastlingMutuallyExclusive),
    ("ohnebrett", O::NoBoard),
    ("ohnekurzvarianten", O::NoShortVariations),
    ("halbduplex", O::HalfDuplex),
    ("nachschluessel", O::PostKeyPlay),
    ("nichttrivial", O::NonTrivial),
    ("intelligent", O::Intelligent),
    ("maxzeit", O::MaxTime),
    ("keinerochade", O::NoCastling),
    ("quodlibet", O::Quodlibet),
    ("stopnachkurzloesungen", O::StopOnShortSolutions),
    ("mattsin1", O::MatesIn1),
    ("nullzuege", O::NullMoves),
    ("trivialefehlversucheunterdruecken", O::TrivialTriesAvoid),
    ("haltemattsetzendenstein", O::KeepMatingPiece),
    ("pieps", O::Beep),
    ("ohnegitter", O::SuppressGrid),
    ("zeichnegitter", O::WriteGrid),
    ("zielistende", O::GoalIsEnd),
    ("startzugnummer", O::StartMoveNumber),
    ("biszugnummer", O::UpToMoveNumber),
    ("maxfluchtfelder", O::MaxFlightsquares),
    ("suchen", O::Search),
    ("mehrereloesungen", O::MultiSolutions),
    ("keinesymmetrie", O::NoSymmetry),
    ("letzterschlag", O::LastCapture),
];

use TwinWord as T;

const TWIN_EN: &[(&str, TwinWord)] = &[
    ("continued", T::Continued),
    ("move", T::Move),
    ("exchange", T::Exchange),
    ("remove", T::Remove),
    ("substitute", T::Substitute),
    ("add", T::Add),
    ("rotate", T::Rotate),
    ("mirror", T::Mirror),
    ("shift", T::Shift),
    ("polishtype", T::PolishType),
    ("stipulation", T::Stipulation),
    ("condition", T::Condition),
];

const TWIN_FR: &[(&str, TwinWord)] = &[
    ("enplus", T::Continued),
    ("deplacement", T::Move),
    ("echange", T::Exchange),
    ("ote", T::Remove),
    ("remplace", T::Substitute),
    ("ajoute", T::Add),
    ("rotation", T::Rotate),
    ("miroir", T::Mirror),
    ("translation", T::Shift),
    ("couleurechange", T::PolishType),
    ("enonce", T::Stipulation),
    ("condition", T::Condition),
];

const TWIN_DE: &[(&str, TwinWord)] = &[
    ("ferner", T::Continued),
    ("versetze", T::Move),
    ("tausche", T::Exchange),
    ("entferne", T::Remove),
    ("ersetze", T::Substitute),
    ("hinzufuegen", T::Add),
    ("drehung", T::Rotate),
    ("spiegelung", T::Mirror),
    ("verschiebung", T::Shift),
    ("farbwechsel", T::PolishType),
    ("forderung", T::Stipulation),
    ("bedingung", T::Condition),
];

/// The word in `table` that `word` names: written in full, or a prefix of at least `least`
/// letters that begins one word only.
fn lookup<T: Copy>(table: &[(&str, T)], word: &str, least: usize) -> Option<T> {
    let w = word.to_ascii_lowercase();
    if let Some(&(_, k)) = table.iter().find(|(name, _)| *name == w) {
        return Some(k);
    }
    if w.len() < least {
        return None;
    }
    let mut found = table.iter().filter(|(name, _)| name.starts_with(&w));
    match (found.next(), found.next()) {
        (Some(&(_, k)), None) => Some(k),
        _ => None,
    }
}

impl Language {
    /// The language a problem text opens in: its first word is `BeginProblem` in one of them.
    pub(super) fn of_opening(word: &str) -> Option<Language> {
        [Language::English, Language::French, Language::German]
            .into_iter()
            .find(|l| l.keyword(word) == Some(Keyword::BeginProblem))
    }

    /// The language of an option list given alone (`with_options`): the first of English,
    /// French and German in which its first word is an option; English when none.
    pub(super) fn of_option(word: &str) -> Language {
        [Language::English, Language::French, Language::German]
            .into_iter()
            .find(|l| l.option(word).is_some())
            .unwrap_or(Language::English)
    }

    pub(super) fn keyword(self, word: &str) -> Option<Keyword> {
        let table = match self {
            Language::English => KEYWORDS_EN,
            Language::French => KEYWORDS_FR,
            Language::German => KEYWORDS_DE,
        };
        lookup(table, word, 3)
    }

    pub(super) fn option(self, word: &str) -> Option<Opt> {
        let table = match self {
            Language::English => OPTIONS_EN,
            Language::French => OPTIONS_FR,
            Language::German => OPTIONS_DE,
        };
        lookup(table, word, 3)
    }

    pub(super) fn twin_word(self, word: &str) -> Option<TwinWord> {
        let table = match self {
            Language::English => TWIN_EN,
            Language::French => TWIN_FR,
            Language::German => TWIN_DE,
        };
        lookup(table, word, 3)
    }

    /// `White` / `wh`, `Blanc` / `bl`, `Weiss` / `we` ...; `Err(())` for a neutral colour.
    pub(super) fn color(self, word: &str) -> Result<Option<Color>, ()> {
        let (white, black, neutral) = match self {
            Language::English => ("white", "black", "neutral"),
            Language::French => ("blanc", "noir", "neutre"),
            Language::German => ("weiss", "schwarz", "neutral"),
        };
        let table = [
            (white, Some(Color::White)),
            (black, Some(Color::Black)),
            (neutral, None),
        ];
        match lookup(&table, word, 2) {
            Some(Some(c)) => Ok(Some(c)),
            Some(None) => Err(()),
            None => Ok(None),
        }
    }

    /// A piece letter of the language (English also takes N for the knight, as FEN does).
    pub(super) fn role(self, letter: char) -> Option<Role> {
        let l = letter.to_ascii_lowercase();
        let letters: [(char, Role); 6] = match self {
            Language::English => [
                ('k', Role::King),
                ('q', Role::Queen),
                ('r', Role::Rook),
                ('b', Role::Bishop),
                ('s', Role::Knight),
                ('p', Role::Pawn),
            ],
            Language::French => [
                ('r', Role::King),
                ('d', Role::Queen),
                ('t', Role::Rook),
                ('f', Role::Bishop),
                ('c', Role::Knight),
                ('p', Role::Pawn),
            ],
            Language::German => [
                ('k', Role::King),
                ('d', Role::Queen),
                ('t', Role::Rook),
                ('l', Role::Bishop),
                ('s', Role::Knight),
                ('b', Role::Pawn),
            ],
        };
        if self == Language::English && l == 'n' {
            return Some(Role::Knight);
        }
        letters.iter().find(|(c, _)| *c == l).map(|&(_, r)| r)
    }

    /// The piece letters, for messages: `K, Q, R, B, S (or N), P`.
    pub(super) fn letters(self) -> &'static str {
        match self {
            Language::English => "K, Q, R, B, S or N, P",
            Language::French => "R, D, T, F, C, P",
            Language::German => "K, D, T, L, S, B",
        }
    }
}
