//! What lead emails say and who gets them: the dealer's recipients (filtered by location
//! and category, each in its format: readable HTML + text, ADF as the body, or readable
//! with the ADF attached) and the shopper's confirmation (email, and SMS where the dealer
//! turns it on) naming the car, the location and what happens next.

// Lead delivery handles shopper data: nothing here may panic on it.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use domain::config::{LeadEmailFormat, LeadRecipient};
use domain::messages::{self, NEXT_STEP, ORDER_NEXT_STEP};
use domain::view::markdown::escape_html;
use lettre::message::Mailbox;

use crate::delivery::adf::lead_to_adf_with_notes;
use crate::delivery::mail::MailParts;
use crate::lead::Scalar;
use crate::payment::links::DealerAction;
use crate::store::{LeadRecord, OutboxEntry};
use crate::tenancy::Tenant;

/// File name of the attached ADF document.
pub const ADF_ATTACHMENT: &str = "lead.adf.xml";

fn text(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

fn scalar(value: &Option<Scalar>) -> Option<String> {
    match value.as_ref()? {
        Scalar::Number(n) => Some(n.to_string()),
        Scalar::Text(t) => Some(t.trim().to_owned()).filter(|t| !t.is_empty()),
    }
}

/// The car a lead is about ("2021 Toyota HiLux"), when it names one.
pub fn car_name(lead: &LeadRecord) -> Option<String> {
    let f = &lead.fields;
    let parts: Vec<String> = [
        scalar(&f.vehicle_year),
        text(&f.vehicle_make).map(str::to_owned),
        text(&f.vehicle_model).map(str::to_owned),
    ]
    .into_iter()
    .flatten()
    .collect();
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// The slug of the dealer location a lead is for: its `location` (a slug or a name) or
/// its `dealership_slug`, when either names one of the dealer's locations.
pub fn location_slug<'a>(tenant: &'a Tenant, lead: &LeadRecord) -> Option<&'a str> {
    let f = &lead.fields;
    [text(&f.location), text(&f.dealership_slug)]
        .into_iter()
        .flatten()
        .find_map(|wanted| {
            tenant
                .locations
                .iter()
                .find(|l| {
                    l.slug.eq_ignore_ascii_case(wanted) || l.name.eq_ignore_ascii_case(wanted)
                })
                .map(|l| l.slug.as_str())
        })
}

/// The location a lead names, as the shopper should read it.
pub fn location_name(tenant: &Tenant, lead: &LeadRecord) -> String {
    match location_slug(tenant, lead) {
        Some(slug) => tenant
            .locations
            .iter()
            .find(|l| l.slug == slug)
            .map(|l| l.name.clone())
            .unwrap_or_else(|| tenant.name.clone()),
        None => text(&lead.fields.location)
            .map(str::to_owned)
            .unwrap_or_else(|| tenant.name.clone()),
    }
}

/// The dealer's recipients of this lead: those without filters, and those whose location
/// and category filters it passes.
pub fn recipients<'a>(tenant: &'a Tenant, lead: &LeadRecord) -> Vec<&'a LeadRecipient> {
    let slug = location_slug(tenant, lead);
    let category = text(&lead.fields.category);
    tenant
        .lead_email
        .recipients
        .iter()
        .filter(|r| {
            r.locations.is_empty() || slug.is_some_and(|s| r.locations.iter().any(|l| l == s))
        })
        .filter(|r| {
            r.categories.is_empty()
                || category.is_some_and(|c| {
                    r.categories
                        .iter()
                        .any(|rc| rc.trim().eq_ignore_ascii_case(c))
                })
        })
        .collect()
}

/// A short stable hash of an address, for Message-IDs (the address itself stays out).
fn address_hash(address: &str) -> String {
    blake3::hash(address.trim().to_ascii_lowercase().as_bytes()).to_hex()[..16].to_owned()
}

