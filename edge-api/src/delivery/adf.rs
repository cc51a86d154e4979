//! A lead as ADF 1.0 XML (Auto-lead Data Format), the format dealer CRMs import.

// Lead delivery handles shopper data: nothing here may panic on it.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::lead::{LeadAttributes, Scalar};
use crate::store::LeadRecord;

/// Escapes text for XML content and attribute values; control characters, which XML 1.0
/// does not allow, are dropped.
pub fn escape(text: &str) -> String {
    // XML 1.0's Char production: a character outside it makes the document not XML.
    let allowed: String = text
        .chars()
        .filter(|&c| match c as u32 {
            0x9 | 0xA | 0xD => true,
            0x20..=0xFFFD => true,
            cp => cp >= 0x10000,
        })
        .collect();
    domain::view::markdown::escape_html(&allowed)
}

/// A text field as ADF shows it: trimmed, and absent when blank.
fn text(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

/// A field forms send as a number or a text.
fn scalar(value: &Option<Scalar>) -> Option<String> {
    match value.as_ref()? {
        Scalar::Number(n) => Some(n.to_string()),
        Scalar::Text(t) => text(&Some(t.clone())),
    }
}

fn element(out: &mut String, indent: &str, tag: &str, attrs: &str, value: Option<String>) {
    if let Some(value) = value {
        out.push_str(&format!(
            "{indent}<{tag}{attrs}>{}</{tag}>\n",
            escape(&value)
        ));
    }
}

/// Where the lead came from, as (label, value) rows: the ADF's customer comments (ADF
/// 1.0 has no attribution element, and CRMs show the comments to the salesperson) and
/// the readable lead email show the same rows.
pub fn attribution(a: &LeadAttributes) -> Vec<(&'static str, String)> {
    let mut rows = Vec::new();
    if let Some(page) = text(&a.landing_page) {
        rows.push(("Landing page", page));
    }
    if let Some(referrer) = text(&a.referrer) {
        rows.push(("Referrer", referrer));
    }
    if let Some(params) = a.linked_query_params.as_ref().filter(|p| !p.is_empty()) {
        let pairs: Vec<String> = params.iter().map(|(k, v)| format!("{k}={v}")).collect();
        rows.push(("Campaign", pairs.join(", ")));
    }
    if let Some(pages) = a.visited_pages.as_ref().filter(|p| !p.is_empty()) {
        rows.push(("Pages visited", pages.join(" > ")));
    }
    rows
}

/// One `<vehicle>` of a prospect. ADF 1.0's DTD requires `year`, `make` and `model` in
/// every vehicle (`id*, year, make, model, vin?, stock?, ..., odometer?, ..., price*,
/// ..., comments?`) but gives them `#PCDATA` content: a part the lead does not know is
/// written empty rather than guessed, which keeps the document valid and the CRM honest.
#[derive(Default)]
struct Vehicle {
    interest: Option<&'static str>,
    status: Option<&'static str>,
    car_id: Option<String>,
    year: Option<String>,
    make: Option<String>,
    model: Option<String>,
    vin: Option<String>,
    stock: Option<String>,
    odometer: Option<String>,
    prices: Vec<(&'static str, String)>,
    comments: Option<String>,
}

impl Vehicle {
    fn write(self, out: &mut String) {
        let mut attrs = String::new();
        if let Some(interest) = self.interest {
            attrs.push_str(&format!(" interest=\"{interest}\""));
        }
        if let Some(status) = self.status {
            attrs.push_str(&format!(" status=\"{status}\""));
        }
        out.push_str(&format!("    <vehicle{attrs}>\n"));
        element(out, "      ", "id", " source=\"car_id\"", self.car_id);
        // Required by the DTD: present even when empty.
        for (tag, value) in [
            ("year", self.year),
            ("make", self.make),
            ("model", self.model),
        ] {
            out.push_str(&format!(
                "      <{tag}>{}</{tag}>\n",
                escape(value.as_deref().unwrap_or(""))
            ));
        }
        element(out, "      ", "vin", "", self.vin);
        element(out, "      ", "stock", "", self.stock);
        element(out, "      ", "odometer", " units=\"km\"", self.odometer);
        for (kind, price) in self.prices {
            element(
                out,
                "      ",
                "price",
                &format!(" type=\"{kind}\" currency=\"AUD\""),
                Some(price),
            );
        }
        element(out, "      ", "comments", "", self.comments);
        out.push_str("    </vehicle>\n");
    }
}

/// The lead's vehicles; at least one, since the DTD requires `vehicle+` in a prospect.
///
/// What `Vehicle Make`/`Model`/`Year`, `VIN` and `kms` describe depends on the form: on a
/// car's enquiry they are the car for sale; on the trade-in form they are the shopper's
/// own car (`interest="trade-in"`, with the offer); on the parts order and service forms
/// the shopper's car the parts or the service are for. ADF 1.0 has no parts or service
/// interest, so that car carries no `interest` attribute (the DTD's default applies) and
/// its comments say what it is. A lead naming no car at all (a general or finance enquiry) gets the DTD-valid
/// minimal vehicle, empty, whose comments say so: inventing a car of interest would mislead
/// the salesperson.
fn vehicles(out: &mut String, f: &crate::lead::LeadFields) {
    use domain::view::form::FormKind;
    let category = text(&f.category);
    let is = |kind: FormKind| {
        category
            .as_deref()
            .is_some_and(|c| c.eq_ignore_ascii_case(kind.category().0))
    };
    // The accepted offer is sent with the trade-in form's category; the flag alone also
    // says the lead is the trade-in form's.
    let trade_in_form = is(FormKind::TradeIn) || f.offer_accepted == Some(true);
    let own_car_form = is(FormKind::PartsOrder) || is(FormKind::ServiceBooking);
    let named = |v: &mut Vehicle| {
        v.year = scalar(&f.vehicle_year);
        v.make = text(&f.vehicle_make);
        v.model = text(&f.vehicle_model);
        v.vin = text(&f.vin);
    };
    let rego = text(&f.rego)
        .or_else(|| text(&f.rego_upper))
        .map(|r| match text(&f.rego_state) {
            Some(state) => format!("Rego {r} ({state})"),
            None => format!("Rego {r}"),
        });
    let mut written = 0;

    // The car for sale the lead is about (its page, or the car a trade-in started from).
    let car_id = scalar(&f.car_id);
    let stock = text(&f.stock_number);
    let for_sale_named = !trade_in_form && !own_car_form;
    let mut car = Vehicle {
        interest: Some(if is(FormKind::TestDrive) {
            "test-drive"
        } else {
            "buy"
        }),
        status: match text(&f.vehicle_status).as_deref() {
            Some("new") | Some("demo") => Some("new"),
            Some("used") => Some("used"),
            _ => None,
        },
        car_id,
        stock,
        ..Vehicle::default()
    };
    if for_sale_named {
        named(&mut car);
        if let Some(price) = scalar(&f.price) {
            car.prices.push(("asking", price));
        }
    }
    let names_a_car = [
        &car.car_id,
        &car.stock,
        &car.year,
        &car.make,
        &car.model,
        &car.vin,
    ]
    .iter()
    .any(|v| v.is_some());
    if names_a_car {
        car.write(out);
        written += 1;
    }

    // The shopper's own car: the trade-in form's, or a trade-in an enquiry mentions.
    let offer = scalar(&f.offer_price);
    let mentions_trade_in = rego.is_some()
        || offer.is_some()
        || text(&f.has_trade_in).is_some_and(|a| a.eq_ignore_ascii_case("yes"));
    if trade_in_form || (!own_car_form && mentions_trade_in) {
        let mut trade = Vehicle {
            interest: Some("trade-in"),
            status: Some("used"),
            odometer: scalar(&f.kms),
            comments: rego.clone(),
            ..Vehicle::default()
        };
        if trade_in_form {
            named(&mut trade);
        }
        if let Some(offer) = offer {
            trade.prices.push(("offer", offer));
        }
        trade.write(out);
        written += 1;
    } else if own_car_form {
        let mut own = Vehicle {
            odometer: scalar(&f.kms),
            ..Vehicle::default()
        };
        named(&mut own);
        let what = if is(FormKind::PartsOrder) {
            "The shopper's car the parts are for"
        } else {
            "The shopper's car to be serviced"
        };
        own.comments = Some(match &rego {
            Some(rego) => format!("{what}. {rego}"),
            None => what.to_owned(),
        });
        own.write(out);
        written += 1;
    }

    if written == 0 {
        Vehicle {
            comments: Some(format!(
                "No vehicle named ({})",
                category.as_deref().unwrap_or("enquiry")
            )),
            ..Vehicle::default()
        }
        .write(out);
    }
}

/// The lead as an ADF 1.0 document; `vendor` is the dealer's trading name.
pub fn lead_to_adf(lead: &LeadRecord, vendor: &str) -> String {
    lead_to_adf_for_site(lead, vendor, None)
}

/// [`lead_to_adf`] with the dealer site's URL, which `<provider>` names (lead emails
/// carry it so a CRM shows which website the lead came from).
pub fn lead_to_adf_for_site(lead: &LeadRecord, vendor: &str, site: Option<&str>) -> String {
    lead_to_adf_with_notes(lead, vendor, site, &[])
}

/// [`lead_to_adf_for_site`] with `notes`, (label, value) lines the dealer acts on (when a
/// hold ends, in the dealer's time; a card deposit's signed links), added to the customer comments: ADF 1.0 has no element
/// for them, and the comments are what a CRM shows the salesperson, escaped like every
/// other value so the document stays well-formed.
pub fn lead_to_adf_with_notes(
    lead: &LeadRecord,
    vendor: &str,
    site: Option<&str>,
    notes: &[(&str, String)],
) -> String {
    let f = &lead.fields;
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<?adf version=\"1.0\"?>\n<adf>\n",
    );
    out.push_str("  <prospect status=\"new\">\n");
    out.push_str(&format!(
        "    <id sequence=\"{}\" source=\"Forecourt\">{}</id>\n",
        lead.steps,
        escape(&lead.id)
    ));
    out.push_str(&format!(
        "    <requestdate>{}</requestdate>\n",
        lead.created_at.to_rfc3339()
    ));

    vehicles(&mut out, f);
    out.push_str("    <customer>\n      <contact>\n");
    element(
        &mut out,
        "        ",
        "name",
        " part=\"first\"",
        text(&f.name),
    );
    element(
        &mut out,
        "        ",
        "name",
        " part=\"last\"",
        text(&f.last_name),
    );
    element(
        &mut out,
        "        ",
        "email",
        "",
        f.email.as_ref().map(|e| e.as_str().to_owned()),
    );
    element(
        &mut out,
        "        ",
        "phone",
        "",
        f.phone.as_ref().map(|p| p.digits().to_owned()),
    );
    if let Some(postcode) = &f.postcode {
        out.push_str(&format!(
            "        <address>\n          <postalcode>{}</postalcode>\n          <country>AU</country>\n        </address>\n",
            escape(postcode.as_str())
        ));
    }
    out.push_str("      </contact>\n");
    let mut comments: Vec<String> = Vec::new();
    for (label, value) in [
        ("Category", &f.category),
        ("Subcategory", &f.subcategory),
        ("Location", &f.location),
        ("Preferred contact", &f.preferred_contact_method),
        ("Vehicle type", &f.vehicle_type),
        ("Part#", &f.part_number),
        ("Rego/VIN/Part#", &f.rego_vin_part),
        ("Order Detail", &f.order_detail),
        ("Message", &f.message),
        ("Page", &f.url),
        ("Manufacturer", &f.manufacturer_slug),
    ] {
        if let Some(value) = text(value) {
            comments.push(format!("{label}: {value}"));
        }
    }
    // Seed 001 s3 fields ADF has no element for go in the comments the CRM shows.
    if let Some(page) = scalar(&f.page_id) {
        comments.push(format!("Page id: {page}"));
    }
    let services: Vec<&str> = f
        .additional_services
        .iter()
        .flatten()
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .collect();
    if !services.is_empty() {
        comments.push(format!("Additional services: {}", services.join(", ")));
    }
    if let Some(on) = f.autogauge_enabled {
        comments.push(format!(
            "Price comparison: {}",
            if on { "shown" } else { "not shown" }
        ));
    }
    // A reservation: where its deposit stands, and what the dealer can do about it.
    if let Some(id) = text(&f.reservation_id) {
        comments.push(format!("Reservation: {id}"));
    }
    if let Some(status) = f.reservation_status {
        comments.push(format!("Reservation status: {}", status.label()));
    }
    if let Some(deposit) = f.deposit {
        comments.push(format!("Deposit: ${deposit}"));
    }
    comments.extend(
        notes
            .iter()
            .map(|(label, value)| format!("{label}: {value}")),
    );
    if let Some(attributes) = &f.lead_attributes {
        comments.extend(
            attribution(attributes)
                .into_iter()
                .map(|(label, value)| format!("{label}: {value}")),
        );
    }
    element(
        &mut out,
        "      ",
        "comments",
        "",
        (!comments.is_empty()).then(|| comments.join("\n")),
    );
    out.push_str("    </customer>\n");
    out.push_str("    <vendor>\n");
    // The car's dealership within the dealer group: ADF's vendor id.
    element(
        &mut out,
        "      ",
        "id",
        " source=\"car_dealership_id\"",
        scalar(&f.car_dealership_id),
    );
    // The DTD requires a contact in <vendor>; the dealer's name is the one it always has.
    out.push_str(&format!(
        "      <vendorname>{0}</vendorname>\n      <contact>\n        <name part=\"full\">{0}</name>\n      </contact>\n    </vendor>\n",
        escape(vendor)
    ));
    out.push_str("    <provider>\n      <name part=\"full\">Forecourt</name>\n");
    if let Some(site) = site {
        out.push_str(&format!(
            "      <service>{} website</service>\n      <url>{}</url>\n",
            escape(vendor),
            escape(site)
        ));
    }
    out.push_str("    </provider>\n");
    out.push_str("  </prospect>\n</adf>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A lead stored with every part ADF shows: the typed fields land in their elements.
    #[test]
    fn every_part_of_a_lead_lands_in_its_element() {
        let lead: LeadRecord = serde_json::from_value(serde_json::json!({
            "id": "L1", "dealer": "alpha", "steps": 2,
            "created_at": "2026-01-05T10:00:00Z", "updated_at": "2026-01-05T10:05:00Z",
            "fields": {
                "name": " Jo ", "last_name": "Citizen", "email": "jo@example.com",
                "phone": "0412345678", "postcode": "4000", "vehicle_status": "demo",
                "Vehicle Make": "Toyota", "Vehicle Model": "RAV4", "Vehicle Year": 2019,
                "car_id": "1042", "price": 38990, "rego": "ABC123", "regoState": "QLD",
                "kms": 52000, "offer_price": 21000, "category": "General Enquiry",
                "message": "", "url": "https://alpha.example/cars/1",
                "car_dealership_id": 31, "manufacturer_slug": "toyota", "page_id": "/cars/1",
                "additional_services": ["Wheel alignment", " "], "autogauge_enabled": true
            }
        }))
        .expect("lead");
        let adf = lead_to_adf(&lead, "Alpha & Sons");
        for line in [
            "<id sequence=\"2\" source=\"Forecourt\">L1</id>",
            "<vehicle interest=\"buy\" status=\"new\">",
            "<id source=\"car_id\">1042</id>",
            "<year>2019</year>",
            "<make>Toyota</make>",
            "<model>RAV4</model>",
            "<price type=\"asking\" currency=\"AUD\">38990</price>",
            "<vehicle interest=\"trade-in\" status=\"used\">",
            "<odometer units=\"km\">52000</odometer>",
            "<price type=\"offer\" currency=\"AUD\">21000</price>",
            "<comments>Rego ABC123 (QLD)</comments>",
            "<name part=\"first\">Jo</name>",
            "<name part=\"last\">Citizen</name>",
            "<email>jo@example.com</email>",
            "<phone>0412345678</phone>",
            "<postalcode>4000</postalcode>",
            // Seed 001 s3 Lead payload: car_dealership_id, manufacturer_slug, page_id,
            // additional_services, autogauge_enabled.
            "<comments>Category: General Enquiry\nPage: https://alpha.example/cars/1\nManufacturer: toyota\nPage id: /cars/1\nAdditional services: Wheel alignment\nPrice comparison: shown</comments>",
            "<vendor>\n      <id source=\"car_dealership_id\">31</id>\n      <vendorname>Alpha &amp; Sons</vendorname>",
        ] {
            assert!(adf.contains(line), "{line} missing from\n{adf}");
        }
    }

    /// The salesperson sees where the lead came from.
    #[test]
    fn attribution_lands_in_the_comments() {
        let lead: LeadRecord = serde_json::from_value(serde_json::json!({
            "id": "L2", "dealer": "alpha", "steps": 1,
            "created_at": "2026-01-05T10:00:00Z", "updated_at": "2026-01-05T10:00:00Z",
            "fields": {
                "name": "Jo", "category": "General Enquiry",
                "lead_attributes": {
                    "landing_page": "/?utm_source=google&gclid=abc",
                    "referrer": "https://www.google.com/",
                    "visited_pages": ["/?utm_source=google&gclid=abc", "/cars/rav4"],
                    "linked_query_params": {"utm_source": "google", "gclid": "a<b"}
                }
            }
        }))
        .expect("lead");
        let adf = lead_to_adf(&lead, "Alpha");
        assert!(
            adf.contains(
                "<comments>Category: General Enquiry\n\
                 Landing page: /?utm_source=google&amp;gclid=abc\n\
                 Referrer: https://www.google.com/\n\
                 Campaign: gclid=a&lt;b, utm_source=google\n\
                 Pages visited: /?utm_source=google&amp;gclid=abc &gt; /cars/rav4</comments>"
            ),
            "{adf}"
        );
    }

    #[test]
    fn text_is_escaped_and_control_characters_dropped() {
        assert_eq!(
            escape("a<b>&\"c\"'\u{1}\n"),
            "a&lt;b&gt;&amp;&quot;c&quot;&#39;\n"
        );
        assert_eq!(
            escape("a\u{FFFE}b\u{FFFF}c\u{0}d\u{1F697}\u{FFFD}"),
            "abcd\u{1F697}\u{FFFD}"
        );
    }
}
