//! A small markdown subset for dealer pages (`dealers/<slug>/pages/*.md`), rendered to
//! HTML in Rust so the browser never interprets dealer text: headings (`#` to `######`,
//! rendered one level down because the page title is the h1, never skipping a level),
//! paragraphs, unordered (`-`, `*`, `+`) and ordered (`1.`) lists, `**strong**`,
//! `*emphasis*` / `_emphasis_`, `[links](url)` and `![images](url)` whose URL is
//! http(s), relative or a fragment. Everything is HTML-escaped first; anything else stays
//! literal text. Images are drawn at most the dealer's image width (the page CSS caps
//! them at `--image-max-width`, 600 px unless configured).

/// Escapes `&`, `<`, `>`, `"` and `'` for HTML text and attribute values.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Whether a link target is allowed: `http://`, `https://`, or a URL without a scheme
/// (a path, `?query` or `#fragment`). `javascript:`, `data:`, `mailto:` and every other
/// scheme are refused, as are protocol-relative `//host` links.
pub fn safe_url(url: &str) -> bool {
    let url = url.trim();
    if url.is_empty()
        || url.starts_with("//")
        || url.chars().any(|c| c.is_control() || c.is_whitespace())
    {
        return false;
    }
    let lower = url.to_ascii_lowercase();
    if lower.starts_with("http://") || lower.starts_with("https://") {
        return true;
    }
    // No scheme: no ':' before the first '/', '?' or '#'.
    let end = url.find(['/', '?', '#']).unwrap_or(url.len());
    !url[..end].contains(':')
}

enum Block {
    Paragraph(Vec<String>),
    List { ordered: bool, items: Vec<String> },
}

fn list_item(line: &str) -> Option<(bool, &str)> {
    let trimmed = line.trim_start();
    for marker in ["- ", "* ", "+ "] {
        if let Some(rest) = trimmed.strip_prefix(marker) {
            return Some((false, rest));
        }
    }
    let digits = trimmed.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 {
        if let Some(rest) = trimmed[digits..].strip_prefix(". ") {
            return Some((true, rest));
        }
    }
    None
}

fn heading(line: &str) -> Option<(usize, &str)> {
    let trimmed = line.trim_start();
    let level = trimmed.chars().take_while(|c| *c == '#').count();
    if (1..=6).contains(&level) {
        let rest = &trimmed[level..];
        if rest.is_empty() {
            return Some((level, ""));
        }
        if let Some(text) = rest.strip_prefix(' ') {
            return Some((level, text.trim().trim_end_matches('#').trim_end()));
        }
    }
    None
}

/// Renders the inline subset of one already-escaped piece of text.
fn inline(escaped: &str) -> String {
    let mut out = String::with_capacity(escaped.len());
    let mut rest = escaped;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("**") {
            if let Some(end) = after.find("**").filter(|e| *e > 0) {
                out.push_str("<strong>");
                out.push_str(&inline(&after[..end]));
                out.push_str("</strong>");
                rest = &after[end + 2..];
                continue;
            }
        }
        let first = rest.chars().next().unwrap_or(' ');
        if first == '*' || first == '_' {
            let after = &rest[1..];
            if let Some(end) = after
                .find(first)
                .filter(|e| *e > 0 && !after.starts_with(' '))
            {
                out.push_str("<em>");
                out.push_str(&inline(&after[..end]));
                out.push_str("</em>");
                rest = &after[end + 1..];
                continue;
            }
        }
        if first == '!' && rest[1..].starts_with('[') {
            if let Some((alt, url, consumed)) = parse_link(&rest[1..]) {
                if safe_url(&unescape_for_check(url)) {
                    // Lazy: a page's own images sit below its title.
                    out.push_str(&format!(
                        "<img src=\"{url}\" alt=\"{alt}\" loading=\"lazy\" decoding=\"async\">"
                    ));
                } else {
                    out.push_str(alt);
                }
                rest = &rest[1 + consumed..];
                continue;
            }
        }
        if first == '[' {
            if let Some(link) = parse_link(rest) {
                let (text, url, consumed) = link;
                if safe_url(&unescape_for_check(url)) {
                    out.push_str("<a href=\"");
                    out.push_str(url);
                    out.push_str("\">");
                    out.push_str(&inline(text));
                    out.push_str("</a>");
                } else {
                    out.push_str(&inline(text));
                }
                rest = &rest[consumed..];
                continue;
            }
        }
        out.push(first);
        rest = &rest[first.len_utf8()..];
    }
    out
}

/// The URL as written (the text was escaped before parsing), for the scheme check.
fn unescape_for_check(url: &str) -> String {
    url.replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// `[text](url)` at the start of `s`: (text, url, bytes consumed).
fn parse_link(s: &str) -> Option<(&str, &str, usize)> {
    let close = s.find("](")?;
    let text = &s[1..close];
    if text.is_empty() || text.contains('[') {
        return None;
    }
    let url_start = close + 2;
    let url_len = s[url_start..].find(')')?;
    let url = &s[url_start..url_start + url_len];
    Some((text, url.trim(), url_start + url_len + 1))
}

/// Renders dealer markdown to HTML; raw HTML in the source comes out escaped.
pub fn markdown_to_html(source: &str) -> String {
    let mut html = String::new();
    let mut block: Option<Block> = None;
    let flush = |block: &mut Option<Block>, html: &mut String| match block.take() {
        Some(Block::Paragraph(lines)) => {
            let text: Vec<String> = lines
                .iter()
                .map(|l| inline(&escape_html(l.trim())))
                .collect();
            html.push_str(&format!("<p>{}</p>\n", text.join("\n")));
        }
        Some(Block::List { ordered, items }) => {
            let tag = if ordered { "ol" } else { "ul" };
            html.push_str(&format!("<{tag}>\n"));
            for item in items {
                html.push_str(&format!("<li>{}</li>\n", inline(&escape_html(item.trim()))));
            }
            html.push_str(&format!("</{tag}>\n"));
        }
        None => {}
    };
    let mut previous = 1;
    for line in source.lines() {
        if line.trim().is_empty() {
            flush(&mut block, &mut html);
            continue;
        }
        if let Some((level, text)) = heading(line) {
            flush(&mut block, &mut html);
            // The page title is the document's h1, so dealer headings start at h2, and a
            // heading goes at most one level below the one before it: a page that starts
            // at `##` or jumps from `#` to `###` must not skip a level (the HTML checker
            // and screen-reader outlines treat a skipped level as an error).
            let level = (level + 1).min(6).min(previous + 1);
            previous = level;
            html.push_str(&format!(
                "<h{level}>{}</h{level}>\n",
                inline(&escape_html(text))
            ));
            continue;
        }
        if let Some((ordered, text)) = list_item(line) {
            match &mut block {
                Some(Block::List { ordered: o, items }) if *o == ordered => {
                    items.push(text.to_string())
                }
                _ => {
                    flush(&mut block, &mut html);
                    block = Some(Block::List {
                        ordered,
                        items: vec![text.to_string()],
                    });
                }
            }
            continue;
        }
        match &mut block {
            Some(Block::Paragraph(lines)) => lines.push(line.to_string()),
            Some(Block::List { items, .. }) if line.starts_with(' ') || line.starts_with('\t') => {
                if let Some(last) = items.last_mut() {
                    last.push(' ');
                    last.push_str(line.trim());
                }
            }
            _ => {
                flush(&mut block, &mut html);
                block = Some(Block::Paragraph(vec![line.to_string()]));
            }
        }
    }
    flush(&mut block, &mut html);
    html
}
