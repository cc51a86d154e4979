//! How pages are rendered fast: the pool of Node SSR workers ([`pool`]) and the cards of a
//! build's stock made once ([`cards`]).

pub mod cards;
pub mod pool;

pub use cards::CardCache;
pub use pool::{Pool, PoolOptions, PoolStats, RenderError, RenderJob, StartError, WorkerCommand};