/// The Message-ID of one message of an outbox entry: the same lead step, kind and
/// recipient always give the same id.
pub fn message_id(entry: &OutboxEntry, kind: &str, address: &str, domain: &str) -> String {
    format!(
        "{}.{}.{kind}.{}@{domain}",
        entry.lead_id,
        entry.seq,
        address_hash(address)
    )
}

/// When the lead came in, on the clock of the dealer location it is for (the dealer's
/// first location when it names none), e.g. "Sunday 29 November 2026, 4:05 pm AEST".
/// The ADF keeps the machine form: its `requestdate` is ISO 8601.
fn received_at(tenant: &Tenant, lead: &LeadRecord) -> String {
    lead_time(tenant, lead, lead.created_at)
}

/// A moment of a lead (when it came in, when its hold ends) as [`received_at`] writes
/// it: on the clock of the location the lead is for, the dealer's first without one.
pub fn lead_time(tenant: &Tenant, lead: &LeadRecord, at: chrono::DateTime<chrono::Utc>) -> String {
    let location = location_slug(tenant, lead)
        .and_then(|slug| tenant.locations.iter().find(|l| l.slug == slug))
        .or(tenant.locations.first());
    dealer_time(location.map_or("", |l| l.address.state.as_str()), at)
}

/// An amount of a lead as the email writes money ("$16,990"); text that is no number
/// stays as the shopper or feed wrote it.
fn money(value: &Option<Scalar>) -> Option<String> {
    let amount = match value.as_ref()? {
        Scalar::Number(n) => n.as_f64(),
        Scalar::Text(t) => t
            .trim()
            .trim_start_matches('$')
            .replace(',', "")
            .parse()
            .ok(),
    };
    match amount.filter(|a: &f64| a.is_finite()) {
        Some(a) => Some(domain::rules::format::format_price(a)),
        None => scalar(value),
    }
}

/// A moment as a person in `state` reads it, with the zone's abbreviation.
fn dealer_time(state: &str, at: chrono::DateTime<chrono::Utc>) -> String {
    let local = domain::rules::appointments::local_now(state, at);
    // The offset tells the zone and whether daylight saving is on.
    let zone = match (local - at.naive_utc()).num_minutes() {
        480 => "AWST",
        570 => "ACST",
        630 => "ACDT",
        660 => "AEDT",
        _ => "AEST",
    };
    format!("{} {zone}", local.format("%A %-d %B %Y, %-I:%M %P"))
}

/// The lead's fields as (label, value) rows, in the order a salesperson reads them.
fn rows(tenant: &Tenant, lead: &LeadRecord) -> Vec<(&'static str, String)> {
    let f = &lead.fields;
    let name = [text(&f.name), text(&f.last_name)]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    let mut rows: Vec<(&'static str, String)> = Vec::new();
    let mut push = |label: &'static str, value: Option<String>| {
        if let Some(v) = value.filter(|v| !v.trim().is_empty()) {
            rows.push((label, v));
        }
    };
    push("Name", Some(name));
    push("Email", f.email.as_ref().map(|e| e.as_str().to_owned()));
    push("Phone", f.phone.as_ref().map(|p| p.display()));
    push(
        "Postcode",
        f.postcode.as_ref().map(|p| p.as_str().to_owned()),
    );
    push(
        "Preferred contact",
        text(&f.preferred_contact_method).map(str::to_owned),
    );
    push("Category", text(&f.category).map(str::to_owned));
    push("Subcategory", text(&f.subcategory).map(str::to_owned));
    push("Location", Some(location_name(tenant, lead)));
    push("Car", car_name(lead));
    push("Condition", text(&f.vehicle_status).map(str::to_owned));
    push("VIN", text(&f.vin).map(str::to_owned));
    push("Stock number", text(&f.stock_number).map(str::to_owned));
    push("Price", money(&f.price));
    push(
        "Trade-in rego",
        text(&f.rego).or(text(&f.rego_upper)).map(str::to_owned),
    );
    push("Trade-in km", scalar(&f.kms));
    push("Trade-in offer", money(&f.offer_price));
    push("Finance", text(&f.finance).map(str::to_owned));
    push("Part number", text(&f.part_number).map(str::to_owned));
    push("Order detail", text(&f.order_detail).map(str::to_owned));
    push("Message", text(&f.message).map(str::to_owned));
    push("Page", text(&f.url).map(str::to_owned));
    // Where the lead came from, as the ADF's comments show it.
    for (label, value) in f
        .lead_attributes
        .as_ref()
        .map(crate::delivery::adf::attribution)
        .unwrap_or_default()
    {
        push(label, Some(value));
    }
    push(
        "Lead id",
        Some(format!("{} (step {})", lead.id, lead.steps)),
    );
    push("Received", Some(received_at(tenant, lead)));
    rows
}

