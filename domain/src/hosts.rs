//! How a request's host names a dealer: `<slug>.localhost[:port]` on a developer's machine
//! (browsers and curl resolve every `*.localhost` to loopback), else one of the dealer's
//! configured domains. The local file server, the API's tenancy and its origin check all
//! read a host here, so they agree on which dealer a host is.

/// The host without its port (`[::1]:8080` is `[::1]`).
pub fn strip_port(host: &str) -> &str {
    if let Some(end) = host.strip_prefix('[').and_then(|rest| rest.find(']')) {
        return &host[..end + 2];
    }
    match host.split_once(':') {
        Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) => name,
        _ => host,
    }
}

/// The host's name as domains are compared: no port, no trailing dot, lower case.
pub fn host_name(host: &str) -> String {
    strip_port(host).trim_end_matches('.').to_ascii_lowercase()
}

/// The dealer slug a local host name (see [`host_name`]) names: the label before
/// `.localhost`, so `www.acme.localhost` is acme too. `None` for any other host.
pub fn local_slug(name: &str) -> Option<&str> {
    name.strip_suffix(".localhost")
        .and_then(|rest| rest.rsplit('.').next())
        .filter(|slug| !slug.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ports_go_and_brackets_stay() {
        assert_eq!(strip_port("alpha.localhost:8080"), "alpha.localhost");
        assert_eq!(strip_port("www.acme.com.au"), "www.acme.com.au");
        assert_eq!(strip_port("[::1]:8080"), "[::1]");
        assert_eq!(strip_port("[::1]"), "[::1]");
        assert_eq!(host_name("Acme.LocalHost.:3000"), "acme.localhost");
    }

    #[test]
    fn a_local_host_names_its_last_label() {
        assert_eq!(local_slug("acme.localhost"), Some("acme"));
        assert_eq!(local_slug("www.acme.localhost"), Some("acme"));
        assert_eq!(local_slug("localhost"), None);
        assert_eq!(local_slug(".localhost"), None);
        assert_eq!(local_slug("acme.com.au"), None);
    }
}
