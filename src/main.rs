//! The `grundy` command: parses arguments, calls the library, prints. See `cli/`.

mod cli;

/// The system's allocator, counted, so that `--max-memory` knows what the process holds.
#[global_allocator]
static ALLOC: grundy::memory::Metered = grundy::memory::Metered;

fn main() {
    std::process::exit(cli::main());
}
