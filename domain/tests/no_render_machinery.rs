//! domain holds rules and view models; how pages are rendered fast (threads, caches,
//! digests) belongs to the generator's render module.

#[test]
fn domain_depends_on_no_threading_or_hashing_crate() {
    let manifest = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        .expect("domain/Cargo.toml");
    let manifest: toml::Table = toml::from_str(&manifest).expect("domain/Cargo.toml parses");
    let dependencies = manifest["dependencies"]
        .as_table()
        .expect("a [dependencies] table");
    let machinery: Vec<&str> = ["rayon", "blake3"]
        .into_iter()
        .filter(|name| dependencies.contains_key(*name))
        .collect();
    assert!(
        machinery.is_empty(),
        "domain/Cargo.toml depends on {machinery:?}: render machinery goes in generator/src/render"
    );
}
