//! `grolman search` and `grolman solve`: the engine crate from the command line.

use std::io::Read;
use std::time::Instant;

use grolman::{Color, Position, Turn};
use grolman_engine::problem;
use grolman_engine::{native_clock, pv_turns, Engine, Limits};

use super::out::{self, say};
use super::{input, usage, variant, Failure};

/// `grolman search <variant> [--fen F] [--movetime ms | --depth d] [--nodes n]`
pub fn search(args: &[String]) -> Result<(), Failure> {
    let rules = variant(args.first())?;
    let mut fen = None;
    let mut limits = Limits::default();
    let mut it = args[1.min(args.len())..].iter();
    let mut limited = false;
    while let Some(a) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| usage(format!("{name} needs a value")))
        };
        match a.as_str() {
            "--fen" => fen = Some(value("--fen")?),
            "--movetime" => {
                let v = value("--movetime")?;
                let ms: f64 =
                    v.parse().ok().filter(|ms: &f64| *ms > 0.0).ok_or_else(|| {
                        usage(format!("--movetime must be a positive number of ms, not {v:?}"))
                    })?;
                limits.movetime_ms = Some(ms);
                limited = true;
            }
            "--depth" => {
                let v = value("--depth")?;
                limits.depth = v
                    .parse()
                    .ok()
                    .filter(|d| (1..=60).contains(d))
                    .ok_or_else(|| usage(format!("--depth must be a number from 1 to 60, not {v:?}")))?;
                limited = true;
            }
            "--nodes" => {
                let v = value("--nodes")?;
                limits.nodes = Some(
                    v.parse()
                        .map_err(|_| usage(format!("--nodes must be a number, not {v:?}")))?,
                );
                limited = true;
            }
            other => return Err(usage(format!("unknown search option {other:?}"))),
        }
    }
    if !limited {
        limits.movetime_ms = Some(1000.0);
    }
    let pos = match fen {
        Some(f) => Position::from_fen(&f).map_err(input)?,
        None => Position::start(),
    };
    let mut engine = Engine::new(rules, native_clock());
    // The search cannot be stopped from here: a closed output is remembered and reported after it.
    let mut written = Ok(());
    let result = engine.search(&pos, &limits, &mut |info| {
        if written.is_ok() {
            let line = line_text(&pos, &pv_turns(&pos, rules, &info.pv));
            written = out::write(format_args!(
                "depth {:>2}  score {:>7}  nodes {:>9}  {:>8.0} nodes/s  {:>7.0} ms  {}\n",
                info.depth,
                info.score_text(),
                info.nodes,
                info.nps(),
                info.time_ms,
                line
            ));
        }
    });
    written?;
    match result {
        Some(info) => {
            let turns = pv_turns(&pos, rules, &info.pv);
            match turns.first() {
                Some(t) => say!("best {}  {}", t.code, t.notation),
                None => say!("best (none)"),
            }
        }
        None if pos.is_check() => say!("no legal turn: checkmate"),
        None => say!("no legal turn: stalemate"),
    }
    Ok(())
}

/// `1.e4 (Ng1-e2, Rh1-g1) e5 (Ng8-e7, Rh8-g8) 2.…`, numbered from the position.
fn line_text(pos: &Position, turns: &[Turn]) -> String {
    let mut s = String::new();
    let mut number = pos.fullmoves();
    let mut color = pos.turn();
    for (i, t) in turns.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        match color {
            Color::White => s.push_str(&format!("{number}.")),
            Color::Black if i == 0 => s.push_str(&format!("{number}...")),
            Color::Black => {}
        }
        s.push_str(&t.notation);
        if color == Color::Black {
            number += 1;
        }
        color = color.other();
    }
    s
}

/// `grolman solve [--popeye] <file or ->`: our report, or with `--popeye` Popeye's layout.
pub fn solve(args: &[String]) -> Result<(), Failure> {
    let popeye = args.first().is_some_and(|a| a == "--popeye");
    let args = &args[usize::from(popeye)..];
    let path = args
        .first()
        .ok_or_else(|| usage("missing problem file (or - for standard input)"))?;
    let text = if path == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).map_err(input)?;
        s
    } else {
        std::fs::read_to_string(path).map_err(|e| input(format!("{path}: {e}")))?
    };
    let problems = problem::parse(&text).map_err(|e| input(format!("{path}: {e}")))?;
    for (i, p) in problems.iter().enumerate() {
        if i > 0 {
            say!();
        }
        if !p.title.is_empty() {
            say!("{}", p.title);
        }
        if popeye {
            say!("{} {}", p.variant, p.twins[0].stipulation);
        }
        for entry in p.entries() {
            let start = Instant::now();
            let report = match entry {
                problem::Entry::Twin(twin) => problem::solve_twin(p, twin, &mut |_| true).map_err(input)?,
                problem::Entry::Illegal(twin) => problem::TwinReport::illegal(twin),
            };
            if popeye {
                let time = start.elapsed().as_secs_f64();
                out::write(format_args!("{}", report.popeye_text(Some(time))))?;
                continue;
            }
            out::write(format_args!("{}", report.text()))?;
            if report.illegal.is_none() {
                say!(
                    "solved in {:.3} s ({} positions)",
                    start.elapsed().as_secs_f64(),
                    report.nodes
                );
            }
        }
    }
    Ok(())
}
