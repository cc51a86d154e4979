//! Videos of a vehicle page (seed 000 s2 "optional video embed", s3 `video_url`,
//! `external_video_url`, `videos`): which URLs a page may play itself, and how an external
//! video becomes an embed that loads nothing from the provider until the shopper asks.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Who serves an external video.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum EmbedProvider {
    /// YouTube, played through its privacy-enhanced youtube-nocookie.com player.
    Youtube,
    /// Vimeo, played through player.vimeo.com with do-not-track on.
    Vimeo,
    /// Any other page: a plain link that opens in a new tab.
    Link,
}

/// An external video as the page shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct VideoEmbed {
    /// YouTube, Vimeo or a plain link.
    pub provider: EmbedProvider,
    /// The player URL to frame (YouTube, Vimeo; it starts playing, as the frame only
    /// loads after the shopper pressed play), or the page to link to.
    pub url: String,
}

/// The parts of an http(s) URL this module looks at.
struct Parts<'a> {
    /// Lower-case host without `www.`/`m.`, port or user info.
    host: String,
    /// Path segments, empty ones dropped.
    segments: Vec<&'a str>,
    /// Query pairs, undecoded.
    query: Vec<(&'a str, &'a str)>,
}

fn parts(url: &str) -> Option<Parts<'_>> {
    let scheme_end = url.find("://")?;
    if !matches!(
        url[..scheme_end].to_ascii_lowercase().as_str(),
        "http" | "https"
    ) {
        return None;
    }
    let rest = &url[scheme_end + 3..];
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = &rest[..authority_end];
    let host = authority.rsplit('@').next().unwrap_or_default();
    let host = host
        .split(':')
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    let valid_host = !host.is_empty()
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-');
    if !valid_host {
        return None;
    }
    let host = host
        .strip_prefix("www.")
        .or_else(|| host.strip_prefix("m."))
        .unwrap_or(&host)
        .to_string();
    let rest = &rest[authority_end..];
    let rest = rest.split('#').next().unwrap_or_default();
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    Some(Parts {
        host,
        segments: path.split('/').filter(|s| !s.is_empty()).collect(),
        query: query
            .split('&')
            .filter_map(|pair| pair.split_once('=').or(Some((pair, ""))))
            .filter(|(k, _)| !k.is_empty())
            .collect(),
    })
}

impl Parts<'_> {
    fn param(&self, key: &str) -> Option<&str> {
        self.query.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }
}

/// Characters no URL of a page attribute should carry (whitespace, controls, quotes,
/// angle brackets, backslashes).
fn has_stray_characters(url: &str) -> bool {
    url.chars()
        .any(|c| c.is_whitespace() || c.is_control() || matches!(c, '"' | '<' | '>' | '\\'))
}

/// An http(s) URL with a plausible host and nothing that could break out of an
/// attribute or run script (`javascript:` and other schemes are refused).
pub fn is_web_url(url: &str) -> bool {
    !has_stray_characters(url) && parts(url).is_some()
}

/// A URL the page's own `<video>` may play: a site path or an http(s) URL that is not a
/// YouTube or Vimeo page (those only play in their provider's player).
pub fn is_playable_video(url: &str) -> bool {
    let url = url.trim();
    if url.starts_with('/') && !url.starts_with("//") {
        return !has_stray_characters(url);
    }
    is_web_url(url)
        && matches!(
            video_embed(url),
            Some(VideoEmbed {
                provider: EmbedProvider::Link,
                ..
            })
        )
}

fn is_youtube_id(id: &str) -> bool {
    id.len() == 11
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Seconds of a YouTube start time: "90", "90s", "1m30s", "1h2m3s".
fn start_seconds(value: &str) -> Option<u32> {
    if let Ok(seconds) = value.parse::<u32>() {
        return Some(seconds);
    }
    let mut total: u32 = 0;
    let mut number = String::new();
    for c in value.chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let unit = match c {
            'h' => 3600,
            'm' => 60,
            's' => 1,
            _ => return None,
        };
        let n: u32 = number.parse().ok()?;
        total = total.checked_add(n.checked_mul(unit)?)?;
        number.clear();
    }
    (number.is_empty() && total > 0).then_some(total)
}

