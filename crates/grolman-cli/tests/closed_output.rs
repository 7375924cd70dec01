//! A reader that has gone (`grolman solve problems.txt | head`) ends each command quietly: exit
//! status 0 and nothing on standard error, where `println!` would panic on the closed pipe.

use std::process::{Command, Stdio};

/// Runs `grolman args` with standard output a pipe whose reading end is closed before it starts,
/// so that its very first write finds the pipe closed.
fn run_into_closed_pipe(args: &[&str]) -> std::process::Output {
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    Command::new(env!("CARGO_BIN_EXE_grolman"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("run grolman")
}

#[test]
fn every_command_stops_quietly_when_its_output_is_closed() {
    let problem = std::env::temp_dir().join(format!("grolman-closed-output-{}.txt", std::process::id()));
    std::fs::write(&problem, "orthodox 7k/6pp/8/6N1/8/8/1B6/R6K w - - 0 1 #1\n").unwrap();
    let problem_path = problem.to_str().unwrap();
    for args in [
        &["perft", "grolman", "2"][..],
        &["divide", "orthodox", "1"],
        &["turns", "tatarstan"],
        &["play", "grolman", "e2e4"],
        &["search", "orthodox", "--depth", "1"],
        &["solve", problem_path],
        &["diagram"],
    ] {
        let out = run_into_closed_pipe(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let stderr_lines: Vec<&str> = stderr.lines().filter(|l| !l.contains("nodes/s")).collect();
        assert!(
            out.status.success(),
            "grolman {args:?}: {:?}: {stderr}",
            out.status
        );
        assert!(stderr_lines.is_empty(), "grolman {args:?}: {stderr}");
    }
    std::fs::remove_file(&problem).unwrap();
}