fn subject(tenant: &Tenant, lead: &LeadRecord) -> String {
    let who = [text(&lead.fields.name), text(&lead.fields.last_name)]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    let what = text(&lead.fields.category).unwrap_or(messages::ENQUIRY_CATEGORY);
    let subject = messages::new_lead_subject(what, car_name(lead).as_deref(), &who, &tenant.name);
    // A reservation's later steps are its changes of state: the dealer's first email of
    // it (held, or to be paid at the dealership) reads as a new lead, later ones name the
    // state.
    if let (Some(_), Some(status)) = (&lead.fields.reservation_id, lead.fields.reservation_status) {
        use crate::lead::PaymentStatus;
        return match status {
            PaymentStatus::Held | PaymentStatus::AwaitingPayment => subject,
            other => messages::subject_with(&subject, other.label()),
        };
    }
    // A later step of a multi-step form updates the same lead: say so.
    if lead.steps > 1 {
        messages::subject_with(&subject, &messages::step_number(lead.steps))
    } else {
        subject
    }
}

fn readable(tenant: &Tenant, lead: &LeadRecord) -> (String, String) {
    let rows = rows(tenant, lead);
    let heading = messages::new_lead_heading(&tenant.name);
    let mut text_body = format!("{heading}\n\n");
    let mut html = format!(
        "<!doctype html><html><body style=\"font-family:sans-serif\"><h1 style=\"font-size:18px\">{}</h1><table cellpadding=\"4\">",
        escape_html(&heading)
    );
    for (label, value) in rows {
        text_body.push_str(&format!("{label}: {value}\n"));
        html.push_str(&format!(
            "<tr><th align=\"left\" valign=\"top\">{}</th><td>{}</td></tr>",
            escape_html(label),
            escape_html(&value).replace('\n', "<br>")
        ));
    }
    html.push_str(&format!(
        "</table><p>{}</p></body></html>",
        escape_html(messages::REPLY_TO_SHOPPER)
    ));
    text_body.push_str(&format!("\n{}\n", messages::REPLY_TO_SHOPPER));
    (text_body, html)
}

/// Longest display name put in a mail header.
const DISPLAY_NAME_MAX: usize = 64;

/// A name as a mail header can carry it: one line (every control character becomes a
/// space, runs of spaces one), at most [`DISPLAY_NAME_MAX`] characters; `None` when
/// nothing is left. The API refuses such names, but leads stored before it did, or
/// written by other tools, must still go out.
pub fn display_name(name: &str) -> Option<String> {
    let one_line: String = name
        .chars()
        .map(|c| {
            if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
                ' '
            } else {
                c
            }
        })
        .collect();
    let name = one_line
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(DISPLAY_NAME_MAX)
        .collect::<String>();
    (!name.is_empty()).then_some(name)
}

fn shopper(lead: &LeadRecord) -> Option<Mailbox> {
    let email = lead.fields.email.as_ref()?;
    let name = [text(&lead.fields.name), text(&lead.fields.last_name)]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    let address = email.as_str().parse().ok()?;
    Some(Mailbox::new(display_name(&name), address))
}

