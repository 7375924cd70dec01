//! `grolman solve-bench --only CLASS`: only the twins of that variant and stipulation are solved
//! and summed; a class no twin has is an error, not an empty table.

mod common;

use common::grolman;

/// A mate in two and a helpmate in two (two twins, one of them under Grolman rules).
const PROBLEMS: &str = "BeginProblem
Stipulation #2
Pieces White Kb6 Qd1 Black Ka8
NextProblem
Stipulation h#2
Pieces White Kc6 Qd1 Black Ka8 Pa7
Twin Condition GrolmanChess
EndProblem
";

fn problems_file() -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("grolman-solve-bench-{}.txt", std::process::id()));
    std::fs::write(&path, PROBLEMS).expect("write problems");
    path
}

/// The summary's rows: "variant stipulation twins ...".
fn classes(out: &str) -> Vec<String> {
    let table = out.split("variant stipulation twins").nth(1).expect("summary");
    table
        .lines()
        .skip(1)
        .filter(|l| !l.is_empty())
        .map(|l| l.split(' ').take(3).collect::<Vec<_>>().join(" "))
        .collect()
}

#[test]
fn only_solves_the_twins_of_its_class() {
    let path = problems_file();
    let file = path.to_str().unwrap();
    let (ok, all, err) = grolman(&["solve-bench", file]);
    assert!(ok, "{err}");
    assert_eq!(
        classes(&all),
        ["grolman h#2 1", "orthodox #2 1", "orthodox h#2 1"]
    );
    let (ok, out, err) = grolman(&["solve-bench", file, "--only", "orthodox h#2"]);
    assert!(ok, "{err}");
    assert_eq!(classes(&out), ["orthodox h#2 1"]);
    let (ok, out, err) = grolman(&[
        "solve-bench",
        file,
        "--only",
        "grolman h#2",
        "--only",
        "orthodox #2",
    ]);
    assert!(ok, "{err}");
    assert_eq!(classes(&out), ["grolman h#2 1", "orthodox #2 1"]);
    let (ok, _, err) = grolman(&["solve-bench", file, "--only", "tatarstan h#2"]);
    assert!(!ok);
    assert!(err.contains("no twin is of the class"), "{err}");
    let (ok, _, err) = grolman(&["solve-bench", file, "--only"]);
    assert!(!ok);
    assert!(err.contains("--only needs a class"), "{err}");
    std::fs::remove_file(path).ok();
}
