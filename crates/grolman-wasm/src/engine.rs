//! The engine crate for the page (meant to run in a Web Worker): `searchBest`, `analyse`
//! (the best lines, for the analysis panel) and `solveProblem`. Time comes from `Date.now()`,
//! since the browser has no `Instant`.

use grolman::{Position, Rules, Variant};
use grolman_engine::problem;
use grolman_engine::{pv_turns, Engine, Limits};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{from_js, to_js, FacadeError, Fail};

mod report;
use report::TwinJs;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = Date, js_name = now)]
    fn date_now() -> f64;

    /// A JS function, called with one argument.
    type Callback;
    #[wasm_bindgen(method, catch, js_name = call)]
    fn call1(this: &Callback, context: &JsValue, arg: &JsValue) -> Result<JsValue, JsValue>;
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SearchJs {
    depth: u32,
    /// Centipawns for the side to move (mate scores are large: see `mate`).
    score: i32,
    /// The same score from White's side, as an evaluation bar shows it.
    white_score: i32,
    score_text: String,
    /// Moves to mate: positive when the side to move mates, negative when it is mated.
    mate: Option<i32>,
    nodes: f64,
    nps: f64,
    time_ms: f64,
    pv: Vec<String>,
    pv_notation: Vec<String>,
    best: String,
    best_notation: String,
    /// The best turn's leading move.
    best_from: grolman::Square,
    best_to: grolman::Square,
}

/// The report of one finished iteration, with the expected line named.
fn report(pos: &Position, rules: grolman::Rules, info: &grolman_engine::Info) -> Option<SearchJs> {
    let turns = pv_turns(pos, rules, &info.pv);
    let first = turns.first()?;
    Some(SearchJs {
        depth: info.depth,
        score: info.score,
        white_score: if pos.turn() == grolman::Color::White {
            info.score
        } else {
            -info.score
        },
        score_text: info.score_text(),
        mate: info.mate_in(),
        nodes: info.nodes as f64,
        nps: info.nps(),
        time_ms: info.time_ms,
        best: first.code.clone(),
        best_notation: first.notation.clone(),
        best_from: first.from,
        best_to: first.to,
        pv: turns.iter().map(|t| t.code.clone()).collect(),
        pv_notation: turns.iter().map(|t| t.notation.clone()).collect(),
    })
}

/// What a search is asked: the rules of `variant`, the position of `fen` (the standard start
/// when empty), and limits of `movetime_ms` (none unless positive) and `max_depth` (0: none).
fn search_input(
    variant: &str,
    fen: &str,
    movetime_ms: f64,
    max_depth: u32,
) -> Result<(Rules, Position, Limits), Fail> {
    let variant: Variant = variant.parse()?;
    let pos = if fen.trim().is_empty() {
        Position::start()
    } else {
        Position::from_fen(fen)?
    };
    let limits = Limits {
        depth: if max_depth == 0 { 64 } else { max_depth.min(64) },
        movetime_ms: (movetime_ms.is_finite() && movetime_ms > 0.0).then_some(movetime_ms),
        nodes: None,
    };
    Ok((variant.into(), pos, limits))
}

/// The best turn of `fen` (the standard start when empty) under `variant`, searched for at most
/// `movetime_ms` milliseconds and `max_depth` turns (0 = no depth limit). `on_depth`, when a
/// function, is called after every finished depth with the same kind of object as the result
/// (the page shows the depth, score and line while the search goes on). Throws on a bad
/// variant or FEN, or when the side to move has no legal turn.
#[wasm_bindgen(js_name = searchBest)]
pub fn search_best(
    variant: &str,
    fen: &str,
    movetime_ms: f64,
    max_depth: u32,
    on_depth: JsValue,
) -> Result<JsValue, Fail> {
    let (rules, pos, limits) = search_input(variant, fen, movetime_ms, max_depth)?;
    if limits.movetime_ms.is_none() && max_depth == 0 {
        return Err(FacadeError::NoLimit.into());
    }
    let callback = on_depth
        .is_function()
        .then(|| on_depth.unchecked_ref::<Callback>());
    let mut engine = Engine::with_table(rules, Box::new(date_now), 8);
    let info = engine
        .search(&pos, &limits, &mut |info| {
            // The report walks every legal turn along the line for its notation (a tenth of a
            // short Tatarstan search): only for a caller that reads it.
            let Some(cb) = callback else { return };
            // A throwing callback only loses its report; the search goes on.
            if let Some(value) = report(&pos, rules, info).and_then(|r| to_js(&r).ok()) {
                let _ = cb.call1(&JsValue::NULL, &value);
            }
        })
        .ok_or(FacadeError::NoLegalTurn)?;
    let result = report(&pos, rules, &info)
        .ok_or_else(|| FacadeError::Internal("the search returned no turn".into()))?;
    to_js(&result)
}

