//! `grolman`: perft, divide, turns, play, bench, search, solve, match and openings from the
//! command line.

mod bench;
mod cpu;
mod diagram_cmd;
mod engine_cmd;
mod match_cmd;
mod openings_cmd;
mod out;
mod solve_bench;

use std::process::ExitCode;
use std::time::Instant;

use grolman::{fast_perft, notation, perft, Game, Position, Rules, Variant};
use out::say;

const USAGE: &str = "usage:
  grolman perft [--reference] <variant> <depth> [fen]
  grolman divide [--reference] <variant> <depth> [fen]
  grolman turns <variant> [fen]
  grolman play <variant> [--fen F] <code>...
  grolman bench [rounds]
  grolman bench-search [rounds]
  grolman bench-case list | (search | perft | turns) <variant> <depth> [fen]
  grolman search <variant> [--fen F] [--movetime ms | --depth d] [--nodes n]
  grolman solve [--popeye] <file or ->
  grolman solve-bench <file> [--exhaustive | --compare] [--only CLASS]... (CLASS: variant and stipulation, as its summary names them)
  grolman match <variant> --a A --b B [--games N] [--movetime ms] [--threads T] [--openings F] [--from K] [--max-turns N] [--pgn FILE] [--quiet]
      A, B: engine settings (level=3 | depth=4 | nodes=N | movetime=ms | baseline | eval weights,
      comma-separated) or the path of a grolman binary (optionally with ,movetime=ms or ,depth=n)
  grolman openings <variant> [--count N] [--plies P] [--seed S] [--depth D] [--margin cp]
  grolman diagram [--fen F] [--title T] [--author A] [--source S] [--stipulation S] [--condition C] [--flip] [--no-coordinates] [--black-and-white] > out.svg
variants: orthodox, grolman, tatarstan";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args).and_then(|()| out::flush()) {
        Ok(()) | Err(Failure::Closed) => ExitCode::SUCCESS,
        Err(Failure::Usage(msg)) => {
            eprintln!("grolman: {msg}\n{USAGE}");
            ExitCode::from(2)
        }
        Err(Failure::Input(msg)) => {
            eprintln!("grolman: {msg}");
            ExitCode::from(1)
        }
    }
}

enum Failure {
    /// The command line is wrong: exit 2.
    Usage(String),
    /// The command line is right but its input is not (a bad FEN or turn): exit 1.
    Input(String),
    /// Standard output was closed by its reader: exit 0 without a word.
    Closed,
}

fn usage(msg: impl Into<String>) -> Failure {
    Failure::Usage(msg.into())
}

fn input(e: impl std::fmt::Display) -> Failure {
    Failure::Input(e.to_string())
}

fn variant(s: Option<&String>) -> Result<Rules, Failure> {
    let s = s.ok_or_else(|| usage("missing variant"))?;
    s.parse::<Variant>()
        .map(Rules::from)
        .map_err(|e| usage(e.to_string()))
}

fn depth(s: Option<&String>) -> Result<u32, Failure> {
    let s = s.ok_or_else(|| usage("missing depth"))?;
    s.parse::<u32>()
        .ok()
        .filter(|d| *d <= 20)
        .ok_or_else(|| usage(format!("depth must be a number from 0 to 20, not {s:?}")))
}

fn position(rest: &[String]) -> Result<Position, Failure> {
    if rest.is_empty() {
        return Ok(Position::start());
    }
    Position::from_fen(&rest.join(" ")).map_err(input)
}

/// A perft counter: the reference or the fast one.
type Counter = fn(&Position, Rules, u32) -> u64;

/// The perft counter the arguments ask for: the reference (`--reference` first, the general
/// generator) or the fast one; and the arguments after the flag.
fn counter(args: &[String]) -> (Counter, &[String]) {
    match args.split_first() {
        Some((flag, rest)) if flag == "--reference" => (perft, rest),
        _ => (fast_perft, args),
    }
}

fn run(args: &[String]) -> Result<(), Failure> {
    let cmd = args.first().ok_or_else(|| usage("missing command"))?;
    match cmd.as_str() {
        "perft" => {
            let (count, args) = counter(&args[1..]);
            let rules = variant(args.first())?;
            let d = depth(args.get(1))?;
            let pos = position(&args[2.min(args.len())..])?;
            let start = Instant::now();
            let n = count(&pos, rules, d);
            let secs = start.elapsed().as_secs_f64();
            eprintln!("{:.3} s, {:.1} M nodes/s", secs, n as f64 / secs.max(1e-9) / 1e6);
            say!("{n}");
        }
        "divide" => {
            let (count, args) = counter(&args[1..]);
            let rules = variant(args.first())?;
            let d = depth(args.get(1))?.max(1);
            let pos = position(&args[2.min(args.len())..])?;
            let mut total = 0;
            for t in notation::legal_turns(&pos, rules) {
                let n = count(&t.after, rules, d - 1);
                total += n;
                say!("{} {n}", t.code);
            }
            say!("{total}");
        }
        "turns" => {
            let rules = variant(args.get(1))?;
            let pos = position(&args[2.min(args.len())..])?;
            for t in notation::legal_turns(&pos, rules) {
                say!("{}\t{}\t{}", t.code, t.notation, t.fen);
            }
        }
        "play" => {
            let rules = variant(args.get(1))?;
            let mut fen = None;
            let mut codes = Vec::new();
            let mut it = args[2.min(args.len())..].iter();
            while let Some(a) = it.next() {
                if a == "--fen" {
                    fen = Some(it.next().ok_or_else(|| usage("--fen needs a value"))?.clone());
                } else if let Some(f) = a.strip_prefix("--fen=") {
                    fen = Some(f.to_string());
                } else {
                    codes.push(a.clone());
                }
            }
            let mut game = Game::new(rules.variant, fen.as_deref()).map_err(input)?;
            for code in &codes {
                let turn = game.play(code).map_err(input)?;
                say!("{}", turn.notation);
            }
            say!("{}", game.position().fen());
            let status = game.status();
            match status.outcome {
                Some(o) => say!("{o}"),
                None if status.check => say!("{} to move, in check", status.turn),
                None => say!("{} to move", status.turn),
            }
        }
        "bench" => {
            bench::bench(bench::rounds(args.get(1), 3, 100)?)?;
        }
        "search" => engine_cmd::search(&args[1..])?,
        "bench-search" => bench::bench_search(&args[1..])?,
        "bench-case" => bench::bench_case(&args[1..])?,
        "solve" => engine_cmd::solve(&args[1..])?,
        "solve-bench" => solve_bench::solve_bench(&args[1..])?,
        "match" => match_cmd::run_match(&args[1..])?,
        "openings" => openings_cmd::openings(&args[1..])?,
        "diagram" => diagram_cmd::diagram(&args[1..])?,
        other => return Err(usage(format!("unknown command {other:?}"))),
    }
    Ok(())
}
