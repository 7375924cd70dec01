//! The engine against a random mover, its time limit, its stop flag, and owner choices.

use std::sync::atomic::Ordering;
use std::time::Instant;

use grolman::random::Xorshift;
use grolman::{for_each_turn, Color, Position, Role, Rules, Variant};
use grolman_engine::eval::VALUES;
use grolman_engine::turns::children;
use grolman_engine::{native_clock, Engine, Limits};

fn material(pos: &Position, color: Color) -> i32 {
    pos.board()
        .pieces()
        .map(|(_, p)| {
            let v = VALUES[p.role.index()];
            if p.color == color {
                v
            } else {
                -v
            }
        })
        .sum()
}

enum End {
    EngineMated,
    Adjudicated(i32),
    Lost(String),
}

fn play(variant: Variant, engine_color: Color, seed: u64) -> End {
    let rules: Rules = variant.into();
    let mut engine = Engine::with_table(rules, native_clock(), 4);
    // The same seed, the same match on every run.
    let mut random = Xorshift(seed);
    let mut pos = Position::start();
    let mut history = vec![pos.key()];
    for _ in 0..80 {
        if pos.halfmoves() >= 100 {
            break;
        }
        let mut afters = Vec::new();
        for_each_turn(&pos, rules, false, &mut |v| {
            afters.push(v.after.clone());
            false
        });
        if afters.is_empty() {
            return if pos.is_check() && pos.turn() != engine_color {
                End::EngineMated
            } else {
                End::Lost(format!("game ended without the engine mating: {}", pos.fen()))
            };
        }
        pos = if pos.turn() == engine_color {
            engine.set_game_history(&history);
            let info = engine.search(&pos, &Limits::depth(2), &mut |_| {}).unwrap();
            afters.into_iter().find(|a| a.key() == info.pv[0]).unwrap()
        } else {
            afters.swap_remove(random.below(afters.len() as u64) as usize)
        };
        history.push(pos.key());
    }
    End::Adjudicated(material(&pos, engine_color))
}

#[test]
fn engine_beats_a_random_mover_in_every_game() {
    let games = [
        (Variant::Orthodox, Color::White, 1),
        (Variant::Orthodox, Color::Black, 2),
        (Variant::Grolman, Color::White, 3),
        (Variant::Grolman, Color::Black, 4),
    ];
    for (variant, color, seed) in games {
        match play(variant, color, seed) {
            End::EngineMated => eprintln!("{variant} with {color}: the engine mated"),
            End::Adjudicated(m) => assert!(
                m >= VALUES[Role::Queen.index()],
                "{variant} with {color}: only {m} cp ahead after 80 turns"
            ),
            End::Lost(why) => panic!("{variant} with {color}: {why}"),
        }
    }
}

#[test]
fn search_respects_its_time_limit() {
    for variant in Variant::ALL {
        let mut engine = Engine::new(variant.into(), native_clock());
        let start = Instant::now();
        let info = engine
            .search(&Position::start(), &Limits::movetime(200.0), &mut |_| {})
            .unwrap();
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        assert!(ms < 600.0, "{variant}: {ms:.0} ms for a 200 ms search");
        assert!(!info.pv.is_empty(), "{variant}: no turn");
    }
}

#[test]
fn node_limit_and_stop_flag_end_the_search() {
    let mut engine = Engine::new(Variant::Grolman.into(), native_clock());
    let limits = Limits {
        nodes: Some(2_000),
        ..Limits::default()
    };
    let info = engine.search(&Position::start(), &limits, &mut |_| {}).unwrap();
    assert!(info.nodes < 20_000, "{} nodes", info.nodes);
    // A flag raised from the progress callback stops the next iteration at once.
    let stop = engine.stop_flag();
    let mut depths = Vec::new();
    let limits = Limits::depth(30);
    engine.search(&Position::start(), &limits, &mut |info| {
        depths.push(info.depth);
        if info.depth == 2 {
            stop.store(true, Ordering::Relaxed);
        }
    });
    assert_eq!(depths, vec![1, 2]);
}

