//! The `hexforge` binary: parse arguments, call the library, map the outcome to an exit code.
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    hexforge::cli::main()
}
