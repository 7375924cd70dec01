//! The benches, which print figures and never judge them: `grolman bench` (the turn query and
//! perft), `grolman bench-search` (search to fixed depths, and for a second) and `grolman
//! bench-case` (one case of either, for `scripts/speed.mjs`, which runs the same case in
//! Chromium's wasm in turn with it). Every one-thread time is this thread's CPU time
//! ([`CpuClock`]): on a shared machine a wall clock says more about the others' work than ours.

use grolman::{notation, Position, Rules, Variant};
use grolman_engine::{native_clock, Engine, Info, Limits};

use crate::cpu::CpuClock;
use crate::out::say;
use crate::{depth, position, usage, variant, Failure};

/// The turn query's time budget per position, in tenths of a second.
const TURN_QUERY_TENTHS: u32 = 3;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Seconds of CPU time one whole-position turn query (every legal turn with its notation and
/// events) takes, and the number of turns: the median over batches of queries for about
/// `budget` seconds in all, each batch long enough (5 ms) that reading the clock costs nothing
/// against it. A median, since a batch that met a collection or a busy cache reads slower.
/// `scripts/speed.mjs` times the browser's query the same way.
fn turn_query(pos: &Position, rules: Rules, budget: f64) -> (usize, f64) {
    let mut n = 0;
    let mut batch = 1;
    loop {
        let clock = CpuClock::start();
        for _ in 0..batch {
            n = notation::legal_turns(pos, rules).len();
        }
        if clock.seconds() >= 0.005 {
            break;
        }
        batch *= 2;
    }
    let mut per_query = Vec::new();
    let total = CpuClock::start();
    while total.seconds() < budget || per_query.len() < 3 {
        let clock = CpuClock::start();
        for _ in 0..batch {
            notation::legal_turns(pos, rules);
        }
        per_query.push(clock.seconds() / batch as f64);
    }
    per_query.sort_by(f64::total_cmp);
    (n, per_query[per_query.len() / 2])
}

/// One search to `depth` with the page's table size (8 MB), so that the wasm search of the same
/// case walks the same tree; the time takes in making the engine, as the wasm's `searchBest`.
fn search_case(variant: Variant, pos: &Position, limits: Limits) -> (Info, f64) {
    let clock = CpuClock::start();
    let mut engine = Engine::with_table(variant.into(), native_clock(), 8);
    let info = engine
        .search(pos, &limits, &mut |_| {})
        .expect("bench position has a turn");
    (info, clock.seconds())
}

/// `grolman bench-case search|perft|turns <variant> <depth> [fen]`: one case, timed in CPU
/// time, as one line `<kind> <count> <seconds> s cpu` (`wall` where no CPU time is to be had):
/// the nodes of a search or a perft to `depth`, or the turns of the position and the time of
/// one turn query (measured for `depth` tenths of a second).
///
/// `grolman bench-case list` prints the cases of `bench` and `bench-search` as such argument
/// lines, `<kind> <variant> <depth> <name> <fen>` (the name of the position before its FEN;
/// `bench-case` takes the FEN alone).
pub fn bench_case(args: &[String]) -> Result<(), Failure> {
    if args.first().is_some_and(|a| a == "list") {
        for variant in Variant::ALL {
            for (name, fen) in POSITIONS {
                say!("turns {} {TURN_QUERY_TENTHS} {name} {fen}", variant.name());
            }
        }
        for (variant, name, fen, depth) in PERFT_CASES {
            say!("perft {} {depth} {name} {fen}", variant.name());
        }
        for (variant, depths) in SEARCH_DEPTHS {
            for ((name, fen), depth) in POSITIONS.into_iter().zip(depths) {
                say!("search {} {depth} {name} {fen}", variant.name());
            }
        }
        return Ok(());
    }
    let kind = args
        .first()
        .ok_or_else(|| usage("missing case kind (search, perft or turns)"))?;
    let rules = variant(args.get(1))?;
    let d = depth(args.get(2))?;
    let pos = position(&args[3.min(args.len())..])?;
    let (count, seconds) = match kind.as_str() {
        "search" => {
            let (info, secs) = search_case(rules.variant, &pos, Limits::depth(d.max(1)));
            (info.nodes, secs)
        }
        "perft" => {
            let clock = CpuClock::start();
            let n = grolman::fast_perft(&pos, rules, d);
            (n, clock.seconds())
        }
        "turns" => {
            let (n, secs) = turn_query(&pos, rules, d as f64 / 10.0);
            (n as u64, secs)
        }
        other => {
            return Err(usage(format!(
                "unknown case kind {other:?} (search, perft or turns)"
            )))
        }
    };
    let clock = if CpuClock::measures_cpu() { "cpu" } else { "wall" };
    say!("{kind} {count} {seconds:.9} s {clock}");
    Ok(())
}

/// A bench's rounds argument: `default` when it is absent, else a number from 1 to `max`.
pub fn rounds(arg: Option<&String>, default: u32, max: u32) -> Result<u32, Failure> {
    let Some(s) = arg else { return Ok(default) };
    s.parse::<u32>()
        .ok()
        .filter(|r| (1..=max).contains(r))
        .ok_or_else(|| usage(format!("rounds must be a number from 1 to {max}, not {s:?}")))
}

/// Turn-query time and perft speed on fixed positions, per variant. The perft cases run in
/// `rounds` interleaved rounds, so that a machine whose speed drifts slows every variant
/// alike, and each reports its fastest run; each variant's speed against orthodox chess is
/// given from the fastest runs, and from each round's own pair of runs (median and range,
/// which show how much the machine wavered). One thread's runs are timed in CPU time, the
/// runs on every core in wall-clock time (what running in parallel gains).
pub fn bench(rounds: u32) -> Result<(), Failure> {
    let cases = PERFT_CASES;
    let clock = if CpuClock::measures_cpu() {
        "CPU"
    } else {
        "wall-clock"
    };
    for variant in Variant::ALL {
        for (name, fen) in POSITIONS {
            let pos = Position::from_fen(fen).expect("bench position");
            let (n, secs) = turn_query(&pos, variant.into(), TURN_QUERY_TENTHS as f64 / 10.0);
            say!(
                "{:<10} {name:<9} turn query: {n:>5} turns in {:>8.3} ms {clock} (median of batches)",
                variant.name(),
                secs * 1000.0,
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
                let (n, secs) = if t == 1 {
                    let clock = CpuClock::start();
                    let n = grolman::fast_perft(&positions[i], (*variant).into(), *depth);
                    (n, clock.seconds())
                } else {
                    let start = std::time::Instant::now();
                    let n = grolman::perft_parallel(&positions[i], (*variant).into(), *depth, t);
                    (n, start.elapsed().as_secs_f64())
                };
                let secs = secs.max(1e-9);
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
                "{:<10} {:<9} depth {depth}: {:>12} nodes in {:>7.3} s = {:>7.1} M nodes/s ({t} thread{}, {}, best of {rounds})",
                variant.name(),
                name,
                best[i][j].0,
                best[i][j].1,
                rate(i, j),
                if t == 1 { "" } else { "s" },
                if t == 1 { clock } else { "wall-clock" }
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

/// `grolman bench-search [rounds]`: search speed per variant. Each case searches a fixed depth
/// (the same tree every run, so that builds and the wasm in `scripts/speed.mjs` compare node
/// for node), keeping its fastest of `rounds` runs in CPU time; then one second from each
/// position, for the depth the search reaches; then Tatarstan chess after 1.e4 (2,019 legal
/// turns) to depth 4.
pub fn bench_search(args: &[String]) -> Result<(), Failure> {
    const TATARSTAN_AFTER_E4: &str = "rrrrkrrr/rrrrrrrr/8/8/4R3/8/RRRRRRRR/RRRRKRR1 b Qkq - 0 1";
    let rounds = rounds(args.first(), 1, 20)?;
    let clock = if CpuClock::measures_cpu() {
        "CPU"
    } else {
        "wall-clock"
    };
    let positions = POSITIONS;
    for (variant, [start_depth, kiwipete_depth]) in SEARCH_DEPTHS {
        for ((name, fen), depth) in positions.into_iter().zip([start_depth, kiwipete_depth]) {
            let pos = Position::from_fen(fen).expect("bench position");
            let (info, secs) = (0..rounds)
                .map(|_| search_case(variant, &pos, Limits::depth(depth)))
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .expect("at least one round");
            say!(
                "{:<10} {name:<9} depth {depth:>2}: {:>10} nodes in {secs:>7.3} s = {:>6.2} M nodes/s ({clock}, best of {rounds})",
                variant.name(),
                info.nodes,
                info.nodes as f64 / secs.max(1e-9) / 1e6
            );
        }
    }
    // The engine stops on its wall clock, so these depths are what a player gets at the
    // machine's present load.
    for (variant, _) in SEARCH_DEPTHS {
        for (name, fen) in positions {
            let pos = Position::from_fen(fen).expect("bench position");
            let (info, secs) = search_case(variant, &pos, Limits::movetime(1000.0));
            say!(
                "{:<10} {name:<9} 1 s: depth {:>2} ({:>9} nodes in {:>5.0} ms wall-clock, {:>5.0} ms {clock} = {:>6.2} M nodes/s)",
                variant.name(),
                info.depth,
                info.nodes,
                info.time_ms,
                secs * 1000.0,
                info.nodes as f64 / secs.max(1e-9) / 1e6
            );
        }
    }
    let pos = Position::from_fen(TATARSTAN_AFTER_E4).expect("bench position");
    let (info, secs) = search_case(Variant::Tatarstan, &pos, Limits::depth(4));
    say!(
        "tatarstan  after 1.e4 depth {}: {:>10} nodes in {secs:>7.3} s {clock} = {:>6.2} M nodes/s",
        info.depth,
        info.nodes,
        info.nodes as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}

/// `bench`'s perft cases. Each variant right after orthodox chess on the same position, so that
/// each round compares runs made close together in time. Grolman perft runs to the same depth as
/// orthodox (the speed per node depends on the depth: on Kiwipete, depth 5 runs about 30 %
/// faster per node than depth 4); Tatarstan chess from the start to depth 3 (its depth 2
/// counts 40802 turns, mostly the first ply's phases), on Kiwipete to depth 2 (3.3 M).
const PERFT_CASES: [(Variant, &str, &str, u32); 6] = [
    (Variant::Orthodox, "start", grolman::START_FEN, 6),
    (Variant::Grolman, "start", grolman::START_FEN, 6),
    (Variant::Tatarstan, "start", grolman::START_FEN, 3),
    (Variant::Orthodox, "kiwipete", KIWIPETE, 5),
    (Variant::Grolman, "kiwipete", KIWIPETE, 5),
    (Variant::Tatarstan, "kiwipete", KIWIPETE, 2),
];

/// The positions of the turn query and of `bench-search`.
const POSITIONS: [(&str, &str); 2] = [("start", grolman::START_FEN), ("kiwipete", KIWIPETE)];

/// `bench-search`'s fixed depths per variant: from the start and on Kiwipete.
const SEARCH_DEPTHS: [(Variant, [u32; 2]); 3] = [
    (Variant::Orthodox, [9, 7]),
    (Variant::Grolman, [8, 5]),
    (Variant::Tatarstan, [3, 2]),
];
