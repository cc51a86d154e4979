//! The document shell: minijinja wraps the HTML a worker rendered in a full document
//! (`templates/page.html`): head, canonical URL, Open Graph, JSON-LD, the dealer's theme
//! as CSS variables, preloads, the props script and the hydration entry.
//!
//! Auto-escaping is on for the whole template, so every value from the feed or the
//! config renders as text. Only four values are marked safe, each made safe here:
//! the SSR markup (React escaped it), the JSON-LD and props scripts ([`script_json`]),
//! and the theme values ([`css_value`]).

mod vite;

use std::fmt;

use domain::config::{Dealer, HeaderStyle, HeadingCase};
use domain::view::contrast::text_on;
use domain::view::images::{asset_url, photo_srcset, HeroImage};
use domain::view::site::canonical_base;
use domain::view::Page;
use minijinja::{context, Environment, Value};
use serde::Serialize;

pub use vite::{EntryAssets, ViteManifest};

/// The document template, compiled into the binary.
pub const PAGE_TEMPLATE: &str = include_str!("../../templates/page.html");
const TEMPLATE_NAME: &str = "page.html";

/// A shell that could not be rendered.
#[derive(Debug)]
pub struct ShellError(String);

impl fmt::Display for ShellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ShellError {}

/// One CSS custom property of the theme.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ThemeVar {
    /// Property name, e.g. `--brand-primary`.
    pub name: &'static str,
    /// Its value, made safe by [`css_value`].
    pub value: String,
}

/// What the shell needs from the dealer, the same for every page of the site.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SiteHead {
    /// Trading name (og:site_name).
    pub name: String,
    /// Scheme and host every canonical URL starts with.
    pub base_url: String,
    /// Favicon URL (the theme's favicon, else the logo).
    pub favicon: Option<String>,
    /// The theme as CSS custom properties on `:root`.
    pub theme_vars: Vec<ThemeVar>,
    /// The absolute Open Graph image of a page that has no image of its own: the first
    /// home slide, else the logo.
    pub og_image: Option<String>,
}

/// The base of canonical URLs: `https://<first domain>`, or the local preview host
/// `http://<slug>.localhost:8080` (where `forecourt serve` answers) when the dealer has
/// no domain yet.
pub fn site_base_url(dealer: &Dealer) -> String {
    let base = canonical_base(dealer);
    if dealer.config.domains.is_empty() && base.ends_with(".localhost") {
        format!("{base}:8080")
    } else {
        base
    }
}

impl SiteHead {
    /// The head data of `dealer`'s site.
    pub fn of(dealer: &Dealer) -> SiteHead {
        let theme = &dealer.config.theme;
        let vars = [
            ("--brand-primary", &theme.primary),
            ("--brand-secondary", &theme.secondary),
            ("--brand-accent", &theme.accent),
            ("--brand-text", &theme.text),
            ("--brand-bg", &theme.background),
            ("--font-body", &theme.font_body),
            ("--font-heading", &theme.font_heading),
        ];
        // The header bar (theme.header_style), corners and heading case.
        let header_bg = match theme.header_style {
            HeaderStyle::Light => &theme.background,
            HeaderStyle::Dark => &theme.secondary,
            HeaderStyle::Brand => &theme.primary,
        };
        // On a light header the links keep the brand's own text colour.
        let header_text = match theme.header_style {
            HeaderStyle::Light => theme.text.as_str(),
            _ => text_on(header_bg),
        };
        let (radius_card, radius_button) = theme.corners.radii();
        let heading_transform = match theme.heading_case {
            HeadingCase::Normal => "none",
            HeadingCase::Uppercase => "uppercase",
        };
        // Text drawn on the brand colours is chosen for contrast (WCAG 2).
        let on = [
            ("--brand-on-primary", text_on(&theme.primary)),
            ("--brand-on-secondary", text_on(&theme.secondary)),
            ("--brand-on-accent", text_on(&theme.accent)),
            ("--header-bg", header_bg.as_str()),
            ("--header-text", header_text),
            ("--radius-card", radius_card),
            ("--radius-button", radius_button),
            ("--heading-transform", heading_transform),
        ];
        // Seed 001 s9: a dealer page's own images (content, posts, offers) are drawn at
        // most this wide, so a small upload is not blown up to the container's width.
        let image_max_width = format!(
            "{}px",
            dealer
                .config
                .images
                .max_width_px
                .unwrap_or(domain::rules::constants::IMAGE_MAX_WIDTH_PX)
        );
        let base_url = site_base_url(dealer);
        // A slide is a photo made for the site's front; the logo is what every dealer has.
        let og_image = dealer
            .slides
            .iter()
            .map(|s| s.image.trim())
            .find(|i| !i.is_empty())
            .map(asset_url)
            .unwrap_or_else(|| asset_url(theme.logo.trim()));
        SiteHead {
            name: dealer.config.name.clone(),
            og_image: Some(absolute_url(&base_url, &share_image(&og_image))),
            base_url,
            favicon: Some(asset_url(theme.favicon.as_deref().unwrap_or(&theme.logo))),
            theme_vars: vars
                .into_iter()
                .map(|(name, value)| ThemeVar {
                    name,
                    value: css_value(value),
                })
                .chain(on.into_iter().map(|(name, value)| ThemeVar {
                    name,
                    value: css_value(value),
                }))
                .chain(std::iter::once(ThemeVar {
                    name: "--image-max-width",
                    value: image_max_width,
                }))
                .collect(),
        }
    }

