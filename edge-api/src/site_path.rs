//! How the file service and the image service read a site path: `%XX` decoding and the
//! longest name a file system allows, as `domain::site_files` (the rules both local site
//! servers follow) reads them. Below the routes, so both can use it.

pub use domain::site_files::{percent_decode, MAX_PATH_BYTES, MAX_SEGMENT_BYTES};
