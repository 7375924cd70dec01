//! `grolman match`: two engines play each other from a set of openings, each opening twice with
//! the colours swapped, on several threads; the rules crate's [`Game`] says when a game is over
//! (mate, stalemate, repetition, the fifty-move rule, dead material). It prints each game as it
//! ends, then wins, draws and losses and the Elo difference with its 95 % interval. With
//! `--pgn FILE` it also writes every game there, to look at what a setting plays.
//!
//! An engine is either settings for this binary's engine (`level=3`, `depth=4`, eval weights)
//! or another `grolman` binary (a path), which plays each turn through its `search` command:
//! `search <variant> --fen F --movetime ms` printing `best <code> ...`. Every build since the
//! engine came speaks it (`c1ae1cd` included), so any old build can be measured against.
//!
//! The opening sets of `tests/data` come from `grolman openings` (`openings_cmd.rs`).

use std::io::Write;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};

use grolman::{Color, Game, Outcome, Position, Rules};
use grolman_engine::eval::Weights;
use grolman_engine::{level, native_clock, pv_turns, Engine, Limits};

use super::out::say;
use super::{input, usage, variant, Failure};

/// Who plays: this binary's engine with its settings, or another binary.
#[derive(Clone, Debug)]
enum Player {
    Inside { limits: Limits, weights: Weights },
    Binary { path: String, limits: Limits },
}

/// Reads `level=3,king_follower=10`, `depth=4`, `baseline` or a path to a `grolman` binary
/// (optionally followed by `,movetime=ms` or `,depth=n`). `movetime_ms` is the match's time.
fn player(spec: &str, rules: Rules, movetime_ms: f64) -> Result<Player, Failure> {
    let mut parts = spec.split(',');
    let first = parts.next().unwrap_or("");
    let binary = (first.contains('/') || Path::new(first).is_file()).then(|| first.to_string());
    let mut limits = Limits::movetime(movetime_ms);
    let mut weights = Weights::of(rules.variant);
    let mut depth_given = false;
    let mut nodes_given = false;
    let mut time_given = false;
    let items: Vec<&str> = if binary.is_some() {
        parts.collect()
    } else {
        spec.split(',').filter(|s| !s.is_empty()).collect()
    };
    for item in items {
        if item == "baseline" {
            weights = Weights::BASELINE;
            continue;
        }
        let (key, value) = item
            .split_once('=')
            .ok_or_else(|| usage(format!("engine setting {item:?} is not name=value")))?;
        let number: i64 = value
            .parse()
            .map_err(|_| usage(format!("engine setting {key}: {value:?} is not a whole number")))?;
        let positive = || {
            u32::try_from(number)
                .ok()
                .filter(|n| *n > 0)
                .ok_or_else(|| usage(format!("engine setting {key} must be positive, not {number}")))
        };
        match key {
            "level" => {
                let n = positive()?;
                limits = level(rules.variant, n)
                    .ok_or_else(|| usage(format!("level must be 1 to 5, not {n}")))?
                    .limits();
                time_given = true;
                depth_given = true;
            }
            "depth" => {
                limits.depth = positive()?.min(60);
                depth_given = true;
            }
            "movetime" => {
                limits.movetime_ms = Some(f64::from(positive()?));
                time_given = true;
            }
            "nodes" => {
                limits.nodes = Some(u64::from(positive()?));
                nodes_given = true;
            }
            name if binary.is_none() => weights
                .set(
                    name,
                    i32::try_from(number).map_err(|_| usage(format!("{name}: {number} is too large")))?,
                )
                .map_err(usage)?,
            name => {
                return Err(usage(format!(
                    "a binary takes movetime and depth only, not {name:?}"
                )))
            }
        }
    }
    // A depth or a node count of its own plays to that limit, whatever the match's time: a
    // match at fixed nodes then gives the same games at any load.
    if (depth_given || nodes_given) && !time_given {
        limits.movetime_ms = None;
    }
    Ok(match binary {
        Some(path) => Player::Binary { path, limits },
        None => Player::Inside { limits, weights },
    })
}

impl Player {
    /// `up to 300 ms, depth 2`: what the player asks of its search.
    fn limits_text(&self) -> String {
        let (Player::Inside { limits, .. } | Player::Binary { limits, .. }) = self;
        let mut parts = Vec::new();
        if let Some(ms) = limits.movetime_ms {
            parts.push(format!("up to {ms} ms"));
        }
        if limits.depth < 60 {
            parts.push(format!("depth {}", limits.depth));
        }
        if let Some(n) = limits.nodes {
            parts.push(format!("{n} nodes"));
        }
        parts.join(", ")
    }
}

/// One engine in one game: what it needs between turns.
enum Seat {
    Inside(Box<Engine>, Limits),
    Binary(String, Limits),
}