    /// The absolute URL of a site path or of an already absolute URL.
    pub fn absolute(&self, url: &str) -> String {
        absolute_url(&self.base_url, url)
    }

    /// The absolute Open Graph image of a page whose own image is `image`: that image
    /// sized for sharing, else the site's.
    pub fn og_image(&self, image: Option<&str>) -> Option<String> {
        image
            .map(str::trim)
            .filter(|i| !i.is_empty() && !i.starts_with("data:"))
            .map(|i| self.absolute(&share_image(i)))
            .or_else(|| self.og_image.clone())
    }
}

/// The absolute URL of a site path (or of an already absolute URL) on `base`.
fn absolute_url(base: &str, url: &str) -> String {
    if url.starts_with("http://") || url.starts_with("https://") {
        url.to_string()
    } else if url.starts_with('/') {
        format!("{base}{url}")
    } else {
        format!("{base}/{url}")
    }
}

/// Width of a shared page's image: the large preview the social networks draw.
const SHARE_WIDTH: u32 = 1200;

/// A photo as the image service serves it at sharing width (a large original is slow to
/// fetch for a preview); an image the service does not take stays as it is.
fn share_image(url: &str) -> String {
    domain::rules::image_url::service_url(url, SHARE_WIDTH, domain::rules::constants::IMAGE_QUALITY)
        .unwrap_or_else(|| url.to_string())
}

/// A config value made safe inside `<style>`: characters that could end the declaration,
/// the rule or the element (`;`, `{`, `}`, `<`, `>`, `\`, line breaks) are dropped.
/// Colours are validated as `#RRGGBB` by the config; font stacks keep their quotes.
pub fn css_value(value: &str) -> String {
    value
        .chars()
        .filter(|c| !matches!(c, ';' | '{' | '}' | '<' | '>' | '\\' | '\n' | '\r' | '@'))
        .collect::<String>()
        .trim()
        .to_string()
}

/// JSON for inside a `<script>` element: `<`, `>` and `&` (and the JS line separators)
/// are written as `\u` escapes, so neither `</script>` nor `<!--` can appear and the
/// text still parses to the same value.
pub fn script_json<T: Serialize + ?Sized>(value: &T) -> Result<String, serde_json::Error> {
    serde_json::to_string(value).map(|json| script_safe(&json))
}

/// JSON text made safe for inside a `<script>` element (see [`script_json`]). The
/// characters replaced are ASCII or start with the byte 0xE2, which no other part of a
/// UTF-8 sequence can be mistaken for; the text between them is copied as it is.
pub fn script_safe(json: &str) -> String {
    let bytes = json.as_bytes();
    let mut out = String::with_capacity(json.len() + 64);
    let mut copied = 0;
    // The next `<`, `>` or `&`, and the next 0xE2, each searched again only once passed.
    let mut ascii = memchr::memchr3(b'<', b'>', b'&', bytes);
    let mut e2 = memchr::memchr(0xE2, bytes);
    loop {
        let at = match (ascii, e2) {
            (None, None) => break,
            (Some(a), Some(e)) => a.min(e),
            (Some(a), None) => a,
            (None, Some(e)) => e,
        };
        let (escape, width) = match bytes[at] {
            b'<' => (Some("\\u003c"), 1),
            b'>' => (Some("\\u003e"), 1),
            b'&' => (Some("\\u0026"), 1),
            _ => match (bytes.get(at + 1), bytes.get(at + 2)) {
                (Some(0x80), Some(0xA8)) => (Some("\\u2028"), 3),
                (Some(0x80), Some(0xA9)) => (Some("\\u2029"), 3),
                _ => (None, 1),
            },
        };
        if let Some(escape) = escape {
            out.push_str(json.get(copied..at).unwrap_or_default());
            out.push_str(escape);
            copied = at + width;
        }
        let next = at + 1;
        if bytes[at] == 0xE2 {
            e2 = memchr::memchr(0xE2, &bytes[next..]).map(|i| i + next);
        } else {
            ascii = memchr::memchr3(b'<', b'>', b'&', &bytes[next..]).map(|i| i + next);
        }
    }
    out.push_str(json.get(copied..).unwrap_or_default());
    out
}

