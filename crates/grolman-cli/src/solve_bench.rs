//! `grolman solve-bench <file> [--exhaustive | --compare] [--only "VARIANT STIPULATION"]...`: the
//! solver's time per problem and per stipulation on a file of problems. `--only` (repeatable)
//! solves only the twins of that class, as the summary names it (`--only "tatarstan h#3"`). `--compare` also solves each twin exhaustively and
//! fails when the two solution sets differ; `--exhaustive` times the exhaustive solver alone.
//! The times are the solving thread's CPU time where the system tells it (`crate::cpu`), so that
//! other work on a loaded machine does not stretch them; else wall-clock time.

use std::collections::BTreeMap;

use grolman_engine::problem::{self, Method};

use crate::cpu::CpuClock as Clock;
use crate::out::say;
use crate::{input, usage, Failure};

pub fn solve_bench(args: &[String]) -> Result<(), Failure> {
    let mut path = None;
    let mut method = Method::Pruned;
    let mut compare = false;
    let mut only: Vec<&str> = Vec::new();
    let mut args = args.iter();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--exhaustive" => method = Method::Exhaustive,
            "--compare" => compare = true,
            "--only" => only.push(
                args.next()
                    .ok_or_else(|| usage("--only needs a class, e.g. \"tatarstan h#3\""))?,
            ),
            s if s.starts_with("--") => return Err(usage(format!("unknown option {s:?}"))),
            s => path = Some(s),
        }
    }
    let path = path.ok_or_else(|| usage("missing problem file"))?;
    let text = std::fs::read_to_string(path).map_err(|e| input(format!("{path}: {e}")))?;
    let problems = problem::parse(&text).map_err(|e| input(format!("{path}: {e}")))?;
    let wanted = |twin: &problem::Twin| {
        only.is_empty() || only.contains(&format!("{} {}", twin.variant, twin.stipulation).as_str())
    };
    if !only.is_empty() && !problems.iter().flat_map(|p| &p.twins).any(wanted) {
        return Err(input(format!("{path}: no twin is of the class {only:?}")));
    }
    // Per "variant stipulation": the time of each twin.
    let mut times: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    let mut differ = 0;
    say!(
        "{} time, one line per twin",
        if Clock::measures_cpu() {
            "CPU"
        } else {
            "wall-clock"
        }
    );
    say!("problem twin variant stipulation units seconds positions solutions");
    for (i, p) in problems.iter().enumerate() {
        for twin in p.twins.iter().filter(|t| wanted(t)) {
            let clock = Clock::start();
            let report = problem::solve_twin_with(p, twin, method, &mut |_| true).map_err(input)?;
            let seconds = clock.seconds();
            let units = twin.position.board().occupied().count();
            let label = if twin.label.is_empty() {
                "-"
            } else {
                twin.label.as_str()
            };
            let mut line = format!(
                "{} {label} {} {} {units} {seconds:.4} {} {}",
                i + 1,
                twin.variant,
                report.stipulation,
                report.nodes,
                report.solutions.len()
            );
            if compare {
                let reference =
                    problem::solve_twin_with(p, twin, Method::Exhaustive, &mut |_| true).map_err(input)?;
                let sorted = |mut v: Vec<Vec<String>>| {
                    v.sort();
                    v
                };
                if sorted(reference.solutions) == sorted(report.solutions.clone()) {
                    line.push_str(" same");
                } else {
                    line.push_str(" DIFFERENT");
                    differ += 1;
                }
            }
            say!("{line}");
            times
                .entry(format!("{} {}", twin.variant, report.stipulation))
                .or_default()
                .push(seconds);
        }
    }
    say!();
    say!("variant stipulation twins median-s max-s total-s");
    for (what, mut t) in times {
        t.sort_by(f64::total_cmp);
        let total: f64 = t.iter().sum();
        say!(
            "{what} {} {:.4} {:.4} {total:.3}",
            t.len(),
            t[t.len() / 2],
            t[t.len() - 1]
        );
    }
    if differ > 0 {
        return Err(input(format!(
            "{differ} twins solved differently by the exhaustive solver"
        )));
    }
    Ok(())
}