impl Seat {
    fn new(player: &Player, rules: Rules) -> Seat {
        match player {
            Player::Inside { limits, weights } => {
                let mut engine = Engine::new(rules, native_clock());
                engine.set_weights(*weights);
                Seat::Inside(Box::new(engine), *limits)
            }
            Player::Binary { path, limits } => Seat::Binary(path.clone(), *limits),
        }
    }

    /// The code of the turn this engine plays in `game`.
    fn choose(&mut self, game: &Game) -> Result<String, String> {
        let pos = game.position();
        let rules = game.rules();
        match self {
            Seat::Inside(engine, limits) => {
                let mut keys: Vec<u64> = vec![game.start_position().key()];
                keys.extend(game.history().iter().map(|t| t.after.key()));
                keys.pop();
                engine.set_game_history(&keys);
                let info = engine
                    .search(pos, limits, &mut |_| {})
                    .ok_or("the engine found no legal turn")?;
                pv_turns(pos, rules, &info.pv[..info.pv.len().min(1)])
                    .pop()
                    .map(|t| t.code)
                    .ok_or_else(|| "the engine's turn is not a legal turn".to_string())
            }
            Seat::Binary(path, limits) => {
                let mut cmd = Command::new(&*path);
                cmd.args(["search", rules.variant.name(), "--fen", &pos.fen()]);
                if let Some(ms) = limits.movetime_ms {
                    cmd.args(["--movetime", &ms.to_string()]);
                }
                if limits.depth < 60 {
                    cmd.args(["--depth", &limits.depth.to_string()]);
                }
                let out = cmd.output().map_err(|e| format!("{path}: {e}"))?;
                let text = String::from_utf8_lossy(&out.stdout);
                text.lines()
                    .rev()
                    .find_map(|l| l.strip_prefix("best "))
                    .and_then(|rest| rest.split_whitespace().next())
                    .filter(|code| *code != "(none)")
                    .map(str::to_string)
                    .ok_or_else(|| {
                        format!(
                            "{path} gave no turn for {}: {}",
                            pos.fen(),
                            String::from_utf8_lossy(&out.stderr).trim()
                        )
                    })
            }
        }
    }
}

/// How one game ended, for A.
struct Finished {
    index: usize,
    a_white: bool,
    /// 1 for an A win, 0.5 a draw, 0 a loss.
    score_a: f64,
    end: String,
    turns: usize,
    /// The game in PGN, its players named by their settings.
    pgn: String,
}

/// Plays game `index`: opening `index / 2`, A White in the even games.
fn play_game(
    index: usize,
    opening: &Position,
    rules: Rules,
    a: &Player,
    b: &Player,
    names: (&str, &str),
    max_turns: usize,
) -> Result<Finished, String> {
    let a_white = index.is_multiple_of(2);
    let mut game = Game::from_position(rules, opening.clone());
    let (mut white, mut black) = if a_white {
        (Seat::new(a, rules), Seat::new(b, rules))
    } else {
        (Seat::new(b, rules), Seat::new(a, rules))
    };
    let (white_score, end) = loop {
        if let Some(outcome) = game.outcome() {
            let white_score = match outcome {
                Outcome::Checkmate { winner: Color::White } => 1.0,
                Outcome::Checkmate { winner: Color::Black } => 0.0,
                _ => 0.5,
            };
            break (white_score, outcome.name().replace('_', " "));
        }
        if game.history().len() >= max_turns {
            break (0.5, "turn limit".to_string());
        }
        let seat = match game.position().turn() {
            Color::White => &mut white,
            Color::Black => &mut black,
        };
        let code = seat.choose(&game)?;
        game.play(&code).map_err(|e| {
            format!(
                "game {}: {} played {code} in {}: {e}",
                index + 1,
                game.position().turn(),
                game.position().fen()
            )
        })?;
    };
    let (a_name, b_name) = (format!("A: {}", names.0), format!("B: {}", names.1));
    let (white_name, black_name) = if a_white {
        (a_name, b_name)
    } else {
        (b_name, a_name)
    };
    let pgn = game
        .pgn()
        .replacen("[Round \"-\"]", &format!("[Round \"{}\"]", index + 1), 1)
        .replacen("[White \"?\"]", &format!("[White \"{white_name}\"]"), 1)
        .replacen("[Black \"?\"]", &format!("[Black \"{black_name}\"]"), 1)
        .replacen("[Result ", &format!("[Termination \"{end}\"]\n[Result "), 1);
    Ok(Finished {
        index,
        a_white,
        score_a: if a_white { white_score } else { 1.0 - white_score },
        end,
        turns: game.history().len(),
        pgn,
    })
}

