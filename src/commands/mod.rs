//! One module per subcommand of `arbiter`.

pub mod check;
pub mod console;
pub mod replay;
pub mod report;
pub mod script;
pub mod sign;
pub mod simulate;
pub mod verify;