/// The best `lines` lines of `fen` under `variant` (multi-PV), deepening for at most
/// `movetime_ms` milliseconds (0 = no time limit) and `max_depth` turns (0 = no depth limit):
/// `on_depth`, when a function, gets `{depth, lines: [...]}` after every finished depth, each
/// line the kind of object `searchBest` returns, best first. Returns the last such object
/// (`lines` empty when the side to move has no legal turn). Throws on a bad variant or FEN.
#[wasm_bindgen]
pub fn analyse(
    variant: &str,
    fen: &str,
    lines: u32,
    movetime_ms: f64,
    max_depth: u32,
    on_depth: JsValue,
) -> Result<JsValue, Fail> {
    let (rules, pos, limits) = search_input(variant, fen, movetime_ms, max_depth)?;
    if !(1..=8).contains(&lines) {
        return Err(FacadeError::Lines { least: 1, most: 8 }.into());
    }
    let callback = on_depth
        .is_function()
        .then(|| on_depth.unchecked_ref::<Callback>());
    let analysis = |found: &[grolman_engine::Info]| AnalysisJs {
        depth: found.first().map_or(0, |info| info.depth),
        lines: found
            .iter()
            .filter_map(|info| report(&pos, rules, info))
            .collect(),
    };
    let mut engine = Engine::with_table(rules, Box::new(date_now), 16);
    let found = engine.search_lines(&pos, &limits, lines as usize, &mut |found| {
        let Some(cb) = callback else { return };
        // A throwing callback only loses its report; the analysis goes on.
        if let Ok(value) = to_js(&analysis(found)) {
            let _ = cb.call1(&JsValue::NULL, &value);
        }
    });
    to_js(&analysis(&found))
}

/// One finished depth of `analyse`.
#[derive(Serialize)]
struct AnalysisJs {
    depth: u32,
    lines: Vec<SearchJs>,
}

/// What the caller may ask of the solving besides the problem's own options.
#[derive(serde::Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
struct SolveOptions {
    tries: Option<usize>,
    /// Popeye's options for problems read from FEN lines (`problem::parse_with_options`).
    popeye: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SolveProgress<'a> {
    problem: usize,
    twin: usize,
    label: &'a str,
    nodes: f64,
    time_ms: f64,
    /// The first move being tried ("" before the first), its place (from 1) and how many.
    first: &'a str,
    first_index: usize,
    first_count: usize,
}

#[derive(Serialize)]
struct ProblemJs {
    title: String,
    twins: Vec<TwinJs>,
}

/// Solves every problem in `text` (a FEN line or Popeye input, see the engine README).
/// `max_ms` (0 = none) bounds the time; past it the call throws "solving cancelled".
/// `on_progress`, when a function, is called about every 200 ms with
/// `{ problem, twin, label, nodes, timeMs, first, firstIndex, firstCount }`: which twin is being
/// solved (0-based indices), the positions searched so far for it, the time since the call
/// began, and the first move being tried (its notation, its place from 1 among the
/// `firstCount` first moves; `""` and 0 before the first).
/// `options` (may be undefined): `{ tries: n }` reports every first move refuted by at most `n`
/// defences as a try with its refutations, as Popeye's `Option Defence n` does
/// (`<grolman-board mode="solve">` answers a wrong first move with its refutation);
/// `{ popeye: "SetPlay Threat 2" }` gives problems read from FEN lines Popeye's options (the
/// element's `options` attribute), before `tries`.
#[wasm_bindgen(js_name = solveProblem)]
pub fn solve_problem(
    text: &str,
    max_ms: f64,
    on_progress: JsValue,
    options: JsValue,
) -> Result<JsValue, Fail> {
    let SolveOptions { tries, popeye } = match options.is_undefined() || options.is_null() {
        true => SolveOptions::default(),
        false => from_js(options, "solve options")?,
    };
    let mut problems = problem::parse_with_options(text, popeye.as_deref().unwrap_or(""))?;
    if tries.is_some() {
        for p in &mut problems {
            p.options.tries = tries;
        }
    }
    let started = date_now();
    let deadline = (max_ms.is_finite() && max_ms > 0.0).then_some(started + max_ms);
    let callback = on_progress
        .is_function()
        .then(|| on_progress.unchecked_ref::<Callback>());
    let mut out = Vec::new();
    for (problem_index, p) in problems.iter().enumerate() {
        let mut twins = Vec::new();
        for (twin_index, entry) in p.entries().into_iter().enumerate() {
            let start = date_now();
            let twin = match entry {
                problem::Entry::Twin(twin) => twin,
                problem::Entry::Illegal(twin) => {
                    twins.push(TwinJs::illegal(twin, p.intended));
                    continue;
                }
            };
            // The solver asks every 512 positions whether to go on: that is its pulse.
            let (mut asked, mut last_report) = (0u64, start);
            let mut keep_going = |searching: &problem::Searching| {
                asked += 1;
                let now = date_now();
                if let Some(cb) = callback.filter(|_| now - last_report >= 200.0) {
                    last_report = now;
                    let progress = SolveProgress {
                        problem: problem_index,
                        twin: twin_index,
                        label: &twin.label,
                        nodes: (asked * 512) as f64,
                        time_ms: now - started,
                        first: &searching.first,
                        first_index: searching.index,
                        first_count: searching.count,
                    };
                    if let Ok(value) = to_js(&progress) {
                        let _ = cb.call1(&JsValue::NULL, &value);
                    }
                }
                deadline.is_none_or(|d| now < d)
            };
            let r = problem::solve_twin(p, twin, &mut keep_going).map_err(|_| FacadeError::Cancelled)?;
            twins.push(TwinJs::new(r, p.intended, date_now() - start));
        }
        out.push(ProblemJs {
            title: p.title.clone(),
            twins,
        });
    }
    to_js(&out)
}
