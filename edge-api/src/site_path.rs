//! How the file service and the image service read a site path: `%XX` decoding and the
//! longest name a file system allows. Below the routes, so both can use it.

/// The longest file or folder name the file systems we serve from allow, in bytes.
pub const MAX_SEGMENT_BYTES: usize = 255;
/// The longest whole path served, in bytes (decoded): far beyond any built page, well
/// inside the file systems' limit of 4,096, past which opening a file is an I/O error.
pub const MAX_PATH_BYTES: usize = 2048;

/// `%XX` escapes decoded (invalid escapes kept as they are), as the file service reads them.
pub fn percent_decode(segment: &str) -> Vec<u8> {
    percent_encoding::percent_decode_str(segment).collect()
}