fn youtube(p: &Parts<'_>) -> Option<String> {
    let id = match p.host.as_str() {
        "youtu.be" => p.segments.first().copied(),
        "youtube.com" | "youtube-nocookie.com" | "music.youtube.com" => match p.segments.as_slice()
        {
            ["watch"] => p.param("v"),
            ["embed" | "shorts" | "live" | "v", id, ..] => Some(*id),
            _ => None,
        },
        _ => None,
    }
    .filter(|id| is_youtube_id(id))?;
    let start = p
        .param("t")
        .or_else(|| p.param("start"))
        .and_then(start_seconds)
        .filter(|s| *s > 0);
    let start = start.map(|s| format!("&start={s}")).unwrap_or_default();
    Some(format!(
        "https://www.youtube-nocookie.com/embed/{id}?autoplay=1{start}"
    ))
}

fn vimeo(p: &Parts<'_>) -> Option<String> {
    let is_id = |s: &str| !s.is_empty() && s.len() <= 12 && s.chars().all(|c| c.is_ascii_digit());
    let is_hash =
        |s: &str| !s.is_empty() && s.len() <= 20 && s.chars().all(|c| c.is_ascii_hexdigit());
    let (id, hash) = match p.host.as_str() {
        "player.vimeo.com" => match p.segments.as_slice() {
            ["video", id, ..] => (*id, p.param("h")),
            _ => return None,
        },
        "vimeo.com" => {
            // vimeo.com/{id}, /{id}/{hash} (unlisted), /channels/{name}/{id},
            // /groups/{name}/videos/{id}: the first all-digit segment is the video.
            let at = p.segments.iter().position(|s| is_id(s))?;
            (
                p.segments[at],
                p.segments.get(at + 1).copied().or_else(|| p.param("h")),
            )
        }
        _ => return None,
    };
    if !is_id(id) {
        return None;
    }
    let hash = hash
        .filter(|h| is_hash(h))
        .map(|h| format!("h={h}&"))
        .unwrap_or_default();
    Some(format!(
        "https://player.vimeo.com/video/{id}?{hash}dnt=1&autoplay=1"
    ))
}

