//! The deterministic sample stock feed (`forecourt sample-feed`).