/// A site's part of the shell, made once per build: its head as a template value.
pub struct ShellSite {
    head: SiteHead,
    value: Value,
}

impl ShellSite {
    /// The shell's view of `head`.
    pub fn of(head: &SiteHead) -> ShellSite {
        ShellSite {
            value: Value::from(minijinja::value::Serde(head)),
            head: head.clone(),
        }
    }
}

/// A page kind's hydration assets as a template value, made once per kind.
#[derive(Clone)]
pub struct ShellAssets(Value);

impl ShellAssets {
    /// The shell's view of `assets`.
    pub fn of(assets: &EntryAssets) -> ShellAssets {
        ShellAssets(Value::from(minijinja::value::Serde(assets)))
    }
}

/// The compiled document shell.
pub struct Shell {
    env: Environment<'static>,
    /// What stands in the template's output for the worker's markup and for the props,
    /// then is cut out ([`Document`]): safe-string values (made once) of text with a
    /// random nonce of this process, which no value of a feed or a config can hold.
    body_mark: Value,
    props_mark: Value,
}

/// A page's document in parts: the shell around two holes, one for the worker's
/// markup (in `<div id="root">`) and one for the props script's JSON. A build writes the
/// parts one after another ([`Document::parts`]) instead of copying the markup and the
/// props into one buffer first.
pub struct Document {
    /// The shell's output without the two marks.
    frame: Vec<u8>,
    /// Where the markup goes in `frame`.
    body_at: usize,
    /// Where the props go in `frame`.
    props_at: usize,
    /// The props, made safe for the script element.
    props: String,
}

impl Document {
    /// The document's bytes, in order, with `body` as the root element's content.
    pub fn parts<'a>(&'a self, body: &'a str) -> [&'a [u8]; 5] {
        [
            &self.frame[..self.body_at],
            body.as_bytes(),
            &self.frame[self.body_at..self.props_at],
            self.props.as_bytes(),
            &self.frame[self.props_at..],
        ]
    }

    /// The document with `body`, in one buffer.
    pub fn to_bytes(&self, body: &str) -> Vec<u8> {
        self.parts(body).concat()
    }
}

impl Shell {
    /// Compiles [`PAGE_TEMPLATE`] with HTML auto-escaping on.
    pub fn new() -> Result<Shell, ShellError> {
        use std::hash::{BuildHasher, Hasher};
        let mut env = Environment::new();
        env.set_auto_escape_callback(|_| minijinja::AutoEscape::Html);
        env.set_undefined_behavior(minijinja::UndefinedBehavior::Strict);
        env.add_template(TEMPLATE_NAME, PAGE_TEMPLATE)
            .map_err(|e| {
                ShellError(format!(
                    "generator/templates/{TEMPLATE_NAME} does not compile: {e}"
                ))
            })?;
        // RandomState's keys are random per process.
        let random = || std::hash::RandomState::new().build_hasher().finish();
        let nonce = format!("{:016x}{:016x}", random(), random());
        let mark = |what: &str| Value::from_safe_string(format!("<!--forecourt-{what}-{nonce}-->"));
        Ok(Shell {
            env,
            body_mark: mark("body"),
            props_mark: mark("props"),
        })
    }

    /// blake3 of the template source: part of every page's content hash.
    pub fn template_hash() -> String {
        blake3::hash(PAGE_TEMPLATE.as_bytes()).to_hex().to_string()
    }

    /// The full document of `page`, with `body` (the worker's HTML) in `<div id="root">`.
    pub fn render(
        &self,
        site: &ShellSite,
        page: &Page,
        body: String,
        assets: &ShellAssets,
    ) -> Result<Vec<u8>, ShellError> {
        Ok(self.document(site, page, assets)?.to_bytes(&body))
    }