/// The From mailbox: the dealer's name at the platform's sending address.
pub fn from(tenant: &Tenant, from_address: &str) -> anyhow::Result<Mailbox> {
    Ok(Mailbox::new(
        display_name(&tenant.name),
        from_address.parse()?,
    ))
}

/// The email of one lead step to one dealer recipient, in the recipient's format, with
/// a card deposit's signed `links`: readable formats list them after the lead (see
/// [`with_payment_links`]), the ADF carries them in its comments (text after the
/// document would make an ADF body unreadable to the CRM).
pub fn lead_email(
    tenant: &Tenant,
    entry: &OutboxEntry,
    recipient: &LeadRecipient,
    from_address: &str,
    links: &[(DealerAction, String)],
) -> anyhow::Result<MailParts> {
    let lead = &entry.lead;
    let domain = from_address.rsplit('@').next().unwrap_or("localhost");
    let notes = dealer_notes(tenant, lead, links);
    let adf = || lead_to_adf_with_notes(lead, &tenant.name, tenant.site_url().as_deref(), &notes);
    let (text_body, html, attachment) = match recipient.format {
        LeadEmailFormat::Adf => (adf(), None, None),
        LeadEmailFormat::Readable => {
            let (t, h) = readable(tenant, lead);
            (t, Some(h), None)
        }
        LeadEmailFormat::ReadableWithAdf => {
            let (t, h) = readable(tenant, lead);
            (
                t,
                Some(h),
                Some((
                    ADF_ATTACHMENT.to_owned(),
                    "application/xml".to_owned(),
                    adf(),
                )),
            )
        }
    };
    let parts = MailParts {
        from: from(tenant, from_address)?,
        reply_to: shopper(lead),
        to: Mailbox::new(None, recipient.address.trim().parse()?),
        subject: subject(tenant, lead),
        text: text_body,
        html,
        attachment,
        message_id: message_id(entry, "lead", &recipient.address, domain),
    };
    Ok(match recipient.format {
        LeadEmailFormat::Adf => parts,
        LeadEmailFormat::Readable | LeadEmailFormat::ReadableWithAdf => {
            with_payment_links(parts, links)
        }
    })
}

/// What the ADF's comments add for the dealer beyond the lead's own fields: when a
/// reservation's hold ends, in the dealer's time as the email writes it (the lead keeps
/// the instant; only the dealer knows its zone), then a card deposit's links as
/// (label, URL) lines.
pub fn dealer_notes(
    tenant: &Tenant,
    lead: &LeadRecord,
    links: &[(DealerAction, String)],
) -> Vec<(&'static str, String)> {
    lead.fields
        .hold_expires_at
        .map(|ends| ("Hold ends", lead_time(tenant, lead, ends)))
        .into_iter()
        .chain(
            links
                .iter()
                .map(|(action, url)| (action.label(), url.clone())),
        )
        .collect()
}

/// The recipient of an alert to the dealer (not a lead): the first of the dealer's
/// recipients who reads email (not a CRM taking ADF) and is not kept to some locations
/// or to categories other than reservations; `None` when the dealer has none.
pub fn alert_recipient(tenant: &Tenant) -> Option<&LeadRecipient> {
    tenant.lead_email.recipients.iter().find(|r| {
        r.format != LeadEmailFormat::Adf
            && r.locations.is_empty()
            && (r.categories.is_empty()
                || r.categories.iter().any(|c| {
                    c.trim()
                        .eq_ignore_ascii_case(domain::messages::RESERVATION_CATEGORY)
                }))
    })
}

