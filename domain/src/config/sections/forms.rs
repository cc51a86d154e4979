//! The forms: `[forms]`.

use super::*;

/// Text of the enquiry button.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EnquiryButtonText {
    /// "Enquire Now" (default).
    #[default]
    EnquireNow,
    /// "Message Now" (some sites).
    MessageNow,
}

impl EnquiryButtonText {
    /// The words on the button.
    pub fn label(self) -> &'static str {
        match self {
            EnquiryButtonText::EnquireNow => messages::ENQUIRE_NOW,
            EnquiryButtonText::MessageNow => messages::MESSAGE_NOW,
        }
    }
}

/// Enquiry, test-drive and parts form settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FormsConfig {
    /// Enquiry button text: enquire_now ("Enquire Now") or message_now ("Message Now"); default enquire_now.
    #[serde(default)]
    pub enquiry_button_text: EnquiryButtonText,
    /// The enquiry message is required; false lifts it (site flag); default true.
    #[serde(default = "yes")]
    pub message_required: bool,
    /// Show the terms notice and require agreement before submitting (some sites); default false.
    #[serde(default)]
    pub terms_notice: bool,
    /// Heading of the parts order form; default "Order Parts Online".
    #[serde(default = "parts_heading")]
    pub parts_heading: String,
    /// Use one combined Rego/VIN/Part# field in the parts form instead of three; default false.
    #[serde(default)]
    pub parts_combined_field: bool,
    /// Categories the enquiry form offers after General Enquiry (seed 001 s9: "General
    /// Enquiry plus others"), e.g. "Career Enquiry"; default none.
    #[serde(default)]
    pub enquiry_categories: Vec<String>,
    /// Services the enquiry form lets the shopper tick, sent as `additional_services`
    /// (seed 001 s3); an empty list leaves the question out; default Extended warranty,
    /// Service plan, Paint and interior protection, Roadside assistance.
    #[serde(default = "additional_services")]
    pub additional_services: Vec<String>,
}

fn additional_services() -> Vec<String> {
    crate::rules::forms::DEFAULT_ADDITIONAL_SERVICES
        .map(String::from)
        .to_vec()
}

impl FormsConfig {
    /// The additional services offered, as the form shows them and the API accepts them:
    /// trimmed, blanks and repeats left out.
    pub fn offered_services(&self) -> Vec<String> {
        let mut offered: Vec<String> = Vec::new();
        for service in &self.additional_services {
            let service = service.trim();
            if !service.is_empty() && !offered.iter().any(|o| o == service) {
                offered.push(service.to_string());
            }
        }
        offered
    }
}

fn parts_heading() -> String {
    messages::ORDER_PARTS_ONLINE.to_string()
}

impl Default for FormsConfig {
    fn default() -> Self {
        FormsConfig {
            enquiry_button_text: EnquiryButtonText::EnquireNow,
            message_required: true,
            terms_notice: false,
            parts_heading: parts_heading(),
            parts_combined_field: false,
            enquiry_categories: Vec::new(),
            additional_services: additional_services(),
        }
    }
}