    /// The document of `page` in parts, the worker's markup left out ([`Document`]).
    pub fn document(
        &self,
        site: &ShellSite,
        page: &Page,
        assets: &ShellAssets,
    ) -> Result<Document, ShellError> {
        let fail = |what: &str, e: &dyn fmt::Display| {
            ShellError(format!("page {}: {what}: {e}", page.path))
        };
        let json_ld = page
            .json_ld
            .iter()
            .map(|block| script_json(block).map(Value::from_safe_string))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| fail("JSON-LD does not serialize", &e))?;
        let props = script_safe(page.props.json());
        let template = self
            .env
            .get_template(TEMPLATE_NAME)
            .map_err(|e| fail("no shell template", &e))?;
        // The shell is about 2 KB of head and the JSON-LD.
        let mut frame = Vec::with_capacity(4096);
        template
            .render_captured_to(
                context! {
                    site => site.value.clone(),
                    page => context! { title => &page.title, description => &page.description },
                    canonical => page.canonical.as_deref().map(|p| site.head.absolute(p)),
                    noindex => page.noindex,
                    og_image => site.head.og_image(page.hero_image.as_deref()),
                    hero => preload(page).map(minijinja::value::Serde).map(Value::from),
                    assets => assets.0.clone(),
                    json_ld => json_ld,
                    body => self.body_mark.clone(),
                    props => self.props_mark.clone(),
                },
                &mut frame,
            )
            .map_err(|e| fail("the document shell failed", &e))?;
        let (body_mark, props_mark) = (
            self.body_mark.as_str().unwrap_or_default(),
            self.props_mark.as_str().unwrap_or_default(),
        );
        let (body_at, props_at) = match (
            only_place(&frame, body_mark),
            only_place(&frame, props_mark),
        ) {
            (Some(body_at), Some(props_at)) if body_at < props_at => {
                (body_at, props_at - body_mark.len())
            }
            _ => {
                return Err(fail(
                    "the document shell",
                    &"the template must hold {{ body }} and then {{ props }}, once each",
                ))
            }
        };
        frame.drain(body_at..body_at + body_mark.len());
        frame.drain(props_at..props_at + props_mark.len());
        Ok(Document {
            frame,
            body_at,
            props_at,
            props,
        })
    }
}

/// The page's image preload: its largest image as the `<img>` draws it, or a plain
/// preload of a hero the image service does not serve (a drawing). A photo hero without
/// its layout is not preloaded: the original is not what the `<img>` fetches.
fn preload(page: &Page) -> Option<HeroImage> {
    page.hero_preload.clone().or_else(|| {
        page.hero_image
            .as_deref()
            .filter(|url| photo_srcset(url).is_none())
            .map(|url| HeroImage {
                url: url.to_string(),
                srcset: None,
                sizes: None,
            })
    })
}

/// Where `mark` is in `text`, when it is there exactly once.
fn only_place(text: &[u8], mark: &str) -> Option<usize> {
    let at = memchr::memmem::find(text, mark.as_bytes())?;
    memchr::memmem::find(&text[at + mark.len()..], mark.as_bytes())
        .is_none()
        .then_some(at)
}

#[cfg(test)]
mod tests {
    use domain::view::{Page, PageKind};

    use super::*;

