//! Standard output. A reader that goes away (`grolman solve problems.txt | head`) ends the
//! command quietly: the first write that finds the pipe closed returns [`Failure::Closed`],
//! which every command passes up with `?`, instead of the panic of `println!`.

use std::io::{ErrorKind, Write};

use super::Failure;

/// Writes to standard output, flushing at each newline as `print!` does.
pub fn write(args: std::fmt::Arguments<'_>) -> Result<(), Failure> {
    std::io::stdout().lock().write_fmt(args).map_err(closed)
}

/// Flushes what is left (text that did not end with a newline).
pub fn flush() -> Result<(), Failure> {
    std::io::stdout().lock().flush().map_err(closed)
}

fn closed(e: std::io::Error) -> Failure {
    if e.kind() == ErrorKind::BrokenPipe {
        Failure::Closed
    } else {
        Failure::Input(format!("standard output: {e}"))
    }
}

/// `println!` for the commands: `say!("{n}")` returns early on a closed output.
macro_rules! say {
    () => {
        $crate::out::write(format_args!("\n"))?
    };
    ($($arg:tt)*) => {
        $crate::out::write(format_args!("{}\n", format_args!($($arg)*)))?
    };
}
pub(crate) use say;
