//! The module structure of `domain/src/view`: page views use shared pieces, never each
//! other, and the shared pieces form no import circle. Every file of the folder is listed
//! below in exactly one group, so a new file has to say which it is.
//!
//! A use is any path through `super::<module>` or `crate::view::<module>` outside the
//! file's `#[cfg(test)]` items and comments (tests may build a whole page to check a part).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The pieces several pages show. They use only each other, without a circle.
const SHARED: &[&str] = &[
    // images, crumbs, links and routes, display names
    "images",
    "crumbs",
    "links",
    "names",
    // text and URL helpers
    "slug",
    "words",
    "markdown",
    "contrast",
    // the site's header and footer and the context every view reads
    "site",
    // components that several pages embed
    "card",
    "finance",
    // what a form is for, its routes and its fields; the form page is a page view
    "form",
    "form_fields",
    "form_view",
    "price_slider",
    "brand_groups",
    "model_cards",
    "offer_cards",
    "location_cards",
    // a location's hours as times, for its page and its cards
    "schedule",
    // the head's schema.org data, titles and descriptions
    "jsonld",
    "head_text",
    // the rule constants exported to TypeScript
    "ts_constants",
];

/// The views of one page kind (or a pair: a list and its items). They use shared pieces
/// and their own parts only.
const PAGE_VIEWS: &[&str] = &[
    "brands",
    "client",
    "content",
    "form_page",
    "home",
    "location",
    "locator",
    "model",
    "offers",
    "parts",
    "search",
    "vehicle",
    // the post indexes and the spin-to-win wheel
    "posts",
    "spin",
];

/// Files that belong to one page view and are used by it alone: (part, page view).
const PAGE_VIEW_PARTS: &[(&str, &str)] = &[
    ("vehicle_blocks", "vehicle"),
    // The vehicle page's viewer and gallery, its specifications, its youX quote box.
    ("vehicle_media", "vehicle"),
    ("vehicle_specs", "vehicle"),
    ("vehicle_youx", "vehicle"),
    // A car's compare rows come with its vehicle page; the compare page reads them.
    ("compare", "vehicle"),
    // The group figures of the home page's stat banners (the dealers check reads them too).
    ("figures", "home"),
    // The search landing routes and the cars each matches.
    ("search_routes", "search"),
];

/// The module root and the site's page list, which put every page view together.
const ASSEMBLY: &[&str] = &["mod", "pages", "pages_stock"];

fn view_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/view")
}

/// The source without `#[cfg(test)]` items and comment lines.
fn production_code(source: &str) -> String {
    let mut kept = String::new();
    let mut lines = source.lines();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]") {
            let indent = line.len() - trimmed.len();
            // Skip the item: one line, or a block up to its closing brace at the same indent.
            if let Some(item) = lines.next() {
                if item.trim_end().ends_with('{') {
                    let close = format!("{}}}", " ".repeat(indent));
                    for inner in lines.by_ref() {
                        if inner.trim_end() == close {
                            break;
                        }
                    }
                }
            }
            continue;
        }
        if trimmed.starts_with("//") {
            continue;
        }
        kept.push_str(line);
        kept.push('\n');
    }
    kept
}

/// The sibling modules a source names through `super::` or `crate::view::`, grouped
/// imports (`super::{a::X, b::Y}`) included.
fn used_modules(source: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let mut used = BTreeSet::new();
    for prefix in ["super::", "crate::view::"] {
        let mut rest = source;
        while let Some(at) = rest.find(prefix) {
            rest = &rest[at + prefix.len()..];
            let heads: Vec<&str> = if let Some(group) = rest.strip_prefix('{') {
                let end = group.find('}').unwrap_or(group.len());
                group[..end]
                    .split(',')
                    .map(|path| path.trim().split("::").next().unwrap_or(""))
                    .collect()
            } else {
                let end = rest
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(rest.len());
                vec![&rest[..end]]
            };
            for head in heads {
                if modules.contains(head) {
                    used.insert(head.to_string());
                }
            }
        }
    }
    used
}

/// Every module of the folder and the modules it uses.
fn use_graph() -> BTreeMap<String, BTreeSet<String>> {
    let mut sources = BTreeMap::new();
    for entry in fs::read_dir(view_dir()).expect("read domain/src/view") {
        let path = entry.expect("dir entry").path();
        if path.extension().is_some_and(|e| e == "rs") {
            let name = path
                .file_stem()
                .expect("a file name")
                .to_string_lossy()
                .to_string();
            sources.insert(name, fs::read_to_string(&path).expect("read view file"));
        }
    }
    let modules: BTreeSet<String> = sources.keys().cloned().collect();
    sources
        .into_iter()
        .map(|(name, source)| {
            let mut used = used_modules(&production_code(&source), &modules);
            used.remove(&name);
            (name, used)
        })
        .collect()
}

