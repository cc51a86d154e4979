//! Forecourt's generator: loads dealers/ and the stock feed, derives view models and
//! writes a static site per dealer.
pub mod check;
pub mod feed;
pub mod index;
pub mod manifest;
pub mod pipeline;
pub mod publish;
pub mod reindex;
pub mod render;
pub mod serve;
pub mod shell;
pub mod watch;
