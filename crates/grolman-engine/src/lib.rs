//! A computer opponent and a problem solver for orthodox, Grolman and Tatarstan chess, built
//! on the turn generator of the [`grolman`] rules crate.
//!
//! ```
//! use grolman::{Position, Variant};
//! use grolman_engine::{Engine, Limits};
//! let mut engine = Engine::new(Variant::Orthodox.into(), grolman_engine::native_clock());
//! let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
//! let info = engine.search(&pos, &Limits::depth(3), &mut |_| {}).unwrap();
//! assert_eq!(info.mate_in(), Some(1));
//! ```
//!
//! The solver reads problems ([`problem::parse`]) as a FEN line or in a subset of Popeye's input
//! language and solves direct mates, helpmates and selfmates ([`problem::solve`]).

pub mod eval;
pub mod level;
mod order;
pub mod problem;
mod search;
mod tt;
pub mod turns;

pub use level::{level, levels, table_name, Level};
#[cfg(not(target_arch = "wasm32"))]
pub use search::native_clock;
pub use search::{mate_in, pv_turns, Clock, Engine, Info, Limits, MATE, MATE_BOUND};
