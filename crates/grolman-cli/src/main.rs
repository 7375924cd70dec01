//! `grolman`: perft, divide, turns, play, bench, search, solve, match and openings from the
//! command line.

mod diagram_cmd;
mod engine_cmd;
mod match_cmd;
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
  grolman search <variant> [--fen F] [--movetime ms | --depth d] [--nodes n]
  grolman solve [--popeye] <file or ->
  grolman solve-bench <file> [--exhaustive | --compare]
  grolman match <variant> --a A --b B [--games N] [--movetime ms] [--threads T] [--openings F] [--from K] [--max-turns N] [--quiet]
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
            let rounds = match args.get(1) {
                None => 3,
                Some(s) => s
                    .parse::<u32>()
                    .ok()
                    .filter(|r| (1..=100).contains(r))
                    .ok_or_else(|| usage(format!("rounds must be a number from 1 to 100, not {s:?}")))?,
            };
            bench(rounds)?;
        }
        "search" => engine_cmd::search(&args[1..])?,
        "bench-search" => engine_cmd::bench_search(&args[1..])?,
        "solve" => engine_cmd::solve(&args[1..])?,
        "solve-bench" => solve_bench::solve_bench(&args[1..])?,
        "match" => match_cmd::run_match(&args[1..])?,
        "openings" => match_cmd::openings(&args[1..])?,
        "diagram" => diagram_cmd::diagram(&args[1..])?,
        other => return Err(usage(format!("unknown command {other:?}"))),
    }
    Ok(())
}

/// Turn-query time and perft speed on fixed positions, per variant. The perft cases run in
/// `rounds` interleaved rounds, so that a machine whose speed drifts slows every variant
/// alike, and each reports its fastest run; each variant's speed against orthodox chess is
/// given from the fastest runs, and from each round's own pair of runs (median and range,
/// which show how much the machine wavered).
fn bench(rounds: u32) -> Result<(), Failure> {
    const TURN_QUERY_RUNS: usize = 101;
    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    // Each variant right after orthodox chess on the same position, so that each round
    // compares runs made close together in time. Grolman perft runs to the same depth as
    // orthodox (the speed per node depends on the depth: on Kiwipete, depth 5 runs about 30 %
    // faster per node than depth 4); Tatarstan chess from the start to depth 3 (its depth 2
    // counts 40802 turns, mostly the first ply's phases), on Kiwipete to depth 2 (3.3 M).
    let cases = [
        (Variant::Orthodox, "start", grolman::START_FEN, 6),
        (Variant::Grolman, "start", grolman::START_FEN, 6),
        (Variant::Tatarstan, "start", grolman::START_FEN, 3),
        (Variant::Orthodox, "kiwipete", KIWIPETE, 5),
        (Variant::Grolman, "kiwipete", KIWIPETE, 5),
        (Variant::Tatarstan, "kiwipete", KIWIPETE, 2),
    ];
    // The whole-position turn query (all legal turns with notation and events), timed call by
    // call: the median, since on a shared machine a mean takes in every time slice lost to
    // another process (a query of 0.1 ms then reads as 0.3 ms), and the fastest.
    for variant in Variant::ALL {
        for (name, fen) in [("start", grolman::START_FEN), ("kiwipete", KIWIPETE)] {
            let pos = Position::from_fen(fen).expect("bench position");
            let mut n = 0;
            let mut ms: Vec<f64> = (0..TURN_QUERY_RUNS)
                .map(|_| {
                    let start = Instant::now();
                    n = notation::legal_turns(&pos, variant.into()).len();
                    start.elapsed().as_secs_f64() * 1000.0
                })
                .collect();
            ms.sort_by(f64::total_cmp);
            say!(
                "{:<10} {name:<9} turn query: {n:>5} turns in {:>8.3} ms (median of {TURN_QUERY_RUNS}; fastest {:.3} ms)",
                variant.name(),
                ms[ms.len() / 2],
                ms[0]
            );
        }
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let thread_counts: &[usize] = if threads == 1 { &[1] } else { &[1, threads] };
    let positions: Vec<Position> = cases
        .iter()
        .map(|c| Position::from_fen(c.2).expect("bench position"))
        .collect();
    // best[case][threads]: (nodes, fastest seconds)
    let mut best = vec![vec![(0u64, f64::INFINITY); thread_counts.len()]; cases.len()];
    // rates[round][case]: one thread, M nodes/s.
    let mut rates = vec![vec![0.0; cases.len()]; rounds as usize];
    for round in rates.iter_mut() {
        for (i, (variant, _, _, depth)) in cases.iter().enumerate() {
            for (j, &t) in thread_counts.iter().enumerate() {
                let start = Instant::now();
                let n = grolman::perft_parallel(&positions[i], (*variant).into(), *depth, t);
                let secs = start.elapsed().as_secs_f64().max(1e-9);
                if t == 1 {
                    round[i] = n as f64 / secs / 1e6;
                }
                if secs < best[i][j].1 {
                    best[i][j] = (n, secs);
                }
            }
        }
    }
    let rate = |i: usize, j: usize| best[i][j].0 as f64 / best[i][j].1 / 1e6;
    for (i, (variant, name, _, depth)) in cases.iter().enumerate() {
        for (j, &t) in thread_counts.iter().enumerate() {
            say!(
                "{:<10} {:<9} depth {depth}: {:>12} nodes in {:>7.3} s = {:>7.1} M nodes/s ({t} thread{}, best of {rounds})",
                variant.name(),
                name,
                best[i][j].0,
                best[i][j].1,
                rate(i, j),
                if t == 1 { "" } else { "s" }
            );
        }
    }
    // Each variant against orthodox chess on the same position, one thread: the fastest runs
    // against each other, and the middle of the rounds' own ratios.
    for (i, (variant, name, _, _)) in cases.iter().enumerate() {
        if *variant == Variant::Orthodox {
            continue;
        }
        if let Some(o) = cases
            .iter()
            .position(|c| c.0 == Variant::Orthodox && c.1 == *name)
        {
            let mut ratios: Vec<f64> = rates.iter().map(|r| 100.0 * r[i] / r[o]).collect();
            ratios.sort_by(f64::total_cmp);
            say!(
                "{:<10} {:<9} speed against orthodox: {:>5.1} % (fastest runs); rounds: median {:.1} %, {:.1}-{:.1} %",
                variant.name(),
                name,
                100.0 * rate(i, 0) / rate(o, 0),
                ratios[ratios.len() / 2],
                ratios[0],
                ratios[ratios.len() - 1]
            );
        }
    }
    Ok(())
}
