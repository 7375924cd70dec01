//! Figures for the engine: search speed and depth in one second from each variant's opening,
//! and solve times for the test problem set. `cargo run --release -p grolman-engine --example bench`

use std::time::Instant;

use grolman::{Position, Variant};
use grolman_engine::problem::{parse, solve};
use grolman_engine::{native_clock, Engine, Limits};

const PROBLEMS: &str = "\
orthodox 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 #1
grolman 7k/6pp/8/6N1/8/8/1B6/R6K w - - 0 1 #1
tatarstan 7k/5K2/8/8/8/7B/8/3R4 w - - 0 1 #1 2
orthodox 7k/8/5K2/8/8/8/8/6R1 w - - 0 1 #2
grolman 8/2p5/p4R2/N7/2K3B1/8/8/1k6 w - - 0 1 #2
tatarstan 8/8/8/3P4/2p3R1/7K/4B3/2k5 w - - 0 1 #2
orthodox 8/k7/8/3K4/7R/8/8/8 w - - 0 1 #3
grolman 8/8/8/7N/1p2R3/5K2/7k/8 w - - 0 1 #3
tatarstan 8/5k2/4R3/5p2/8/N7/2K5/8 w - - 0 1 #3
orthodox 8/4k2K/1pB5/3R4/8/8/8/8 b - - 0 1 h#2
grolman 8/5p2/2R1k3/8/8/1KB5/2P5/8 b - - 0 1 h#2
tatarstan 8/8/8/BK6/2p1k3/1P6/8/7R b - - 0 1 h#2
grolman 4N1k1/2R5/p7/8/8/8/8/6K1 w - - 0 1 h#1.5
orthodox 3Q4/8/8/8/8/6pk/8/6BK w - - 0 1 s#1
orthodox 3Q4/8/8/8/8/6pk/8/6BK w - - 0 1 s#2
";

fn main() {
    println!("search from the opening, 1 s per variant:");
    for variant in Variant::ALL {
        let mut engine = Engine::new(variant.into(), native_clock());
        let info = engine
            .search(&Position::start(), &Limits::movetime(1000.0), &mut |_| {})
            .expect("the opening has turns");
        println!(
            "  {:<10} depth {:>2}  {:>9} nodes  {:>9.0} nodes/s  {:>5.0} ms",
            variant.name(),
            info.depth,
            info.nodes,
            info.nps(),
            info.time_ms
        );
    }
    println!("solve times:");
    for problem in parse(PROBLEMS).expect("bench problems") {
        let twin = &problem.twins[0];
        let start = Instant::now();
        let report = &solve(&problem, &mut |_| true).expect("not cancelled")[0];
        println!(
            "  {:<10} {:<7} {:>8.2} ms  {:>7} positions  {} solution(s)  {}",
            problem.variant.name(),
            twin.stipulation.to_string(),
            start.elapsed().as_secs_f64() * 1000.0,
            report.nodes,
            report.solutions.len(),
            twin.position.fen()
        );
    }
}