/// The email of an alert queued with [`crate::delivery::outbox::queue_alert`]: its subject and
/// text are the API's own words (kept in the entry's `subcategory` and `message`).
pub fn alert_email(
    tenant: &Tenant,
    entry: &OutboxEntry,
    recipient: &LeadRecipient,
    from_address: &str,
) -> anyhow::Result<MailParts> {
    let f = &entry.lead.fields;
    let domain = from_address.rsplit('@').next().unwrap_or("localhost");
    let body = format!(
        "{}\n\n{}\n",
        text(&f.message).unwrap_or_default(),
        tenant.name
    );
    let html = format!(
        "<!doctype html><html><body style=\"font-family:sans-serif\"><p>{}</p></body></html>",
        escape_html(&body)
            .replace("\n\n", "</p><p>")
            .replace('\n', "<br>")
    );
    Ok(MailParts {
        from: from(tenant, from_address)?,
        reply_to: None,
        to: Mailbox::new(None, recipient.address.trim().parse()?),
        subject: format!(
            "{} – {}",
            text(&f.subcategory).unwrap_or("Alert"),
            tenant.name
        ),
        text: body,
        html: Some(html),
        attachment: None,
        message_id: message_id(entry, "alert", &recipient.address, domain),
    })
}

/// A car of the dealer's own published stock, as a confirmation names it: the shopper's
/// words never name the car or the link, so a confirmation cannot carry a stranger's text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StockCar {
    /// "2021 Toyota HiLux", when the market knows the car.
    pub name: Option<String>,
    /// The car's page on the dealer's own site.
    pub url: Option<String>,
}

/// Longest first name a confirmation greets.
const FIRST_NAME_MAX: usize = 24;

/// The shopper's first name as a confirmation greets them: the first word of the name,
/// letters (and ' or -) only, short; otherwise "there". A link or a sentence typed as a
/// name never reaches a stranger's inbox under the dealer's name.
pub fn first_name(lead: &LeadRecord) -> String {
    text(&lead.fields.name)
        .and_then(|name| name.split_whitespace().next())
        .filter(|word| {
            word.chars().count() <= FIRST_NAME_MAX
                && word
                    .chars()
                    .all(|c| c.is_alphabetic() || matches!(c, '\'' | '’' | '-'))
        })
        .unwrap_or(messages::NO_FIRST_NAME)
        .to_owned()
}

/// The dealer location a confirmation names: one of the dealer's own, or the dealer.
fn own_location_name(tenant: &Tenant, lead: &LeadRecord) -> String {
    location_slug(tenant, lead)
        .and_then(|slug| tenant.locations.iter().find(|l| l.slug == slug))
        .map(|l| l.name.clone())
        .unwrap_or_else(|| tenant.name.clone())
}

/// For a reservation whose deposit is paid at the dealership, what the reserve page told
/// the shopper ("This car is held for you for 48 hours. Please pay the $200 ...").
fn held_at_dealership(lead: &LeadRecord) -> Option<String> {
    let f = &lead.fields;
    // The reservation's own lead only: an order of the buy-online journey names the
    // reservation too, and is confirmed as what it is.
    if text(&f.category) != Some(domain::messages::RESERVATION_CATEGORY)
        || f.reservation_status != Some(crate::lead::PaymentStatus::AwaitingPayment)
    {
        return None;
    }
    // The hold runs from the reservation (the lead's creation) for the dealer's hours.
    let minutes = f
        .hold_expires_at?
        .signed_duration_since(lead.created_at)
        .num_minutes();
    let hours = u32::try_from((minutes + 30) / 60).ok()?;
    Some(domain::messages::reservation_held_pay_at_dealership(
        hours, f.deposit?,
    ))
}

