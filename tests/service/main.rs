//! The service's tests in one test binary (one link of the application instead of four):
//! the command line, the HTTP habits, the results store and the photo route's memory.
//! `cargo test --test service`; one file with `cargo test --test service results::`.

#[path = "../live_server/mod.rs"]
mod live_server;
#[path = "../pg_cluster/mod.rs"]
mod pg_cluster;
#[path = "../temp_dir/mod.rs"]
mod temp_dir;

mod cli;
mod http_habits;
mod photo_memory;
mod results;
