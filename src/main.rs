use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    arbiter_console::cli::run(arbiter_console::cli::Cli::parse())
}