/// The Elo difference for a score fraction `p` (0 < p < 1).
fn elo(p: f64) -> f64 {
    // `+ 0.0` turns the -0 of an even score into 0, so that it prints as +0.
    -400.0 * (1.0 / p - 1.0).log10() + 0.0
}

/// `+35 ± 41 (95 %: -6 to +76)`; open-ended when a side won or lost everything.
pub fn elo_text(wins: u32, draws: u32, losses: u32) -> String {
    let n = f64::from(wins + draws + losses);
    if n == 0.0 {
        return "no games".into();
    }
    let p = (f64::from(wins) + 0.5 * f64::from(draws)) / n;
    let var = (f64::from(wins) * (1.0 - p).powi(2)
        + f64::from(draws) * (0.5 - p).powi(2)
        + f64::from(losses) * p.powi(2))
        / n;
    let margin = 1.96 * (var / n).sqrt();
    let (lo, hi) = (p - margin, p + margin);
    let bound = |x: f64| {
        if x <= 0.0 {
            "-inf".to_string()
        } else if x >= 1.0 {
            "+inf".to_string()
        } else {
            format!("{:+.0}", elo(x))
        }
    };
    if p <= 0.0 || p >= 1.0 {
        return format!("{} (one side scored every point: no interval)", bound(p));
    }
    if lo <= 0.0 || hi >= 1.0 {
        // An interval open at one end has no half-width to give.
        return format!("{:+.0} (95 %: {} to {})", elo(p), bound(lo), bound(hi));
    }
    let half = (elo(hi) - elo(lo)) / 2.0;
    format!(
        "{:+.0} ± {half:.0} (95 %: {} to {})",
        elo(p),
        bound(lo),
        bound(hi)
    )
}

/// Positions, one FEN a line; `#` starts a comment line, and a `;` ends the FEN (an EPD line's
/// operations may follow, such as the perft suite's counts).
pub(crate) fn read_positions(path: &str) -> Result<Vec<Position>, Failure> {
    let text = std::fs::read_to_string(path).map_err(|e| input(format!("{path}: {e}")))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split(';').next().unwrap_or("").trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        out.push(Position::from_fen(line).map_err(|e| input(format!("{path}:{}: {e}", i + 1)))?);
    }
    if out.is_empty() {
        return Err(input(format!("{path}: no positions")));
    }
    Ok(out)
}

pub(crate) fn number<T: std::str::FromStr>(name: &str, v: &str) -> Result<T, Failure> {
    v.parse()
        .map_err(|_| usage(format!("{name} must be a positive number, not {v:?}")))
}

