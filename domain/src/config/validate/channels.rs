//! How leads and messages reach the dealer: `[leads.email]` and `[messaging]`.

use super::*;

/// `[leads.email]`: every recipient a valid address, listed once, its location filters
/// naming the dealer's locations; and some recipient taking every lead, so a lead outside
/// every filter still reaches an inbox.
pub(super) fn lead_email(c: &mut Checker, dealer: &Dealer) {
    let email = &dealer.config.leads.email;
    let slugs: BTreeSet<&str> = dealer.locations.iter().map(|l| l.slug.as_str()).collect();
    for (i, recipient) in email.recipients.iter().enumerate() {
        let key = format!("leads.email.recipients[{i}]");
        if crate::rules::contact::Email::parse(&recipient.address).is_err() {
            c.error(
                format!("{key}.address"),
                format!(
                    "expected an email address like sales@dealer.com.au, found \"{}\"",
                    recipient.address
                ),
            );
        }
        for (j, slug) in recipient.locations.iter().enumerate() {
            if !slugs.contains(slug.as_str()) {
                let known: Vec<&str> = slugs.iter().copied().collect();
                c.error(
                    format!("{key}.locations[{j}]"),
                    format!(
                        "no location \"{slug}\" in locations.toml; expected one of: {}",
                        known.join(", ")
                    ),
                );
            }
        }
        for (j, category) in recipient.categories.iter().enumerate() {
            if category.trim().is_empty() {
                c.error(
                    format!("{key}.categories[{j}]"),
                    "a category cannot be blank",
                );
            }
        }
    }
    for (key, address, first) in duplicates(email.recipients.iter().enumerate().map(|(i, r)| {
        (
            format!("leads.email.recipients[{i}].address"),
            r.address.trim().to_ascii_lowercase(),
        )
    })) {
        c.error(
            key,
            format!("{address} is also {first}; list each inbox once (with the format it needs)"),
        );
    }
    if !email.recipients.is_empty()
        && email
            .recipients
            .iter()
            .all(|r| !r.locations.is_empty() || !r.categories.is_empty())
    {
        c.error(
            "leads.email.recipients",
            "every recipient has a locations or categories filter, so a lead outside them would reach no inbox; add a recipient without filters",
        );
    }
}

/// The messaging channel: at most one, each number an Australian mobile (SMS and WhatsApp
/// reach mobiles only), the Messenger page a Facebook user name.
pub(super) fn messaging(c: &mut Checker, messaging: &crate::config::MessagingConfig) {
    let set = [
        messaging.sms.is_some(),
        messaging.whatsapp.is_some(),
        messaging.messenger.is_some(),
    ];
    if set.iter().filter(|s| **s).count() > 1 {
        c.error(
            "messaging",
            "set one channel of sms, whatsapp and messenger: Message Now opens one",
        );
    }
    for (key, number) in [
        ("messaging.sms", &messaging.sms),
        ("messaging.whatsapp", &messaging.whatsapp),
    ] {
        if let Some(number) = number {
            let mobile = crate::rules::contact::AuPhone::parse(number)
                .is_ok_and(|p| p.kind() == Some(crate::rules::contact::AuPhoneKind::Mobile));
            if !mobile {
                c.error(
                    key,
                    format!("expected an Australian mobile number such as \"0412 345 678\", found \"{number}\""),
                );
            }
        }
    }
    if let Some(page) = &messaging.messenger {
        let valid = (5..=50).contains(&page.len())
            && page.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.');
        if !valid {
            c.error(
                "messaging.messenger",
                format!("expected the page's Facebook user name (5 to 50 letters, digits or dots) such as \"redgummotors\", found \"{page}\""),
            );
        }
    }
}
