//! Popeye's three input languages: the words of each (commands, colours, options, twin
//! changes) and its piece letters, read for their meaning from Popeye's manuals (py-engl.txt,
//! py-fran.txt, py-deut.txt). The word that opens the input (`BeginProblem`, `DebutProbleme`,
//! `AnfangProblem`) chooses the language, as in Popeye. Words may be abbreviated to a prefix
//! that names one word of its table (three letters at least; two for colours).

use grolman::{Color, Role};

/// One of Popeye's input languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
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

/// The options we read (Popeye's names in English; the tables below have each language's
/// spelling, compared without case).
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

    /// Popeye's options that we read and refuse by name (`OptionNotSupported`).
    fn refused(self) -> bool {
        matches!(
            self,
            Opt::Search | Opt::MultiSolutions | Opt::NoSymmetry | Opt::LastCapture
        )
    }

    /// The options accepted that change nothing here (output, or Popeye's own methods).
    fn changes_nothing(self) -> bool {
        matches!(
            self,
            Opt::NoBoard
                | Opt::MoveNumbers
                | Opt::Intelligent
                | Opt::MaxTime
                | Opt::KeepMatingPiece
                | Opt::Beep
                | Opt::SuppressGrid
                | Opt::WriteGrid
                | Opt::GoalIsEnd
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
    ("Try", O::Try),
    ("Defence", O::Defence),
    ("SetPlay", O::SetPlay),
    ("Threat", O::Threat),
    ("WhiteToPlay", O::WhiteToPlay),
    ("Variations", O::Variation),
    ("MoveNumbers", O::MoveNumbers),
    ("NoWk", O::NoWk),
    ("NoBk", O::NoBk),
    ("Duplex", O::Duplex),
    ("NoThreat", O::NoThreat),
    ("MaxSolutions", O::MaxSolutions),
    ("EnPassant", O::EnPassant),
    ("CastlingMutuallyExclusive", O::CastlingMutuallyExclusive),
    ("NoBoard", O::NoBoard),
    ("NoShortVariations", O::NoShortVariations),
    ("HalfDuplex", O::HalfDuplex),
    ("PostKeyPlay", O::PostKeyPlay),
    ("NonTrivial", O::NonTrivial),
    ("Intelligent", O::Intelligent),
    ("MaxTime", O::MaxTime),
    ("NoCastling", O::NoCastling),
    ("Quodlibet", O::Quodlibet),
    ("StopOnShortSolutions", O::StopOnShortSolutions),
    ("MatesIn1", O::MatesIn1),
    ("NullMoves", O::NullMoves),
    ("TrivialTriesAvoid", O::TrivialTriesAvoid),
    ("KeepMatingPiece", O::KeepMatingPiece),
    ("Beep", O::Beep),
    ("SuppressGrid", O::SuppressGrid),
    ("WriteGrid", O::WriteGrid),
    ("GoalIsEnd", O::GoalIsEnd),
    ("StartMoveNumber", O::StartMoveNumber),
    ("UpToMoveNumber", O::UpToMoveNumber),
    ("MaxFlightsquares", O::MaxFlightsquares),
    ("Search", O::Search),
    ("MultiSolutions", O::MultiSolutions),
    ("NoSymmetry", O::NoSymmetry),
    ("LastCapture", O::LastCapture),
];

const OPTIONS_FR: &[(&str, Opt)] = &[
    ("Essais", O::Try),
    ("Defense", O::Defence),
    ("Apparent", O::SetPlay),
    ("Menace", O::Threat),
    ("ApparentSeul", O::WhiteToPlay),
    ("Variantes", O::Variation),
    ("Trace", O::MoveNumbers),
    ("SansRB", O::NoWk),
    ("SansRN", O::NoBk),
    ("Duplex", O::Duplex),
    ("SansMenace", O::NoThreat),
    ("MaxSolutions", O::MaxSolutions),
    ("EnPassant", O::EnPassant),
    ("RoquesMutuellementExclusifs", O::CastlingMutuallyExclusive),
    ("SansEchiquier", O::NoBoard),
    ("SansVariantesCourtes", O::NoShortVariations),
    ("DemiDuplex", O::HalfDuplex),
    ("ApresCle", O::PostKeyPlay),
    ("NonTrivial", O::NonTrivial),
    ("Intelligent", O::Intelligent),
    ("MaxTemps", O::MaxTime),
    ("SansRoquer", O::NoCastling),
    ("Quodlibet", O::Quodlibet),
    ("FinApresSolutionsCourtes", O::StopOnShortSolutions),
    ("MatsEn1", O::MatesIn1),
    ("CoupsVides", O::NullMoves),
    ("TrivialEssaiSupprimer", O::TrivialTriesAvoid),
    ("RetiensPieceMatante", O::KeepMatingPiece),
    ("Bip", O::Beep),
    ("SansGrille", O::SuppressGrid),
    ("AjouteGrille", O::WriteGrid),
    ("ButEstFin", O::GoalIsEnd),
    ("Enroute", O::StartMoveNumber),
    ("JusquAuCoup", O::UpToMoveNumber),
    ("MaxCasesFuites", O::MaxFlightsquares),
    ("Search", O::Search),
    ("MultiSolutions", O::MultiSolutions),
    ("NonSymetrique", O::NoSymmetry),
    ("DernierePrise", O::LastCapture),
];

const OPTIONS_DE: &[(&str, Opt)] = &[
    ("Verfuehrung", O::Try),
    ("Widerlegung", O::Defence),
    ("Satzspiel", O::SetPlay),
    ("Drohung", O::Threat),
    ("WeissBeginnt", O::WhiteToPlay),
    ("Varianten", O::Variation),
    ("Zugnummern", O::MoveNumbers),
    ("OhneWk", O::NoWk),
    ("OhneSk", O::NoBk),
    ("Duplex", O::Duplex),
    ("OhneDrohung", O::NoThreat),
    ("MaxLoesungen", O::MaxSolutions),
    ("EnPassant", O::EnPassant),
    ("RochadenGegenseitigAusschliessend", O::CastlingMutuallyExclusive),
    ("OhneBrett", O::NoBoard),
    ("OhneKurzvarianten", O::NoShortVariations),
    ("HalbDuplex", O::HalfDuplex),
    ("NachSchluessel", O::PostKeyPlay),
    ("NichtTrivial", O::NonTrivial),
    ("Intelligent", O::Intelligent),
    ("MaxZeit", O::MaxTime),
    ("KeineRochade", O::NoCastling),
    ("Quodlibet", O::Quodlibet),
    ("StopNachKurzloesungen", O::StopOnShortSolutions),
    ("MattsIn1", O::MatesIn1),
    ("NullZuege", O::NullMoves),
    ("TrivialeFehlversucheUnterdruecken", O::TrivialTriesAvoid),
    ("HalteMattsetzendenStein", O::KeepMatingPiece),
    ("Pieps", O::Beep),
    ("OhneGitter", O::SuppressGrid),
    ("ZeichneGitter", O::WriteGrid),
    ("ZielIstEnde", O::GoalIsEnd),
    ("StartZugnummer", O::StartMoveNumber),
    ("BisZugnummer", O::UpToMoveNumber),
    ("MaxFluchtfelder", O::MaxFlightsquares),
    ("Suchen", O::Search),
    ("MehrereLoesungen", O::MultiSolutions),
    ("KeineSymmetrie", O::NoSymmetry),
    ("LetzterSchlag", O::LastCapture),
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
    if let Some(&(_, k)) = table.iter().find(|(name, _)| name.eq_ignore_ascii_case(word)) {
        return Some(k);
    }
    if word.len() < least {
        return None;
    }
    // The tables' words are ASCII: a prefix of a word is its first bytes.
    let mut found = table.iter().filter(|(name, _)| {
        name.get(..word.len())
            .is_some_and(|p| p.eq_ignore_ascii_case(word))
    });
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

    /// The language of an option list given alone (`parse_with_options`): the first of English,
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
        lookup(self.options(), word, 3)
    }

    fn options(self) -> &'static [(&'static str, Opt)] {
        match self {
            Language::English => OPTIONS_EN,
            Language::French => OPTIONS_FR,
            Language::German => OPTIONS_DE,
        }
    }

    /// The options we read, by their names in this language (Popeye's spelling), in Popeye's
    /// order: those that change the solving when `changing`, else those accepted that change
    /// nothing (docs/solver.md). An error that lists them lists them in the input's language.
    pub fn option_names(self, changing: bool) -> Vec<&'static str> {
        self.options()
            .iter()
            .filter(|(_, o)| !o.refused() && o.changes_nothing() != changing)
            .map(|&(name, _)| name)
            .collect()
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