/// `grolman match <variant> --a A --b B [--games N] [--movetime ms] [--threads T]
/// [--openings FILE] [--from K] [--max-turns N] [--pgn FILE] [--quiet]`: game `i` plays opening
/// `K + i / 2`.
pub fn run_match(args: &[String]) -> Result<(), Failure> {
    let rules = variant(args.first())?;
    let mut games = 100usize;
    let mut movetime = 200.0f64;
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut openings = format!("tests/data/openings-{}.txt", rules.variant.name());
    let mut max_turns = 600usize;
    let mut quiet = false;
    let mut from = 0usize;
    let mut pgn_path = None;
    let (mut a, mut b) = (None, None);
    let mut it = args[1.min(args.len())..].iter();
    while let Some(arg) = it.next() {
        if arg == "--quiet" {
            quiet = true;
            continue;
        }
        let v = it
            .next()
            .ok_or_else(|| usage(format!("{arg} needs a value")))?
            .clone();
        match arg.as_str() {
            "--a" => a = Some(v),
            "--b" => b = Some(v),
            "--games" => games = number("--games", &v)?,
            "--movetime" => movetime = number("--movetime", &v)?,
            "--threads" => threads = number("--threads", &v)?,
            "--openings" => openings = v,
            "--max-turns" => max_turns = number("--max-turns", &v)?,
            "--from" => from = number("--from", &v)?,
            "--pgn" => pgn_path = Some(v),
            other => return Err(usage(format!("unknown match option {other:?}"))),
        }
    }
    if games == 0 || threads == 0 || movetime.is_nan() || movetime <= 0.0 || max_turns == 0 {
        return Err(usage(
            "--games, --threads, --movetime and --max-turns must be positive",
        ));
    }
    let a_spec = a.ok_or_else(|| usage("missing --a (engine settings or a grolman binary)"))?;
    let b_spec = b.ok_or_else(|| usage("missing --b (engine settings or a grolman binary)"))?;
    let a = player(&a_spec, rules, movetime)?;
    let b = player(&b_spec, rules, movetime)?;
    let positions = read_positions(&openings)?;
    // Created before any game is played, so that a path that cannot be written fails at once.
    let mut pgn = match &pgn_path {
        Some(path) => Some(std::fs::File::create(path).map_err(|e| input(format!("{path}: {e}")))?),
        None => None,
    };
    say!(
        "{} match: {games} games, {threads} threads, {} openings from {openings}",
        rules.variant.display_name(),
        positions.len()
    );
    say!(
        "A: {a_spec} ({})\nB: {b_spec} ({})",
        a.limits_text(),
        b.limits_text()
    );

    let next = Arc::new(AtomicUsize::new(0));
    let positions = Arc::new(positions);
    let (tx, rx) = mpsc::channel();
    let mut handles = Vec::new();
    for _ in 0..threads.min(games) {
        let (next, positions, tx, a, b) = (next.clone(), positions.clone(), tx.clone(), a.clone(), b.clone());
        let (a_spec, b_spec) = (a_spec.clone(), b_spec.clone());
        handles.push(std::thread::spawn(move || loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= games {
                break;
            }
            let opening = &positions[(from + index / 2) % positions.len()];
            let result = play_game(index, opening, rules, &a, &b, (&a_spec, &b_spec), max_turns);
            let failed = result.is_err();
            if tx.send(result).is_err() || failed {
                // A failure ends the match: no more games are started.
                next.store(games, Ordering::Relaxed);
                break;
            }
        }));
    }
    drop(tx);
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    let mut ends: Vec<(String, u32)> = Vec::new();
    let mut failure = None;
    for result in rx {
        let f = match result {
            Ok(f) => f,
            Err(e) => {
                failure.get_or_insert(e);
                continue;
            }
        };
        if let (Some(file), Some(path)) = (pgn.as_mut(), &pgn_path) {
            writeln!(file, "{}", f.pgn).map_err(|e| input(format!("{path}: {e}")))?;
        }
        match f.score_a {
            s if s > 0.75 => wins += 1,
            s if s < 0.25 => losses += 1,
            _ => draws += 1,
        }
        match ends.iter_mut().find(|(e, _)| *e == f.end) {
            Some((_, n)) => *n += 1,
            None => ends.push((f.end.clone(), 1)),
        }
        if !quiet {
            let result = match (f.score_a, f.a_white) {
                (s, _) if (s - 0.5).abs() < 0.1 => "1/2-1/2",
                (s, true) if s > 0.5 => "1-0",
                (_, true) => "0-1",
                (s, false) if s > 0.5 => "0-1",
                (_, false) => "1-0",
            };
            say!(
                "game {:>3}  A {}  {result:<7}  {:<20} {:>3} turns   (A {wins}, draws {draws}, B {losses})",
                f.index + 1,
                if f.a_white { "White" } else { "Black" },
                f.end,
                f.turns
            );
        }
    }
    for h in handles {
        let _ = h.join();
    }
    if let Some(e) = failure {
        return Err(input(e));
    }
    let n = wins + draws + losses;
    say!(
        "A wins {wins}, draws {draws}, losses {losses} of {n} (score {:.1} %)",
        100.0 * (f64::from(wins) + 0.5 * f64::from(draws)) / f64::from(n)
    );
    say!("Elo difference A - B: {}", elo_text(wins, draws, losses));
    ends.sort_by_key(|e| core::cmp::Reverse(e.1));
    let ends: Vec<String> = ends.iter().map(|(e, n)| format!("{e} {n}")).collect();
    say!("ends: {}", ends.join(", "));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_score_is_no_elo_difference_and_a_better_score_a_positive_one() {
        assert!(elo_text(10, 0, 10).starts_with("+0 ± "));
        assert_eq!(elo_text(64, 0, 36), "+100 ± 72 (95 %: +32 to +176)");
        assert!(elo_text(0, 10, 0).starts_with("+0 ± 0"));
        assert_eq!(elo_text(39, 0, 1), "+636 (95 %: +441 to +inf)");
        assert_eq!(
            elo_text(5, 0, 0),
            "+inf (one side scored every point: no interval)"
        );
    }

    fn limits_of(spec: &str) -> Limits {
        match player(spec, Rules::new(grolman::Variant::Grolman), 200.0) {
            Ok(Player::Inside { limits, .. } | Player::Binary { limits, .. }) => limits,
            Err(_) => panic!("{spec} is a valid engine setting"),
        }
    }

    #[test]
    fn a_node_count_of_its_own_plays_without_the_match_time_unless_a_time_is_given_too() {
        let fixed = limits_of("nodes=20000");
        assert_eq!((fixed.nodes, fixed.movetime_ms), (Some(20000), None));
        let both = limits_of("nodes=20000,movetime=50");
        assert_eq!((both.nodes, both.movetime_ms), (Some(20000), Some(50.0)));
        assert_eq!(limits_of("king_follower=10").movetime_ms, Some(200.0));
    }
}