/// What the shopper's confirmation says: (subject, text, html). Nothing in it comes from
/// the request as typed but a checked first name: the car and its link come from the
/// dealer's stock, the location from the dealer's own list.
pub fn confirmation_text(
    tenant: &Tenant,
    lead: &LeadRecord,
    car: &StockCar,
) -> (String, String, String) {
    let location = own_location_name(tenant, lead);
    let first = first_name(lead);
    let the_car = || messages::the_car(car.name.as_deref());
    let mut next_step = NEXT_STEP;
    let order = text(&lead.fields.category) == Some(domain::messages::ONLINE_PURCHASE_CATEGORY);
    let (subject, opening) = match held_at_dealership(lead) {
        // An order of the buy-online journey: the shopper has just pressed "Send my order",
        // often seconds after a pre-approval's enquiry thanks, so it reads as an order.
        _ if order => {
            next_step = ORDER_NEXT_STEP;
            messages::order_confirmation(&the_car(), &tenant.name, &location)
        }
        // A car held for a deposit paid in person: the shopper reads what the reserve
        // page said (how long it is held, how to complete it), not an enquiry's thanks.
        Some(held) => {
            messages::reservation_confirmation(&the_car(), &tenant.name, &location, &held)
        }
        None => messages::enquiry_confirmation(car.name.as_deref(), &tenant.name, &location),
    };
    let greeting = messages::greeting(&first);
    let mut body = format!("{greeting}\n\n{opening}\n\n{next_step}\n");
    if let Some(url) = &car.url {
        body.push_str(&format!("\n{}\n", messages::car_page_line(url)));
    }
    body.push_str(&format!("\n{}\n", tenant.name));
    let html = format!(
        "<!doctype html><html><body style=\"font-family:sans-serif\"><p>{}</p></body></html>",
        escape_html(&body)
            .replace("\n\n", "</p><p>")
            .replace('\n', "<br>")
    );
    (subject, body, html)
}

/// The shopper's confirmation email; `None` when the lead has no email address.
pub fn confirmation_email(
    tenant: &Tenant,
    entry: &OutboxEntry,
    car: &StockCar,
    from_address: &str,
) -> anyhow::Result<Option<MailParts>> {
    let Some(to) = shopper(&entry.lead) else {
        return Ok(None);
    };
    let domain = from_address.rsplit('@').next().unwrap_or("localhost");
    let (subject, text_body, html) = confirmation_text(tenant, &entry.lead, car);
    let reply_to = tenant
        .lead_email
        .recipients
        .iter()
        .find(|r| {
            r.format != LeadEmailFormat::Adf && r.locations.is_empty() && r.categories.is_empty()
        })
        .and_then(|r| r.address.trim().parse().ok())
        .map(|a| Mailbox::new(display_name(&tenant.name), a));
    Ok(Some(MailParts {
        from: from(tenant, from_address)?,
        reply_to,
        message_id: message_id(entry, "confirmation", to.email.as_ref(), domain),
        to,
        subject,
        text: text_body,
        html: Some(html),
        attachment: None,
    }))
}

/// Characters of a text message in at most two segments: 153 each in the GSM alphabet,
/// 67 each once a character outside it forces UCS-2.
const SMS_TWO_SEGMENTS_GSM: usize = 306;
/// See [`SMS_TWO_SEGMENTS_GSM`].
const SMS_TWO_SEGMENTS_UCS2: usize = 134;

/// A text cut to at most two SMS segments (an ellipsis marks a cut).
pub fn fit_sms(body: &str) -> String {
    let gsm = body
        .chars()
        .all(|c| c.is_ascii() && !c.is_ascii_control() || c == '\n');
    let max = if gsm {
        SMS_TWO_SEGMENTS_GSM
    } else {
        SMS_TWO_SEGMENTS_UCS2
    };
    if body.chars().count() <= max {
        return body.to_owned();
    }
    let mut cut: String = body.chars().take(max - 1).collect();
    cut.push('…');
    if gsm {
        // The ellipsis is outside GSM-7: spell it with dots so the limit still holds.
        cut.pop();
        cut.truncate(cut.len().saturating_sub(2));
        cut.push_str("...");
    }
    cut
}

/// The confirmation as a text message: the car from the dealer's stock, at most two
/// segments, and sent only to a phone its owner verified by signing in (see
/// [`crate::lead::LeadFields::phone_verified`]); a hold paid at the dealership says how
/// long the car is held and how to complete the reservation.
pub fn confirmation_sms(tenant: &Tenant, lead: &LeadRecord, car: &StockCar) -> String {
    if let Some(held) = held_at_dealership(lead) {
        return fit_sms(&messages::held_sms(&tenant.name, &held));
    }
    fit_sms(&messages::enquiry_sms(
        &tenant.name,
        car.name.as_deref(),
        &own_location_name(tenant, lead),
    ))
}