    /// A sample dealer of dealers/.
    fn sample_dealer(slug: &str) -> Dealer {
        let dealers = domain::config::load_dealers(std::path::Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../dealers"
        )))
        .expect("dealers");
        dealers
            .into_iter()
            .find(|d| d.config.slug == slug)
            .unwrap_or_else(|| panic!("no sample dealer {slug}"))
    }

    #[test]
    fn script_json_cannot_end_the_script_and_parses_to_the_same_value() {
        let value =
            serde_json::json!({ "comments": "</script><!-- a & b \u{2028}\u{2029} €5 é –" });
        let safe = script_json(&value).expect("serializes");
        for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
            assert!(!safe.contains(forbidden), "{forbidden:?} in {safe}");
        }
        assert!(
            safe.contains("€5 é –"),
            "other characters stay as they are: {safe}"
        );
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&safe).expect("parses"),
            value
        );
    }

    #[test]
    fn theme_values_keep_their_quotes_and_cannot_leave_the_style_element() {
        let mut dealer = sample_dealer("jacaranda-toyota");
        dealer.config.theme.font_body =
            "\"Segoe UI\", Arial</style><script>alert(1)</script>, sans-serif".into();
        let head = SiteHead::of(&dealer);
        let page = Page {
            path: "/".into(),
            kind: PageKind::Home,
            title: "Home".into(),
            description: "d".into(),
            props: domain::view::Props::of(&serde_json::json!({})).expect("props"),
            json_ld: Vec::new(),
            hero_image: None,
            hero_preload: None,
            in_sitemap: true,
            noindex: false,
            canonical: Some("/".into()),
            lastmod: None,
        };
        let assets = EntryAssets {
            boot: "/assets/boot.js".into(),
            script: "/assets/home.js".into(),
            css: Vec::new(),
            preloads: Vec::new(),
        };
        let html = Shell::new()
            .expect("shell")
            .render(
                &ShellSite::of(&head),
                &page,
                "<main></main>".into(),
                &ShellAssets::of(&assets),
            )
            .expect("render");
        let html = String::from_utf8(html).expect("UTF-8");
        // The quotes reach the CSS parser as quotes (an `&quot;` would void the font stack).
        assert!(
            html.contains(
                "--font-body:\"Segoe UI\", Arial/stylescriptalert(1)/script, sans-serif;"
            ),
            "{html}"
        );
        assert_eq!(
            html.matches("</style>").count(),
            1,
            "the value cannot close the element"
        );
    }

    #[test]
    fn a_document_in_parts_is_the_whole_document_and_page_text_cannot_cut_it() {
        let dealer = sample_dealer("jacaranda-toyota");
        let head = SiteHead::of(&dealer);
        // A title that looks like the shell's marks stays text.
        let page = Page {
            path: "/cars/a".into(),
            kind: PageKind::Vehicle,
            title: "<!--forecourt-body-0--> {{ body }}".into(),
            description: "d".into(),
            props: domain::view::Props::of(
                &serde_json::json!({ "comments": "</script><!--forecourt-props-0-->" }),
            )
            .expect("props"),
            json_ld: vec![serde_json::json!({ "@type": "Car", "name": "<!--forecourt-body-0-->" })],
            hero_image: Some("/hero.jpg".into()),
            hero_preload: None,
            in_sitemap: true,
            noindex: false,
            canonical: Some("/cars/a".into()),
            lastmod: None,
        };
        let assets = ShellAssets::of(&EntryAssets {
            boot: "/assets/boot.js".into(),
            script: "/assets/vehicle.js".into(),
            css: vec!["/assets/a.css".into()],
            preloads: Vec::new(),
        });
        let (shell, site) = (Shell::new().expect("shell"), ShellSite::of(&head));
        let body = "<main><h1>2024 Toyota RAV4</h1></main>";
        let document = shell.document(&site, &page, &assets).expect("document");
        let whole = String::from_utf8(document.to_bytes(body)).expect("UTF-8");
        assert_eq!(document.parts(body).concat(), whole.as_bytes());
        assert_eq!(
            shell
                .render(&site, &page, body.to_string(), &assets)
                .expect("render"),
            whole.as_bytes()
        );
        assert!(whole.contains(&format!("<div id=\"root\">{body}</div>\n<script type=\"application/json\" id=\"__FORECOURT_PROPS__\">")), "{whole}");
        assert!(
            whole.contains(
                r#"{"comments":"\u003c/script\u003e\u003c!--forecourt-props-0--\u003e"}</script>"#
            ),
            "{whole}"
        );
        assert!(
            whole.contains("<title>&lt;!--forecourt-body-0--&gt; {{ body }}"),
            "{whole}"
        );
        assert!(
            !whole.contains("<!--forecourt-"),
            "no mark is left: {whole}"
        );
        // The boot script names the entry it starts; nothing else loads a script.
        assert!(
            whole.contains(r#"<script type="module" src="&#x2f;assets&#x2f;boot.js" data-entry="&#x2f;assets&#x2f;vehicle.js" data-preloads=""></script>"#),
            "{whole}"
        );
        assert_eq!(
            whole.matches("<script type=\"module\"").count(),
            1,
            "{whole}"
        );
        assert!(whole.starts_with("<!doctype html>") && whole.trim_end().ends_with("</html>"));
    }

    #[test]
    fn header_style_corners_and_heading_case_become_custom_properties() {
        let var = |head: &SiteHead, name: &str| {
            head.theme_vars
                .iter()
                .find(|v| v.name == name)
                .map(|v| v.value.clone())
        };
        let mut dealer = sample_dealer("wattle-nissan");
        // Wattle: a dark header (the secondary colour, black) with white links, square corners, capitals.
        let head = SiteHead::of(&dealer);
        assert_eq!(var(&head, "--header-bg").as_deref(), Some("#000000"));
        assert_eq!(var(&head, "--header-text").as_deref(), Some("#FFFFFF"));
        assert_eq!(var(&head, "--radius-button").as_deref(), Some("0"));
        assert_eq!(
            var(&head, "--heading-transform").as_deref(),
            Some("uppercase")
        );
        // A light header keeps the page background and the brand's text colour; pill buttons.
        dealer.config.theme.header_style = domain::config::HeaderStyle::Light;
        dealer.config.theme.corners = domain::config::Corners::Pill;
        dealer.config.theme.heading_case = HeadingCase::Normal;
        let head = SiteHead::of(&dealer);
        assert_eq!(var(&head, "--header-bg").as_deref(), Some("#FFFFFF"));
        assert_eq!(var(&head, "--header-text").as_deref(), Some("#343434"));
        assert_eq!(var(&head, "--radius-button").as_deref(), Some("999px"));
        assert_eq!(var(&head, "--heading-transform").as_deref(), Some("none"));
    }

    #[test]
    fn page_images_are_capped_at_600_px_unless_the_dealer_sets_a_width() {
        let width = |head: &SiteHead| {
            head.theme_vars
                .iter()
                .find(|v| v.name == "--image-max-width")
                .map(|v| v.value.clone())
        };
        let mut dealer = sample_dealer("moreton-motor-group");
        dealer.config.images.max_width_px = None;
        assert_eq!(width(&SiteHead::of(&dealer)).as_deref(), Some("600px"));
        dealer.config.images.max_width_px = Some(900);
        assert_eq!(width(&SiteHead::of(&dealer)).as_deref(), Some("900px"));
    }

    #[test]
    fn a_photo_hero_is_preloaded_as_its_img_draws_it_and_never_as_the_original() {
        let dealer = sample_dealer("jacaranda-toyota");
        let (shell, site) = (
            Shell::new().expect("shell"),
            ShellSite::of(&SiteHead::of(&dealer)),
        );
        let assets = ShellAssets::of(&EntryAssets {
            boot: "/assets/boot.js".into(),
            script: "/assets/vehicle.js".into(),
            css: Vec::new(),
            preloads: Vec::new(),
        });
        let page = |hero: &str, layout: Option<&str>| Page {
            path: "/cars/a".into(),
            kind: PageKind::Vehicle,
            title: "t".into(),
            description: "d".into(),
            props: domain::view::Props::of(&serde_json::json!({})).expect("props"),
            json_ld: Vec::new(),
            hero_image: Some(hero.into()),
            hero_preload: layout.map(|l| HeroImage::new(hero, l)),
            in_sitemap: true,
            noindex: false,
            canonical: Some("/cars/a".into()),
            lastmod: None,
        };
        let head = |page: &Page| {
            let html = shell
                .render(&site, page, String::new(), &assets)
                .expect("render");
            let html = String::from_utf8(html).expect("UTF-8");
            // Auto-escaping writes `/` as `&#x2f;`, which an attribute reads as `/`.
            html.lines()
                .filter(|l| l.starts_with("<link rel=\"preload\""))
                .map(|l| l.replace("&#x2f;", "/"))
                .collect::<Vec<_>>()
        };
        let sizes = domain::view::images::image_layouts()["vehicle_hero"]
            .sizes
            .clone();
        let photo = head(&page("/media/a.jpg", Some("vehicle_hero")));
        assert_eq!(photo.len(), 1, "{photo:?}");
        assert!(
            photo[0].contains("imagesrcset=\"/img/w_160,q_75/site/media/a.jpg 160w, "),
            "{}",
            photo[0]
        );
        assert!(
            photo[0].contains(&format!("imagesizes=\"{sizes}\"")),
            "{}",
            photo[0]
        );
        assert!(photo[0].contains("fetchpriority=\"high\""));
        // A photo without its layout: no preload of the original.
        assert!(head(&page("/media/a.jpg", None)).is_empty());
        // A drawing: its plain URL, as before.
        let drawing = head(&page("/media/a.svg", None));
        assert_eq!(
            drawing,
            vec![r#"<link rel="preload" as="image" href="/media/a.svg" fetchpriority="high">"#]
        );
    }
}
