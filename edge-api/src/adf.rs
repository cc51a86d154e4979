//! A lead as ADF 1.0 XML (Auto-lead Data Format), the format dealer CRMs import.

use serde_json::{Map, Value};

use crate::store::LeadRecord;

/// Escapes text for XML content and attribute values; control characters, which XML 1.0
/// does not allow, are dropped.
pub fn escape(text: &str) -> String {
    let allowed: String = text
        .chars()
        .filter(|&c| (c as u32) >= 0x20 || matches!(c, '\n' | '\r' | '\t'))
        .collect();
    domain::view::markdown::escape_html(&allowed)
}

fn text(fields: &Map<String, Value>, name: &str) -> Option<String> {
    match fields.get(name)? {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
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

/// The lead as an ADF 1.0 document; `vendor` is the dealer's trading name.
pub fn lead_to_adf(lead: &LeadRecord, vendor: &str) -> String {
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

    let vehicle_fields = [
        "Vehicle Make",
        "Vehicle Model",
        "Vehicle Year",
        "VIN",
        "stock_number",
        "car_id",
    ];
    if vehicle_fields.iter().any(|name| text(f, name).is_some()) {
        let status = match text(f, "vehicle_status").as_deref() {
            Some("new") | Some("demo") => " status=\"new\"",
            Some("used") => " status=\"used\"",
            _ => "",
        };
        out.push_str(&format!("    <vehicle interest=\"buy\"{status}>\n"));
        element(
            &mut out,
            "      ",
            "id",
            " source=\"car_id\"",
            text(f, "car_id"),
        );
        element(&mut out, "      ", "year", "", text(f, "Vehicle Year"));
        element(&mut out, "      ", "make", "", text(f, "Vehicle Make"));
        element(&mut out, "      ", "model", "", text(f, "Vehicle Model"));
        element(&mut out, "      ", "vin", "", text(f, "VIN"));
        element(&mut out, "      ", "stock", "", text(f, "stock_number"));
        element(
            &mut out,
            "      ",
            "price",
            " type=\"asking\" currency=\"AUD\"",
            text(f, "price"),
        );
        out.push_str("    </vehicle>\n");
    }
    let trade_in = text(f, "rego").or_else(|| text(f, "Rego"));
    if trade_in.is_some() || text(f, "offer_price").is_some() {
        out.push_str("    <vehicle interest=\"trade-in\" status=\"used\">\n");
        element(
            &mut out,
            "      ",
            "odometer",
            " units=\"km\"",
            text(f, "kms"),
        );
        element(
            &mut out,
            "      ",
            "price",
            " type=\"offer\" currency=\"AUD\"",
            text(f, "offer_price"),
        );
        let rego = trade_in.map(|r| match text(f, "regoState") {
            Some(state) => format!("Rego {r} ({state})"),
            None => format!("Rego {r}"),
        });
        element(&mut out, "      ", "comments", "", rego);
        out.push_str("    </vehicle>\n");
    }

    out.push_str("    <customer>\n      <contact>\n");
    element(
        &mut out,
        "        ",
        "name",
        " part=\"first\"",
        text(f, "name"),
    );
    element(
        &mut out,
        "        ",
        "name",
        " part=\"last\"",
        text(f, "last_name"),
    );
    element(&mut out, "        ", "email", "", text(f, "email"));
    element(&mut out, "        ", "phone", "", text(f, "phone"));
    if let Some(postcode) = text(f, "postcode") {
        out.push_str(&format!(
            "        <address>\n          <postalcode>{}</postalcode>\n          <country>AU</country>\n        </address>\n",
            escape(&postcode)
        ));
    }
    out.push_str("      </contact>\n");
    let mut comments: Vec<String> = Vec::new();
    for (label, name) in [
        ("Category", "category"),
        ("Subcategory", "subcategory"),
        ("Location", "location"),
        ("Preferred contact", "PreferredContactMethod"),
        ("Part#", "Part#"),
        ("Rego/VIN/Part#", "Rego/VIN/Part#"),
        ("Order Detail", "Order Detail"),
        ("Message", "message"),
        ("Page", "url"),
    ] {
        if let Some(value) = text(f, name) {
            comments.push(format!("{label}: {value}"));
        }
    }
    element(
        &mut out,
        "      ",
        "comments",
        "",
        (!comments.is_empty()).then(|| comments.join("\n")),
    );
    out.push_str("    </customer>\n");
    out.push_str(&format!(
        "    <vendor>\n      <vendorname>{}</vendorname>\n    </vendor>\n",
        escape(vendor)
    ));
    out.push_str("    <provider>\n      <name part=\"full\">Forecourt</name>\n    </provider>\n");
    out.push_str("  </prospect>\n</adf>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_control_characters_dropped() {
        assert_eq!(
            escape("a<b>&\"c\"'\u{1}\n"),
            "a&lt;b&gt;&amp;&quot;c&quot;&#39;\n"
        );
    }
}
