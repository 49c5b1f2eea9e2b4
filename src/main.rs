//! The `grundy` command: parses arguments, calls the library, prints. See `cli/`.

mod cli;

fn main() {
    std::process::exit(cli::main());
}
