//! Readable text on a dealer's theme colours. Dealers choose their brand colours freely
//! (a yellow accent, a pale primary), so the text drawn on them is chosen here, by the
//! WCAG 2 contrast ratio, rather than fixed to white in the stylesheet.

/// Relative luminance (WCAG 2) of a `#RRGGBB` colour; `None` when it is not one.
pub fn relative_luminance(hex: &str) -> Option<f64> {
    if !crate::config::is_hex_colour(hex) {
        return None;
    }
    let digits = &hex[1..];
    let channel = |i: usize| {
        let v = f64::from(u8::from_str_radix(&digits[i..i + 2], 16).unwrap_or(0)) / 255.0;
        if v <= 0.03928 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    Some(0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4))
}

/// WCAG 2 contrast ratio of two luminances (1 to 21).
pub fn contrast_ratio(a: f64, b: f64) -> f64 {
    let (hi, lo) = if a > b { (a, b) } else { (b, a) };
    (hi + 0.05) / (lo + 0.05)
}

/// WCAG 2 AA contrast for normal text.
pub const AA_NORMAL: f64 = 4.5;

/// The text colour for a background: white when it reaches AA (brands expect white on
/// their colours), else white or black, whichever contrasts more. One of the two always
/// reaches at least 4.58:1, so text on any brand colour passes AA. Anything that is not
/// `#RRGGBB` gets white (the stylesheet's historic default).
pub fn text_on(background: &str) -> &'static str {
    const DARK: &str = "#000000";
    let Some(bg) = relative_luminance(background) else {
        return "#FFFFFF";
    };
    let dark = relative_luminance(DARK).unwrap_or(0.0);
    let white = contrast_ratio(bg, 1.0);
    if white >= AA_NORMAL || white >= contrast_ratio(bg, dark) {
        "#FFFFFF"
    } else {
        DARK
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luminance_of_black_and_white() {
        assert_eq!(relative_luminance("#000000"), Some(0.0));
        assert!((relative_luminance("#FFFFFF").unwrap_or(0.0) - 1.0).abs() < 1e-9);
        assert_eq!(relative_luminance("red"), None);
        assert!((contrast_ratio(1.0, 0.0) - 21.0).abs() < 1e-9);
    }

    #[test]
    fn text_on_brand_colours() {
        // Yellow accent (Moreton): dark text; deep blue, red and purple: white text.
        assert_eq!(text_on("#F2A900"), "#000000");
        assert_eq!(text_on("#0B3D91"), "#FFFFFF");
        assert_eq!(text_on("#EB0A1E"), "#FFFFFF");
        assert_eq!(text_on("#6B3FA0"), "#FFFFFF");
        assert_eq!(text_on("#FFFFFF"), "#000000");
        assert_eq!(text_on("not a colour"), "#FFFFFF");
        // Ironbark's burnt orange: neither white (4.07) nor #1A1A1A (4.28) reaches 4.5; black does.
        assert_eq!(text_on("#C0661C"), "#000000");
        for hex in [
            "#C0661C", "#777777", "#808080", "#F5B700", "#0B3D91", "#3B2A1A",
        ] {
            let bg = relative_luminance(hex).unwrap_or(0.0);
            let fg = relative_luminance(text_on(hex)).unwrap_or(0.0);
            assert!(contrast_ratio(bg, fg) >= 4.5, "{hex}");
        }
    }
}