/// The external video of a car as the page shows it: a YouTube URL (watch, youtu.be,
/// embed, shorts, live; a start time `t` kept) becomes its youtube-nocookie.com embed, a
/// Vimeo URL (public, unlisted, channel or player) its player.vimeo.com URL with
/// do-not-track, any other http(s) URL a plain link; anything else (blank, a path,
/// `javascript:`) none.
pub fn video_embed(url: &str) -> Option<VideoEmbed> {
    let url = url.trim();
    if !is_web_url(url) {
        return None;
    }
    let p = parts(url)?;
    if let Some(embed) = youtube(&p) {
        return Some(VideoEmbed {
            provider: EmbedProvider::Youtube,
            url: embed,
        });
    }
    if let Some(embed) = vimeo(&p) {
        return Some(VideoEmbed {
            provider: EmbedProvider::Vimeo,
            url: embed,
        });
    }
    Some(VideoEmbed {
        provider: EmbedProvider::Link,
        url: url.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn embed(url: &str) -> Option<(EmbedProvider, String)> {
        video_embed(url).map(|e| (e.provider, e.url))
    }

    #[test]
    fn youtube_urls_become_nocookie_embeds() {
        let want = |id: &str, extra: &str| {
            Some((
                EmbedProvider::Youtube,
                format!("https://www.youtube-nocookie.com/embed/{id}?autoplay=1{extra}"),
            ))
        };
        let cases = [
            (
                "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
                want("dQw4w9WgXcQ", ""),
            ),
            (
                "https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ",
                want("dQw4w9WgXcQ", ""),
            ),
            (
                "http://m.youtube.com/watch?v=dQw4w9WgXcQ&t=90",
                want("dQw4w9WgXcQ", "&start=90"),
            ),
            (
                "https://youtu.be/dQw4w9WgXcQ?t=1m30s",
                want("dQw4w9WgXcQ", "&start=90"),
            ),
            (
                "https://www.youtube.com/embed/dQw4w9WgXcQ?start=12",
                want("dQw4w9WgXcQ", "&start=12"),
            ),
            (
                "https://www.youtube.com/shorts/a_b-c1D2e3F",
                want("a_b-c1D2e3F", ""),
            ),
            (
                "https://www.youtube.com/live/dQw4w9WgXcQ?si=x",
                want("dQw4w9WgXcQ", ""),
            ),
            (
                "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
                want("dQw4w9WgXcQ", ""),
            ),
            (
                "  HTTPS://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ#frag  ",
                want("dQw4w9WgXcQ", ""),
            ),
            (
                "https://youtu.be/dQw4w9WgXcQ?t=1h2m3s",
                want("dQw4w9WgXcQ", "&start=3723"),
            ),
            (
                "https://youtu.be/dQw4w9WgXcQ?t=soon",
                want("dQw4w9WgXcQ", ""),
            ),
        ];
        for (url, expected) in cases {
            assert_eq!(embed(url), expected, "{url}");
        }
    }

    #[test]
    fn vimeo_urls_become_player_urls_with_do_not_track() {
        let want = |url: &str| Some((EmbedProvider::Vimeo, url.to_string()));
        let cases = [
            (
                "https://vimeo.com/76979871",
                want("https://player.vimeo.com/video/76979871?dnt=1&autoplay=1"),
            ),
            (
                "https://vimeo.com/76979871/8272103f6e",
                want("https://player.vimeo.com/video/76979871?h=8272103f6e&dnt=1&autoplay=1"),
            ),
            (
                "https://vimeo.com/channels/staffpicks/76979871",
                want("https://player.vimeo.com/video/76979871?dnt=1&autoplay=1"),
            ),
            (
                "https://player.vimeo.com/video/76979871?h=abc123",
                want("https://player.vimeo.com/video/76979871?h=abc123&dnt=1&autoplay=1"),
            ),
        ];
        for (url, expected) in cases {
            assert_eq!(embed(url), expected, "{url}");
        }
    }

    #[test]
    fn other_pages_are_links_and_unsafe_or_malformed_urls_nothing() {
        assert_eq!(
            embed("https://dealer.example.com/videos/rav4"),
            Some((
                EmbedProvider::Link,
                "https://dealer.example.com/videos/rav4".into()
            ))
        );
        // A YouTube page without a valid video id is linked, not framed.
        assert_eq!(
            embed("https://www.youtube.com/@toyota"),
            Some((
                EmbedProvider::Link,
                "https://www.youtube.com/@toyota".into()
            ))
        );
        assert_eq!(
            embed("https://www.youtube.com/watch?v=short").map(|e| e.0),
            Some(EmbedProvider::Link)
        );
        assert_eq!(
            embed("https://notyoutube.com/watch?v=dQw4w9WgXcQ").map(|e| e.0),
            Some(EmbedProvider::Link)
        );
        assert_eq!(
            embed("https://vimeo.com/about").map(|e| e.0),
            Some(EmbedProvider::Link)
        );
        for bad in [
            "",
            "   ",
            "javascript:alert(1)",
            "/media/video.mp4",
            "//youtu.be/dQw4w9WgXcQ",
            "ftp://x.com/a",
            "https://",
            "https://a b.com/",
            "https://x.com/\"><script>",
        ] {
            assert_eq!(embed(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_page_plays_files_and_paths_but_not_provider_pages() {
        assert!(is_playable_video("/media/walk.mp4"));
        assert!(is_playable_video("https://cdn.example.com/v/rav4.mp4"));
        assert!(!is_playable_video("https://youtu.be/dQw4w9WgXcQ"));
        assert!(!is_playable_video("https://vimeo.com/76979871"));
        assert!(!is_playable_video("javascript:alert(1)"));
        assert!(!is_playable_video("//cdn.example.com/v.mp4"));
        assert!(!is_playable_video(""));
    }
}