#[test]
fn owner_choices_of_the_opponent_form_one_group() {
    // docs/rules.md 5: after any White turn the black knight a1 becomes a pawn on Black's last rank
    // and Black chooses its kind. Kf2 [a1=R], Kf2 [a1=B, b2=B], Kf2 [a1=N]: one White choice.
    let pos = Position::from_fen("4k3/8/8/8/8/8/1p6/n3K3 w - - 0 1").unwrap();
    let ch = children(&pos, Variant::Tatarstan.into());
    assert_eq!(ch.turns.len(), 13);
    let kf2: Vec<usize> = (0..ch.groups.len())
        .filter(|&g| ch.members(g)[0].lead.to == grolman::Square::F2)
        .map(|g| ch.members(g).len())
        .collect();
    assert_eq!(kf2, vec![3]);
}

#[test]
fn no_legal_turn_gives_no_result() {
    let mated = Position::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    let mut engine = Engine::new(Variant::Orthodox.into(), native_clock());
    assert!(engine.search(&mated, &Limits::depth(3), &mut |_| {}).is_none());
}

#[test]
fn search_lines_gives_the_best_lines_with_different_first_turns_best_first() {
    let rules: Rules = Variant::Orthodox.into();
    let mut engine = Engine::with_table(rules, native_clock(), 4);
    // White mates by Ra8; every other turn is far worse.
    let pos = Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").unwrap();
    let mut depths = Vec::new();
    let lines = engine.search_lines(&pos, &Limits::depth(3), 3, &mut |lines| depths.push(lines.len()));
    assert_eq!(lines.len(), 3);
    assert_eq!(depths, vec![3, 3, 3]);
    assert_eq!(lines[0].mate_in(), Some(1));
    let firsts: Vec<u64> = lines.iter().map(|l| l.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    assert!(lines.windows(2).all(|w| w[0].score >= w[1].score));
    assert!(lines[1].mate_in().is_none());
    // The single best line is the one search finds alone.
    let best = engine.search(&pos, &Limits::depth(3), &mut |_| {}).unwrap();
    assert_eq!(best.pv[0], firsts[0]);
}

#[test]
fn search_lines_gives_as_many_lines_as_there_are_turns() {
    let rules: Rules = Variant::Orthodox.into();
    let mut engine = Engine::with_table(rules, native_clock(), 4);
    // Black's king in the corner has two squares.
    let pos = Position::from_fen("7k/8/6K1/8/8/8/8/R7 b - - 0 1").unwrap();
    let turns = children(&pos, rules).groups.len();
    let lines = engine.search_lines(&pos, &Limits::depth(2), 3, &mut |_| {});
    assert_eq!(lines.len(), turns.min(3));
    assert!(turns < 3);
}

#[test]
fn the_selective_search_reaches_a_depth_with_a_fraction_of_the_nodes() {
    // Kiwipete (`grolman bench-search`): before the selective rules, with late-move reductions
    // only, depth 5 in Grolman chess took 113,418 nodes and depth 7 in orthodox chess 178,472;
    // with them 19,376 and 72,468.
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let pos = Position::from_fen(kiwipete).unwrap();
    for (variant, depth, most) in [(Variant::Grolman, 5, 50_000), (Variant::Orthodox, 7, 120_000)] {
        let mut engine = Engine::with_table(variant.into(), native_clock(), 8);
        let info = engine.search(&pos, &Limits::depth(depth), &mut |_| {}).unwrap();
        assert_eq!(info.depth, depth);
        assert!(
            info.nodes < most,
            "{variant}: {} nodes to depth {depth}",
            info.nodes
        );
    }
}

#[test]
fn new_weights_leave_no_evaluation_of_the_old_ones_behind() {
    // The engine keeps its last evaluations by key; after new weights and a cleared table it
    // must search as an engine that never had the old ones.
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let pos = Position::from_fen(kiwipete).unwrap();
    let rules: Rules = Variant::Grolman.into();
    let mut reused = Engine::new(rules, native_clock());
    reused.search(&pos, &Limits::depth(4), &mut |_| {}).unwrap();
    reused.set_weights(grolman_engine::eval::Weights::BASELINE);
    reused.clear();
    let again = reused.search(&pos, &Limits::depth(4), &mut |_| {}).unwrap();
    let mut fresh = Engine::new(rules, native_clock());
    fresh.set_weights(grolman_engine::eval::Weights::BASELINE);
    let first = fresh.search(&pos, &Limits::depth(4), &mut |_| {}).unwrap();
    assert_eq!(
        (again.score, again.nodes, again.pv),
        (first.score, first.nodes, first.pv)
    );
}
