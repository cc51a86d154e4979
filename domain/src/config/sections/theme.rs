//! The site's looks: `[theme]`.

use super::*;

/// Looks: CSS custom properties of the site (colours are "#RRGGBB").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ThemeConfig {
    /// Brand colour of buttons, links and headers, "#RRGGBB".
    #[schemars(regex(pattern = r"^#[0-9A-Fa-f]{6}$"))]
    pub primary: String,
    /// Second brand colour (footer, secondary buttons), "#RRGGBB".
    #[schemars(regex(pattern = r"^#[0-9A-Fa-f]{6}$"))]
    pub secondary: String,
    /// Highlight colour (badges, price), "#RRGGBB"; default "#E4002B".
    #[serde(default = "accent")]
    #[schemars(regex(pattern = r"^#[0-9A-Fa-f]{6}$"))]
    pub accent: String,
    /// Body text colour, "#RRGGBB"; default "#1A1A1A".
    #[serde(default = "text")]
    #[schemars(regex(pattern = r"^#[0-9A-Fa-f]{6}$"))]
    pub text: String,
    /// Page background colour, "#RRGGBB"; default "#FFFFFF".
    #[serde(default = "background")]
    #[schemars(regex(pattern = r"^#[0-9A-Fa-f]{6}$"))]
    pub background: String,
    /// CSS font-family of body text; system font stacks only (no web fonts); default the system UI stack.
    #[serde(default = "system_font")]
    pub font_body: String,
    /// CSS font-family of headings; system font stacks only; default the system UI stack.
    #[serde(default = "system_font")]
    pub font_heading: String,
    /// Logo file inside the dealer folder (e.g. "logo.svg") or an absolute URL.
    pub logo: String,
    /// Favicon file inside the dealer folder or an absolute URL; default the logo.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub favicon: Option<String>,
    /// Header bar colour: light (the page background), dark (the secondary colour) or brand (the primary colour); default light.
    #[serde(default)]
    pub header_style: HeaderStyle,
    /// Corners of buttons, cards and images: square, rounded or pill (round-ended buttons); default rounded.
    #[serde(default)]
    pub corners: Corners,
    /// Heading letters: normal or uppercase; default normal.
    #[serde(default)]
    pub heading_case: HeadingCase,
    /// Home page slide text: inset (a panel on the image), split (a full-height panel over the image's left side) or caption (a bar under the image); default inset.
    #[serde(default)]
    pub hero_style: HeroStyle,
}

/// Where the home page slides put their text.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema, ts_rs::TS,
)]
#[serde(rename_all = "snake_case")]
pub enum HeroStyle {
    /// A panel on the image, bottom left (default).
    #[default]
    Inset,
    /// A full-height panel over the left side of the image.
    Split,
    /// A bar under the image.
    Caption,
}

/// The colour of the header bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum HeaderStyle {
    /// The page background (default).
    #[default]
    Light,
    /// The secondary colour.
    Dark,
    /// The primary colour.
    Brand,
}

/// The corner shape of buttons, cards and images.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Corners {
    /// No rounding.
    Square,
    /// Slightly rounded (default).
    #[default]
    Rounded,
    /// Round-ended buttons, rounded cards.
    Pill,
}

impl Corners {
    /// (card radius, button radius) as CSS lengths.
    pub fn radii(self) -> (&'static str, &'static str) {
        match self {
            Corners::Square => ("0", "0"),
            Corners::Rounded => ("6px", "4px"),
            Corners::Pill => ("12px", "999px"),
        }
    }
}

/// How headings are lettered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum HeadingCase {
    /// As written (default).
    #[default]
    Normal,
    /// Upper case.
    Uppercase,
}

fn accent() -> String {
    "#E4002B".to_string()
}
fn text() -> String {
    "#1A1A1A".to_string()
}
fn background() -> String {
    "#FFFFFF".to_string()
}
/// The default font stack: the platform's own UI font, never downloaded.
pub const SYSTEM_FONT_STACK: &str =
    "system-ui, -apple-system, \"Segoe UI\", Roboto, \"Helvetica Neue\", Arial, sans-serif";
fn system_font() -> String {
    SYSTEM_FONT_STACK.to_string()
}
