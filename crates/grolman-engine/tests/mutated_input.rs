//! Reading problems damaged at random: the solver's problems (`tests/data/solver-bench.txt`)
//! and a few in German, French and with many options and twin changes, each with words
//! dropped, doubled, swapped, cut short, misspelt or taken from another problem. The reader
//! must never panic; an error must name a line of the text and a token that stands on it (what
//! the page and the command line show); a problem it reads must give each twin a position.

use grolman::random::Xorshift;
use grolman_engine::problem::{parse, parse_with_options};

const MORE: &[&str] = &[
    "AnfangProblem\nForderung h#2\nSteine Weiss Kf5 Te6 Lf3 Schwarz Kb3 Tf1 Lc1c8 Sf6g4 Ba4\n\
     Zwilling Drehung 90\nZwilling Spiegelung a1<-->h1\nZwilling Verschieben a1 b2\n\
     Zwilling PolnischerTyp\nZwilling Ersetzen B S\nEndeProblem",
    "DebutProbleme\nEnonce h#2\nPieces Blanc Rf5 Te6 Ff3 Noir Rb3 Tf1 Fc1c8 Cf6g4 Pa4\n\
     Jumeau Rotation 180\nJumeau Miroir a1<-->a8\nFinProbleme",
    "BeginProblem\nCondition Tatarstan\nStipulation ser-h#3\nOption SetPlay Try Defence 2 \
     PostKeyPlay MaxSolutions 3 NoBk Quodlibet Duplex HalfDuplex Threat 2 NonTrivial 1 2 \
     Variations ShortVariations MoveNumbers\nPieces White Kf5 Re6 Bf3 Black Rf1\n\
     Twin Add white Qa1 black Pb2\nTwin Remove a1\nTwin Exchange f5 f1\nTwin Stipulation s#2\n\
     Twin Condition Grolman\nTwin Cont Shift a1 a2\nEndProblem",
    "BeginProblem\nStipulation =3\nOption NoWk EnPassant e3 NoCastling a1 h8 WhiteToPlay\n\
     Pieces White Ra1 Black Ke8 Pe4 Pd4\nEndProblem",
    "grolman 6k1/8/8/8/8/8/8/R5K1 w - - 0 1 #2\ntatarstan 8/8/8/8/8/8/8/R3K3 w - - 0 1 =1",
];

/// The problems to damage: those of the solver's benchmark file, one text each, and [`MORE`].
fn problems() -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/solver-bench.txt");
    let file = std::fs::read_to_string(path).unwrap();
    let body: Vec<&str> = file.lines().filter(|l| !l.starts_with(';')).collect();
    let mut out: Vec<String> = body
        .join("\n")
        .split("NextProblem")
        .map(|p| {
            let p = p
                .trim()
                .trim_start_matches("BeginProblem")
                .trim_end_matches("EndProblem");
            format!("BeginProblem\n{}\nEndProblem", p.trim())
        })
        .collect();
    out.extend(MORE.iter().map(|p| p.to_string()));
    out
}

/// `text` with one to four of its words damaged, from `words` or at random.
fn damaged(rng: &mut Xorshift, text: &str, words: &[&str]) -> String {
    let mut tokens: Vec<String> = text.split(' ').map(String::from).collect();
    let pick = |rng: &mut Xorshift, n: usize| rng.below(n as u64) as usize;
    for _ in 0..1 + pick(rng, 4) {
        if tokens.is_empty() {
            tokens.push(String::new());
        }
        let i = pick(rng, tokens.len());
        match pick(rng, 9) {
            0 => drop(tokens.remove(i)),
            1 => tokens.insert(i, tokens[i].clone()),
            2 => tokens[i] = words[pick(rng, words.len())].to_string(),
            3 => tokens.insert(i, words[pick(rng, words.len())].to_string()),
            4 => {
                let letters: Vec<char> = "abcdefgh018#=.-+<>KQRBSNPkqrsp/\n\u{e9}\u{fc}".chars().collect();
                let mut chars: Vec<char> = tokens[i].chars().collect();
                if !chars.is_empty() {
                    let at = pick(rng, chars.len());
                    chars[at] = letters[pick(rng, letters.len())];
                }
                tokens[i] = chars.into_iter().collect();
            }
            5 => tokens[i] = rng.below(100_000).to_string(),
            6 => {
                let j = pick(rng, tokens.len());
                tokens.swap(i, j);
            }
            7 => {
                let keep = pick(rng, tokens[i].chars().count() + 1);
                tokens[i] = tokens[i].chars().take(keep).collect();
            }
            _ => tokens.insert(i, "\n".to_string()),
        }
    }
    tokens.join(" ")
}

#[test]
fn damaged_problems_are_refused_at_a_word_of_theirs_or_read() {
    let problems = problems();
    let words: Vec<&str> = problems.iter().flat_map(|p| p.split_whitespace()).collect();
    let mut rng = Xorshift(0x6a09e667f3bcc908);
    let mut read = 0;
    for round in 0..30_000 {
        let problem = &problems[rng.below(problems.len() as u64) as usize];
        let text = damaged(&mut rng, problem, &words);
        let result = if round % 5 == 0 {
            let options = damaged(&mut rng, "SetPlay Threat 2 MaxFlightsquares 1 NoBk", &words);
            parse_with_options(&text, &options)
        } else {
            parse(&text)
        };
        match result {
            Ok(read_problems) => {
                read += 1;
                for twin in read_problems.iter().flat_map(|p| &p.twins) {
                    assert!(!twin.position.fen().is_empty());
                }
            }
            // An error of the options names their line 1, not one of the text.
            Err(e) if round % 5 == 0 && e.line == 1 => {}
            Err(e) => {
                let lines: Vec<&str> = text.lines().collect();
                assert!(
                    (1..=lines.len() + 1).contains(&e.line),
                    "{e}: line {} of {}:\n{text}",
                    e.line,
                    lines.len()
                );
                let line = lines.get(e.line - 1).copied().unwrap_or("");
                assert!(
                    line.contains(e.token.as_str()),
                    "{e}: not on line {:?}:\n{text}",
                    line
                );
            }
        }
    }
    // Most damage is refused, but not all: a test that reads nothing would test little.
    assert!((1_000..25_000).contains(&read), "{read} of 30,000 read");
}