/// The dealer's email of a card reservation with its signed links added: capture and
/// release while the deposit is held, refund once it was taken (see
/// [`crate::payment::links`]). Each opens a confirmation page; nothing acts on a GET.
pub fn with_payment_links(mut parts: MailParts, links: &[(DealerAction, String)]) -> MailParts {
    if links.is_empty() {
        return parts;
    }
    let (heading, note) = (
        messages::DEPOSIT_LINKS_HEADING,
        messages::DEPOSIT_LINKS_NOTE,
    );
    let mut text = format!("\n{heading} {note}\n");
    let mut html = format!(
        "<p><strong>{}</strong> {}</p><ul>",
        escape_html(heading),
        escape_html(note)
    );
    for (action, url) in links {
        text.push_str(&format!("{}: {url}\n", action.label()));
        html.push_str(&format!(
            "<li><a href=\"{}\">{}</a></li>",
            escape_html(url),
            escape_html(action.label())
        ));
    }
    html.push_str("</ul>");
    parts.text.push_str(&text);
    if let Some(body) = parts.html.as_mut() {
        match body.rfind("</body>") {
            Some(at) => body.insert_str(at, &html),
            None => body.push_str(&html),
        }
    }
    parts
}

/// The shopper's email about a change of their reservation's state (a later outbox
/// entry of a reservation lead); `None` without an address or a state.
pub fn reservation_update_email(
    tenant: &Tenant,
    entry: &OutboxEntry,
    car: &StockCar,
    from_address: &str,
) -> anyhow::Result<Option<MailParts>> {
    use crate::lead::PaymentStatus;
    let lead = &entry.lead;
    let (Some(to), Some(status)) = (shopper(lead), lead.fields.reservation_status) else {
        return Ok(None);
    };
    let deposit = lead.fields.deposit.unwrap_or_default();
    let the_car = messages::the_car(car.name.as_deref());
    let template = match status {
        PaymentStatus::Held => messages::DEPOSIT_HELD_TEMPLATE,
        PaymentStatus::Declined => messages::DEPOSIT_DECLINED_TEMPLATE,
        PaymentStatus::Captured => messages::DEPOSIT_CAPTURED_TEMPLATE,
        PaymentStatus::Cancelled => messages::DEPOSIT_CANCELLED_TEMPLATE,
        PaymentStatus::Expired => messages::DEPOSIT_EXPIRED_TEMPLATE,
        PaymentStatus::Refunded => messages::DEPOSIT_REFUNDED_TEMPLATE,
        PaymentStatus::AwaitingPayment
        | PaymentStatus::Authorising
        | PaymentStatus::RequiresAction => return Ok(None),
    };
    let what = messages::deposit_update(template, &the_car, deposit);
    let domain = from_address.rsplit('@').next().unwrap_or("localhost");
    let first = first_name(lead);
    let subject = messages::reservation_update_subject(status.label(), &tenant.name);
    let mut body = format!("{}\n\n{what}\n", messages::greeting(&first));
    // While the car is held the shopper may still change their mind: the dealer site's
    // online-payment page (signed in with the reservation's phone) cancels it.
    if let (PaymentStatus::Held, Some(site)) = (status, tenant.site_url()) {
        body.push_str(&format!("\n{}\n", messages::cancel_reservation(&site)));
    }
    if let Some(url) = &car.url {
        body.push_str(&format!("\n{}\n", messages::car_page_line(url)));
    }
    body.push_str(&format!("\n{}\n", tenant.name));
    let html = format!(
        "<!doctype html><html><body style=\"font-family:sans-serif\"><p>{}</p></body></html>",
        escape_html(&body)
            .replace("\n\n", "</p><p>")
            .replace('\n', "<br>")
    );
    Ok(Some(MailParts {
        from: from(tenant, from_address)?,
        reply_to: None,
        message_id: message_id(entry, "reservation-update", to.email.as_ref(), domain),
        to,
        subject,
        text: body,
        html: Some(html),
        attachment: None,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_name_is_one_short_word_of_letters() {
        let lead = |name: &str| LeadRecord {
            id: "l".into(),
            dealer: "d".into(),
            created_at: chrono::DateTime::UNIX_EPOCH,
            updated_at: chrono::DateTime::UNIX_EPOCH,
            steps: 1,
            fields: crate::lead::LeadFields {
                name: Some(name.into()),
                ..Default::default()
            },
        };
        assert_eq!(first_name(&lead("Zoë Anne")), "Zoë");
        assert_eq!(first_name(&lead("O'Brien-Nguyễn")), "O'Brien-Nguyễn");
        for phishy in [
            "http://evil.test",
            "www.evil.test",
            "Click:",
            "a".repeat(30).as_str(),
            "",
        ] {
            assert_eq!(first_name(&lead(phishy)), "there", "{phishy}");
        }
    }

    #[test]
    fn only_a_reservations_own_lead_awaiting_payment_is_confirmed_as_a_hold() {
        use crate::lead::PaymentStatus;
        let made = chrono::DateTime::UNIX_EPOCH;
        let lead = |category: &str, status| LeadRecord {
            id: "l".into(),
            dealer: "d".into(),
            created_at: made,
            updated_at: made,
            steps: 1,
            fields: crate::lead::LeadFields {
                category: Some(category.into()),
                reservation_status: Some(status),
                deposit: Some(200),
                hold_expires_at: Some(made + chrono::Duration::hours(48)),
                ..Default::default()
            },
        };
        assert_eq!(
            held_at_dealership(&lead("Reservation", PaymentStatus::AwaitingPayment)),
            Some(domain::messages::reservation_held_pay_at_dealership(
                48, 200
            ))
        );
        assert_eq!(
            held_at_dealership(&lead("Online Purchase", PaymentStatus::AwaitingPayment)),
            None
        );
        assert_eq!(
            held_at_dealership(&lead("Reservation", PaymentStatus::Held)),
            None
        );
    }

    #[test]
    fn the_received_time_is_the_dealers_local_time_in_words() {
        use chrono::TimeZone;
        let summer = chrono::Utc
            .with_ymd_and_hms(2026, 11, 29, 6, 5, 30)
            .single()
            .expect("time");
        assert_eq!(
            dealer_time("QLD", summer),
            "Sunday 29 November 2026, 4:05 pm AEST"
        );
        assert_eq!(
            dealer_time("NSW", summer),
            "Sunday 29 November 2026, 5:05 pm AEDT"
        );
        assert_eq!(
            dealer_time("SA", summer),
            "Sunday 29 November 2026, 4:35 pm ACDT"
        );
        assert_eq!(
            dealer_time("WA", summer),
            "Sunday 29 November 2026, 2:05 pm AWST"
        );
        let winter = chrono::Utc
            .with_ymd_and_hms(2026, 6, 30, 23, 0, 0)
            .single()
            .expect("time");
        assert_eq!(
            dealer_time("VIC", winter),
            "Wednesday 1 July 2026, 9:00 am AEST"
        );
        assert_eq!(
            dealer_time("NT", winter),
            "Wednesday 1 July 2026, 8:30 am ACST"
        );
    }

    #[test]
    fn a_text_message_is_at_most_two_segments() {
        let long = "x".repeat(1000);
        assert_eq!(fit_sms(&long).chars().count(), SMS_TWO_SEGMENTS_GSM);
        assert!(fit_sms(&long).ends_with("..."));
        let unicode = "é".repeat(1000);
        assert_eq!(fit_sms(&unicode).chars().count(), SMS_TWO_SEGMENTS_UCS2);
        assert_eq!(fit_sms("short"), "short");
    }
}