fn group_of(module: &str) -> Option<&'static str> {
    if SHARED.contains(&module) {
        Some("shared")
    } else if PAGE_VIEWS.contains(&module) {
        Some("page view")
    } else if PAGE_VIEW_PARTS.iter().any(|(part, _)| *part == module) {
        Some("page view part")
    } else if ASSEMBLY.contains(&module) {
        Some("assembly")
    } else {
        None
    }
}

/// The first import circle among `modules`, as a path that ends where it starts.
fn find_circle(
    graph: &BTreeMap<String, BTreeSet<String>>,
    modules: &[&str],
) -> Option<Vec<String>> {
    fn visit(
        module: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        modules: &[&str],
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|m| m == module) {
            let mut circle = path[start..].to_vec();
            circle.push(module.to_string());
            return Some(circle);
        }
        if done.contains(module) {
            return None;
        }
        path.push(module.to_string());
        for next in graph.get(module).into_iter().flatten() {
            if modules.contains(&next.as_str()) {
                if let Some(circle) = visit(next, graph, modules, path, done) {
                    return Some(circle);
                }
            }
        }
        path.pop();
        done.insert(module.to_string());
        None
    }
    let mut done = BTreeSet::new();
    modules
        .iter()
        .find_map(|m| visit(m, graph, modules, &mut Vec::new(), &mut done))
}

#[test]
fn every_view_file_is_in_one_group() {
    let graph = use_graph();
    for module in graph.keys() {
        assert!(
            group_of(module).is_some(),
            "domain/src/view/{module}.rs is in no group of tests/view_modules.rs: add it to \
             SHARED if several pages use it, else to PAGE_VIEWS"
        );
    }
    let listed: Vec<&str> = SHARED
        .iter()
        .chain(PAGE_VIEWS)
        .chain(PAGE_VIEW_PARTS.iter().map(|(part, _)| part))
        .chain(ASSEMBLY)
        .copied()
        .collect();
    for module in &listed {
        assert!(
            graph.contains_key(*module),
            "{module} is listed but domain/src/view/{module}.rs does not exist"
        );
        assert_eq!(
            listed.iter().filter(|m| *m == module).count(),
            1,
            "{module} is listed twice"
        );
    }
}

#[test]
fn page_views_use_shared_pieces_and_their_own_parts_only() {
    let graph = use_graph();
    let mut wrong = Vec::new();
    for (module, used) in &graph {
        let own_parts: Vec<&str> = PAGE_VIEW_PARTS
            .iter()
            .filter(|(_, owner)| owner == module)
            .map(|(part, _)| *part)
            .collect();
        let allowed = |target: &str| -> bool {
            match group_of(module) {
                Some("shared") | Some("page view part") => SHARED.contains(&target),
                Some("page view") => SHARED.contains(&target) || own_parts.contains(&target),
                _ => true,
            }
        };
        for target in used {
            if !allowed(target) {
                wrong.push(format!(
                    "{module} ({}) uses {target} ({})",
                    group_of(module).unwrap_or("?"),
                    group_of(target).unwrap_or("?")
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "view modules that use what they should not (move the piece both need into a \
         shared module):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn shared_pieces_form_no_import_circle() {
    let graph = use_graph();
    assert_eq!(find_circle(&graph, SHARED), None);
}

#[test]
fn the_checks_see_the_uses_they_are_meant_to_catch() {
    let modules: BTreeSet<String> = ["card", "form", "site", "vehicle"]
        .iter()
        .map(|m| m.to_string())
        .collect();
    let source = "use super::form::ENQUIRY_PATH;\n\
                  use super::{site::ViewContext, vehicle::Crumb};\n\
                  // super::card::CardView in a comment\n\
                  fn f() { crate::view::vehicle::g() }\n\
                  #[cfg(test)]\n\
                  mod tests {\n    use super::card::card_view;\n}\n";
    let used = used_modules(&production_code(source), &modules);
    assert_eq!(
        used.into_iter().collect::<Vec<_>>(),
        ["form", "site", "vehicle"]
    );
    let mut graph = BTreeMap::new();
    graph.insert("card".to_string(), BTreeSet::from(["form".to_string()]));
    graph.insert("form".to_string(), BTreeSet::from(["card".to_string()]));
    assert_eq!(
        find_circle(&graph, &["card", "form"]),
        Some(vec!["card".into(), "form".into(), "card".into()])
    );
}

/// The car entity is data the views read: it uses no view module, so the dependency
/// between the two points one way (a helper both need lives with the car).
#[test]
fn the_car_entity_uses_no_view() {
    let source = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/car.rs"))
        .expect("read domain/src/car.rs");
    let code = production_code(&source);
    assert!(
        !code.contains("crate::view"),
        "domain/src/car.rs uses crate::view; view may use car, car must not use view"
    );
}
