//! How pages are rendered fast: the pool of Node SSR workers ([`pool`]), the cards of a
//! build's stock made once with the fingerprints the workers keep their markup by
//! ([`cards`]), and the order that lets a worker reuse that markup ([`order`]).

pub mod cards;
pub mod order;
pub mod pool;

pub use cards::{fingerprinted, CardCache, FingerprintedCard};
pub use order::render_order;
pub use pool::{Pool, PoolOptions, PoolStats, RenderError, RenderJob, StartError, WorkerCommand};
