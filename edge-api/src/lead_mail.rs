//! What lead emails say and who gets them: the dealer's recipients (filtered by location
//! and category, each in its format: readable HTML + text, ADF as the body, or readable
//! with the ADF attached) and the shopper's confirmation (email, and SMS where the dealer
//! turns it on) naming the car, the location and what happens next.

use domain::config::{LeadEmailFormat, LeadRecipient};
use domain::view::markdown::escape_html;
use lettre::message::Mailbox;

use crate::adf::lead_to_adf_for_site;
use crate::lead::Scalar;
use crate::mail::MailParts;
use crate::store::{LeadRecord, OutboxEntry};
use crate::tenancy::Tenant;

/// File name of the attached ADF document.
pub const ADF_ATTACHMENT: &str = "lead.adf.xml";
/// What the confirmation promises (shown in the email and the SMS).
pub const NEXT_STEP: &str = "A member of our team will contact you within one business day. If your enquiry is urgent, reply to this email or call us.";

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

/// The public site URL of a dealer (its first domain), for ADF's provider and the email.
pub fn site_url(tenant: &Tenant) -> Option<String> {
    tenant.domains.first().map(|d| format!("https://{d}"))
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
    push("Price", scalar(&f.price).map(|p| format!("${p}")));
    push(
        "Trade-in rego",
        text(&f.rego).or(text(&f.rego_upper)).map(str::to_owned),
    );
    push("Trade-in km", scalar(&f.kms));
    push(
        "Trade-in offer",
        scalar(&f.offer_price).map(|p| format!("${p}")),
    );
    push("Finance", text(&f.finance).map(str::to_owned));
    push("Part number", text(&f.part_number).map(str::to_owned));
    push("Order detail", text(&f.order_detail).map(str::to_owned));
    push("Message", text(&f.message).map(str::to_owned));
    push("Page", text(&f.url).map(str::to_owned));
    // Issue 28: where the lead came from, as the ADF's comments show it.
    for (label, value) in f
        .lead_attributes
        .as_ref()
        .map(crate::adf::attribution)
        .unwrap_or_default()
    {
        push(label, Some(value));
    }
    push(
        "Lead id",
        Some(format!("{} (step {})", lead.id, lead.steps)),
    );
    push("Received", Some(lead.created_at.to_rfc3339()));
    rows
}

fn subject(tenant: &Tenant, lead: &LeadRecord) -> String {
    let who = [text(&lead.fields.name), text(&lead.fields.last_name)]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    let what = text(&lead.fields.category).unwrap_or("Enquiry");
    let subject = match car_name(lead) {
        Some(car) => format!("New lead: {what} – {car} – {who} ({})", tenant.name),
        None => format!("New lead: {what} – {who} ({})", tenant.name),
    };
    // A later step of a multi-step form updates the same lead: say so.
    if lead.steps > 1 {
        format!("{subject} – step {}", lead.steps)
    } else {
        subject
    }
}

fn readable(tenant: &Tenant, lead: &LeadRecord) -> (String, String) {
    let rows = rows(tenant, lead);
    let mut text_body = format!("New lead for {}\n\n", tenant.name);
    let mut html = format!(
        "<!doctype html><html><body style=\"font-family:sans-serif\"><h1 style=\"font-size:18px\">New lead for {}</h1><table cellpadding=\"4\">",
        escape_html(&tenant.name)
    );
    for (label, value) in rows {
        text_body.push_str(&format!("{label}: {value}\n"));
        html.push_str(&format!(
            "<tr><th align=\"left\" valign=\"top\">{}</th><td>{}</td></tr>",
            escape_html(label),
            escape_html(&value).replace('\n', "<br>")
        ));
    }
    html.push_str("</table><p>Reply to this email to answer the shopper.</p></body></html>");
    text_body.push_str("\nReply to this email to answer the shopper.\n");
    (text_body, html)
}

fn shopper(lead: &LeadRecord) -> Option<Mailbox> {
    let email = lead.fields.email.as_ref()?;
    let name = [text(&lead.fields.name), text(&lead.fields.last_name)]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    let address = email.as_str().parse().ok()?;
    Some(Mailbox::new((!name.is_empty()).then_some(name), address))
}

/// The From mailbox: the dealer's name at the platform's sending address.
pub fn from(tenant: &Tenant, from_address: &str) -> anyhow::Result<Mailbox> {
    Ok(Mailbox::new(
        Some(tenant.name.clone()),
        from_address.parse()?,
    ))
}

/// The email of one lead step to one dealer recipient, in the recipient's format.
pub fn lead_email(
    tenant: &Tenant,
    entry: &OutboxEntry,
    recipient: &LeadRecipient,
    from_address: &str,
) -> anyhow::Result<MailParts> {
    let lead = &entry.lead;
    let domain = from_address.rsplit('@').next().unwrap_or("localhost");
    let adf = || lead_to_adf_for_site(lead, &tenant.name, site_url(tenant).as_deref());
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
    Ok(MailParts {
        from: from(tenant, from_address)?,
        reply_to: shopper(lead),
        to: Mailbox::new(None, recipient.address.trim().parse()?),
        subject: subject(tenant, lead),
        text: text_body,
        html,
        attachment,
        message_id: message_id(entry, "lead", &recipient.address, domain),
    })
}

/// What the shopper's confirmation says: (subject, text, html).
pub fn confirmation_text(tenant: &Tenant, lead: &LeadRecord) -> (String, String, String) {
    let location = location_name(tenant, lead);
    let about = match car_name(lead) {
        Some(car) => format!("your enquiry about the {car}"),
        None => "your enquiry".to_owned(),
    };
    let first = text(&lead.fields.name).unwrap_or("there");
    let subject = format!("We have received {about} – {}", tenant.name);
    let mut body = format!(
        "Hi {first},\n\nThank you for {about}. It has reached our team at {location}.\n\n{NEXT_STEP}\n"
    );
    if let Some(stock) = text(&lead.fields.stock_number) {
        body.push_str(&format!("\nStock number: {stock}\n"));
    }
    if let Some(url) = text(&lead.fields.url) {
        body.push_str(&format!("Car page: {url}\n"));
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
    from_address: &str,
) -> anyhow::Result<Option<MailParts>> {
    let Some(to) = shopper(&entry.lead) else {
        return Ok(None);
    };
    let domain = from_address.rsplit('@').next().unwrap_or("localhost");
    let (subject, text_body, html) = confirmation_text(tenant, &entry.lead);
    let reply_to = tenant
        .lead_email
        .recipients
        .iter()
        .find(|r| {
            r.format != LeadEmailFormat::Adf && r.locations.is_empty() && r.categories.is_empty()
        })
        .and_then(|r| r.address.trim().parse().ok())
        .map(|a| Mailbox::new(Some(tenant.name.clone()), a));
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

/// The confirmation as a text message (kept short: one or two SMS segments).
pub fn confirmation_sms(tenant: &Tenant, lead: &LeadRecord) -> String {
    let about = car_name(lead)
        .map(|c| format!(" about the {c}"))
        .unwrap_or_default();
    format!(
        "{}: thanks for your enquiry{about}. Our team at {} will contact you within one business day.",
        tenant.name,
        location_name(tenant, lead)
    )
}
