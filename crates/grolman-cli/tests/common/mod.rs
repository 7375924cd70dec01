//! What the command-line tests share: running the built `grolman`.

use std::process::Command;

/// Runs `grolman` with `args`: (whether it succeeded, its stdout, its stderr).
pub fn grolman(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_grolman"))
        .args(args)
        .output()
        .expect("run grolman");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
