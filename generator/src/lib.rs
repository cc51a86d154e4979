//! Forecourt's generator: loads dealers/ and the stock feed, derives view models and
//! writes a static site per dealer.
pub mod publish;
pub mod check;
pub mod render;
pub mod shell;
pub mod manifest;
pub mod build;
pub mod feed;
pub mod index;
pub mod sample_feed;
pub mod serve;
