//! The markdown subset of dealer pages: structure, escaping and link filtering.

use domain::view::markdown::{markdown_to_html, safe_url};

#[test]
fn headings_paragraphs_and_lists() {
    let html = markdown_to_html("## Why us\n\nWe are *local* and **family** owned.\nSince 1965.\n\n- Service\n- Parts\n\n1. Call\n2. Visit\n");
    assert_eq!(
        html,
        "<h2>Why us</h2>\n<p>We are <em>local</em> and <strong>family</strong> owned.\nSince 1965.</p>\n\
         <ul>\n<li>Service</li>\n<li>Parts</li>\n</ul>\n<ol>\n<li>Call</li>\n<li>Visit</li>\n</ol>\n"
    );
}

#[test]
fn headings_start_at_h2_and_never_skip_a_level() {
    assert_eq!(
        markdown_to_html("# A\n## B\n### C\n"),
        "<h2>A</h2>\n<h3>B</h3>\n<h4>C</h4>\n"
    );
    assert_eq!(
        markdown_to_html("## A\n#### B\n## C\n# D\n"),
        "<h2>A</h2>\n<h3>B</h3>\n<h3>C</h3>\n<h2>D</h2>\n"
    );
}

#[test]
fn raw_html_is_escaped() {
    let html = markdown_to_html("<img src=x onerror=\"alert(1)\"> & 'quotes'");
    assert_eq!(
        html,
        "<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;quotes&#39;</p>\n"
    );
}

#[test]
fn only_http_and_relative_links_become_anchors() {
    assert_eq!(
        markdown_to_html("[a](https://x.com/?a=1&b=2)"),
        "<p><a href=\"https://x.com/?a=1&amp;b=2\">a</a></p>\n"
    );
    assert_eq!(
        markdown_to_html("[b](/finance#finance-form)"),
        "<p><a href=\"/finance#finance-form\">b</a></p>\n"
    );
    assert_eq!(markdown_to_html("[c](javascript:alert(1))"), "<p>c)</p>\n");
    assert_eq!(markdown_to_html("[d](JavaScript:alert)"), "<p>d</p>\n");
    assert_eq!(
        markdown_to_html("[e](\"onmouseover=x)"),
        "<p><a href=\"&quot;onmouseover=x\">e</a></p>\n"
    );
    for bad in [
        "javascript:x",
        "data:text/html,x",
        "mailto:a@b.c",
        "//evil.com",
        "java\tscript:x",
        "",
    ] {
        assert!(!safe_url(bad), "{bad:?} must be refused");
    }
    for good in [
        "https://a.b",
        "http://a.b/c",
        "/pages/x",
        "terms",
        "#anchor",
        "?q=1",
        "a/b:c",
    ] {
        assert!(safe_url(good), "{good:?} must be allowed");
    }
}

#[test]
fn images_become_lazy_img_elements_with_their_text_alternative() {
    assert_eq!(
        markdown_to_html("![Our \"new\" workshop](/workshop.jpg)"),
        "<p><img src=\"/workshop.jpg\" alt=\"Our &quot;new&quot; workshop\" loading=\"lazy\" decoding=\"async\"></p>\n"
    );
    // The same URL rule as links: a refused URL leaves the text alternative only.
    assert_eq!(markdown_to_html("![x](javascript:alert(1))"), "<p>x)</p>\n");
    assert_eq!(
        markdown_to_html("See ![a photo](https://cdn.example.com/a.jpg?w=1&h=2) and [a link](/b)"),
        "<p>See <img src=\"https://cdn.example.com/a.jpg?w=1&amp;h=2\" alt=\"a photo\" loading=\"lazy\" decoding=\"async\"> and <a href=\"/b\">a link</a></p>\n"
    );
}
