//! The service's tests in one test binary (one link of the application instead of nine):
//! the command line and every command the docs show, the HTTP routes and habits, the
//! puzzle routes, photos read back and the photo route's memory, the results store, and
//! the contract (schemathesis). `cargo test --test service`; one file with
//! `cargo test --test service results::`.

#[path = "../http1/mod.rs"]
mod http1;
#[path = "../live_server/mod.rs"]
mod live_server;
#[path = "../outside_tool/mod.rs"]
mod outside_tool;
#[path = "../peak_memory/mod.rs"]
mod peak_memory;
#[path = "../pg_cluster/mod.rs"]
mod pg_cluster;
#[path = "../photo_corpus/mod.rs"]
mod photo_corpus;
#[path = "../temp_dir/mod.rs"]
mod temp_dir;

mod bad_bodies;
mod cli;
mod contract;
mod doc_commands;
mod e2e;
mod edge;
mod http;
mod http_habits;
mod photo;
mod photo_memory;
mod play_pages;
mod puzzle_routes;
mod records;
mod results;
mod rooms;
mod rooms_live;
mod rooms_replicas;
