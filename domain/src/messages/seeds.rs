//! The seeds' messages, word for word (typos included: seed 001 spells
//! [`UNEXPECTED_ERROR`] "occured" and the opening-hour field "formated_hours"). Messages
//! with a placeholder keep the seed's template as a constant and have a function that
//! fills it in, so the wording exists once. A few words the pages need beside a seed's
//! (a motorcycle's test ride, a caravan's inspection) sit with it and say so.

// ---- Search and results (seed 000 sections 2, 8) ----

/// Seed 000 s8: title of the empty search results card.
pub const NO_RESULTS_TITLE: &str = "No Results Available";
/// Seed 000 s8: text of the empty search results card.
pub const NO_RESULTS_TEXT: &str =
    "No results found for your search at this time. Please try adjusting the filters for more results";
/// Seed 000 s2/s8: button of the empty state (goes to the offers page).
pub const CLEAR_FILTERS: &str = "Clear Filters";
/// Seed 000 s9: toggle revealing every make after the first 7.
pub const SHOW_ALL_MAKES: &str = "Show all makes";
/// Seed 000 s9 / seed 001 s9: heading of the first 20 makes on one dealer.
pub const POPULAR_MAKES: &str = "Popular Makes";
/// Seed 000 s9 / seed 001 s9: heading of the remaining makes on one dealer.
pub const ALL_MAKES: &str = "All Makes";
/// Seed 000 s2: call-to-action promo card.
pub const WE_WANT_YOUR_CAR: &str = "We Want Your Car";
/// Seed 000 s8: logged when the manufacturer locations call fails.
pub const FAILED_TO_FETCH_LOCATIONS: &str = "Failed to fetch locations";
/// Seed 001 s9: sort option on by default.
pub const SORT_MOST_RELEVANT: &str = "most relevant";
/// Seed 001 s9: sort option on by default.
pub const SORT_LATEST: &str = "latest";
/// Seed 001 s9: sort option on by default.
pub const SORT_HIGHEST_PRICE: &str = "highest price";
/// Seed 001 s9: sort option on by default.
pub const SORT_LOWEST_PRICE: &str = "lowest price";

// ---- Car card tags and availability (seed 000 s4, seed 001 s4/s9) ----

/// Seed 000 s4: tag of a reserved car.
pub const RESERVED: &str = "Reserved";
/// Seed 000 s4: tag of a coming_soon car.
pub const COMING_SOON: &str = "COMING SOON";
/// Seed 001 s9: default text of the new-arrival tag.
pub const NEW_ARRIVAL: &str = "New Arrival";
/// Seed 000 s4: default wording of the sold tag.
pub const JUST_SOLD: &str = "JUST SOLD";
/// Seed 001 s4: notice on the vehicle page of a car that is not available.
pub const SOLD: &str = "SOLD";
/// Seed 000 s4: fuel tag for electric cars.
pub const FUEL_ELECTRIC: &str = "Electric";
/// Seed 000 s4: fuel tag for hybrid cars.
pub const FUEL_HYBRID: &str = "Hybrid";
/// Seed 000 s4: fuel tag for plug-in hybrid cars.
pub const FUEL_PLUG_IN_HYBRID: &str = "Plug-in Hybrid";
/// Seed 000 s4 / seed 001 s4: action offered instead of buttons on unavailable or unpriced cars.
pub const FIND_ME_SOMETHING_SIMILAR: &str = "Find Me Something Similar";
/// Seed 001 s9: text shown when a car has no visible price.
pub const ENQUIRE_FOR_PRICE: &str = "Enquire for price.";
/// Seed 001 s9: the used keyword.
pub const USED: &str = "Used";
/// Seed 001 s2: stock card button.
pub const RESERVE_NOW: &str = "Reserve Now";
/// Seed 001 s2: stock card button.
pub const VIEW_DETAILS: &str = "View Details";
/// Seed 001 s4: test-drive button of a coming_soon model.
pub const REGISTER_INTEREST: &str = "Register Interest";
/// Car card and vehicle page: the test-drive button (the seeds name the action only).
pub const BOOK_A_TEST_DRIVE: &str = "Book a Test Drive";
/// A motorcycle's test drive is a test ride.
pub const BOOK_A_TEST_RIDE: &str = "Book a Test Ride";
/// A caravan is not driven on a test: the shopper inspects it.
pub const BOOK_AN_INSPECTION: &str = "Book an Inspection";
/// Car card: the finance enquiry button (the seeds name the action only; 'Pre-Approved' is seed 001's finance wording).
pub const GET_PRE_APPROVED: &str = "Get Pre-Approved";
/// Car card: the online purchase button (/checkout-journey).
pub const BUY_ONLINE: &str = "Buy Online";
/// Car card view count template (seed 000 s2 "optional view count"); see [`views_text`].
pub const VIEWS_TEMPLATE: &str = "{count} views";

/// The view count of a card, e.g. "1,234 views" ("1 view" for one).
pub fn views_text(count: &str) -> String {
    if count == "1" {
        return "1 view".to_string();
    }
    VIEWS_TEMPLATE.replace("{count}", count)
}

// ---- Watchlist and sharing (seed 000 s4, seed 001 s8) ----

/// Seed 000 s4: toast after saving a car.
pub const CAR_SAVED_IN_WATCHLIST: &str = "Car Saved In Watchlist";
/// Seed 000 s4: toast after removing a car.
pub const CAR_REMOVED: &str = "Car Removed";
/// Seed 000 s4: action of the watchlist toasts.
pub const VIEW_LIST: &str = "View List";
/// Seed 001 s8: share toast template, e.g. "Copied 2023 Toyota RAV4 to your clipboard!";
/// the share button fills `{car name}` in (frontend `share-actions.tsx`).
pub const COPIED_TO_CLIPBOARD_TEMPLATE: &str = "Copied {car name} to your clipboard!";

// ---- Vehicle page (seed 000 s2/s4, seed 001 s2/s5/s9) ----

/// Seed 000 s4: dealer comments expand toggle.
pub const SHOW_MORE: &str = "Show More";
/// Seed 000 s4: dealer comments collapse toggle.
pub const SHOW_LESS: &str = "Show Less";
/// Seed 001 s5: shown when dealer comments are empty or only pipes.
pub const DEALER_COMMENTS_PENDING: &str =
    "Dealer comments are pending. Please check back here later.";
/// Seed 001 s9: dealer comments heading.
pub const DEALER_COMMENTS: &str = "Dealer Comments";
/// Seed 001 s9: call box text.
pub const CALL_THE_DEALER: &str = "Call the dealer";
/// Seed 001 s9: trade-in call to action.
pub const GET_YOUR_VALUATION: &str = "Get Your Valuation";
/// Seed 001 s5: rego expiry text when the registration has lapsed (some sites).
pub const UNREGISTERED: &str = "Unregistered";
/// Seed 001 s5: rego expiry template; see [`expires_on`].
pub const EXPIRES_ON_TEMPLATE: &str = "Expires on {date}";

/// Seed 001 s5: the rego expiry text for a formatted date, e.g. "Expires on 12/03/2027".
pub fn expires_on(date: &str) -> String {
    EXPIRES_ON_TEMPLATE.replace("{date}", date)
}

/// Seed 000 s5: preset hidden text of the photo request.
pub const PHOTO_REQUEST_TEXT: &str = "Please send photos for this car";
/// Seed 000 s9: used-car guarantee copy.
pub const MONEY_BACK_GUARANTEE: &str = "48 hour money back guarantee";
/// Seed 000 s9: suffix of the weekly finance amount.
pub const PER_WEEK_SHORT: &str = "/wk";
/// Seed 000 s9: suffix of subscription price ranges.
pub const PER_WEEK: &str = "/ week";
/// Seed 001 s2: vehicle page section.
pub const KEY_INFORMATION: &str = "Key information";
/// Seed 001 s2: vehicle page section.
pub const OUR_COMMENTS: &str = "Our Comments";
/// Seed 001 s2: vehicle page section.
pub const TOYOTA_CERTIFIED_PRE_OWNED: &str = "Toyota Certified Pre-Owned";
/// Seed 001 s2: vehicle page section.
pub const RESERVE_ONLINE: &str = "Reserve Online";
/// Seed 001 s2: vehicle page section.
pub const WHY_BUY_FROM_US: &str = "Why Buy From Us";
/// Seed 001 s2: vehicle page section.
pub const PROTECT_YOUR_CAR: &str = "Protect Your Car";
/// Seed 001 s2: vehicle page section.
pub const CAR_SUMMARY: &str = "Car Summary";
/// The summary section's title on a vehicle that is not a car.
pub const SUMMARY: &str = "Summary";
/// Seed 001 s2: vehicle page section.
pub const ALL_SPECIFICATIONS: &str = "All Specifications";
/// Seed 001 s9: Toyota certified copy.
pub const TOYOTA_CERTIFIED_INSPECTION: &str = "90 point inspection";
/// Seed 001 s9: Toyota certified copy.
pub const TOYOTA_CERTIFIED_ROADSIDE: &str = "1-year roadside assist";
/// Seed 000 s2: promo banner link.
pub const LATEST_OFFERS: &str = "latest offers";
/// Seed 000 s2: promo banner link.
pub const BOOK_SERVICE_ONLINE: &str = "book service online";
/// Seed 000 s2: promo banner link.
pub const SELL_YOUR_CAR: &str = "sell your car";

// ---- Price comparison (seed 000 s4) ----

/// Seed 000 s4: deal label when fill is below 0.65.
pub const GOOD_DEAL: &str = "Good Deal";
/// Seed 000 s4: deal label when fill is 0.65 or more.
pub const GREAT_DEAL: &str = "Great Deal";
/// The local market estimate's description of a listing in the dear part of the market
/// range (the low fill band), used instead of Good Deal.
pub const ABOVE_MARKET_AVERAGE: &str = "Above Market Average";

// ---- Delivery and postcodes (seed 000 s5/s8, seed 001 s5/s8) ----

/// Seed 000 s5/s8: delivery lookup without a postcode.
pub const PLEASE_ENTER_A_POSTCODE: &str = "Please enter a postcode.";
/// Seed 000 s8: delivery lookup with no result.
pub const DELIVERY_NO_ESTIMATE: &str = "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";
/// Seed 001 s5/s8: postcode format error.
pub const INVALID_POSTCODE_FORMAT: &str = "Invalid postcode. Please enter a 4-digit number.";
/// Seed 001 s5/s8: postcode geocoding found nothing.
pub const INVALID_POSTCODE: &str = "Invalid postcode.";

// ---- Forms and leads (seed 000 s5, seed 001 s5/s8/s9) ----

/// Seed 000 s5: dealership picker required message (leading asterisk included).
pub const SELECT_DEALERSHIP_LOCATION: &str = "*Please select a dealership location.";
/// Seed 001 s5/s8: terms notice.
pub const MUST_AGREE_TO_TERMS: &str =
    "You must agree to the terms of use before submitting the form.";
/// Seed 001 s5/s8: opening of the form-level error banner.
pub const PLEASE_FIX_ERRORS: &str = "Please fix the following errors:";
/// Seed 001 s8: form submit failure alert and fallback form error.
pub const FORM_SUBMIT_ERROR: &str = "An error occurred when submitting this form";
/// Seed 001 s8: lead submit failure without a server error (spelled so).
pub const UNEXPECTED_ERROR: &str = "An unexpected error occured";
/// Seed 001 s8: one dealer's booking embed without an address.
pub const NO_XTIME_URL: &str = "no xtime url found";
/// Seed 001 s9: enquiry button text.
pub const ENQUIRE_NOW: &str = "Enquire Now";
/// Seed 001 s9: enquiry button text on some sites.
pub const MESSAGE_NOW: &str = "Message Now";
/// Seed 001 s9: category of recategorised career enquiries.
pub const GENERAL_ENQUIRY: &str = "General Enquiry";
/// Seed 001 s9: subcategory of recategorised career enquiries.
pub const CAREER_ENQUIRY: &str = "Career Enquiry";
/// Seed 001 s4: subcategory of an accepted trade-in offer.
pub const OFFER_ACCEPTED_SUBCATEGORY: &str = "3. Offer Accepted";
/// Seed 001 s3: lead source.
pub const LEAD_SOURCE_WEBSITE: &str = "Website";
/// Seed 001 s4: lead status on the last parts-form step.
pub const LEAD_STATUS_COMPLETE: &str = "Complete";
/// Seed 001 s5: preferred contact method (default).
pub const CONTACT_PHONE: &str = "Phone";
/// Seed 001 s5: preferred contact method.
pub const CONTACT_EMAIL: &str = "Email";
/// Seed 001 s5: preferred contact method.
pub const CONTACT_SMS: &str = "SMS";
/// Seed 001 s5: answer of the finance and trade-in questions.
pub const YES: &str = "Yes";
/// Seed 001 s5: answer of the finance and trade-in questions.
pub const NO: &str = "No";
/// Seed 001 s2: default parts order heading.
pub const ORDER_PARTS_ONLINE: &str = "Order Parts Online";
/// Seed 001 s2: parts form toggle (shown state).
pub const VIEW_PARTS_ORDER_FORM: &str = "View Parts Order Form";
/// Seed 001 s2: parts form toggle (hidden state).
pub const HIDE_PARTS_ORDER_FORM: &str = "Hide Parts Order Form";
/// Seed 001 s2: parts form step.
pub const STEP_CONTACT_DETAILS: &str = "Contact Details";
/// Seed 001 s2: parts form step.
pub const STEP_VEHICLE_DETAILS: &str = "Vehicle Details";
/// Seed 001 s2: parts form step.
pub const STEP_ORDER_DETAILS: &str = "Order Details";

// ---- Finance (seed 001 s5/s9) ----

/// Seed 001 s5: shown instead of a repayment of 25 or less.
pub const ENQUIRE_FOR_FINANCE: &str = "Enquire for Finance";
/// Seed 001 s5/s8: purchase price range template; see [`cannot_be_less_than`].
pub const PRICE_RANGE_TEMPLATE: &str = "Cannot be less than {min} or more than $250,000";

/// Seed 001 s5: the purchase price range message for a formatted minimum, e.g. "$1,000".
pub fn cannot_be_less_than(min: &str) -> String {
    PRICE_RANGE_TEMPLATE.replace("{min}", min)
}

/// Seed 001 s9: sidebar finance text.
pub const PRE_APPROVED: &str = "Pre-Approved";
/// Seed 001 s2: link of the finance-estimate box.
pub const VIEW_DISCLAIMER: &str = "View disclaimer";
/// Seed 001 s9: default finance vehicle type.
pub const FINANCE_VEHICLE_TYPE_CAR: &str = "Car";

// ---- Locations and hours (seed 001 s2/s4) ----

/// Seed 001 s4: Closed day text on sites that take appointments.
pub const BY_APPOINTMENT_ONLY: &str = "By appointment only";
/// Seed 001 s4: Closed day link text on sites that take enquiries instead.
pub const ENQUIRE: &str = "Enquire";
/// Seed 001 s2: location page heading.
pub const OPENING_HOURS: &str = "Opening Hours";
/// Seed 001 s2: holiday hours dialog button.
pub const VIEW_HOLIDAY_HOURS: &str = "View Holiday Hours";
/// Seed 001 s2: location heading badge.
pub const COMING_EARLY_2026: &str = "COMING EARLY 2026";
/// Seed 001 s2: carousel hint.
pub const SWIPE: &str = "Swipe";
/// Seed 001 s2: heading of the locations carousel.
pub const OUR_LOCATIONS: &str = "Our Locations";
/// Seed 001 s3/s4: text of a closed day when the site shows neither alternative.
pub const CLOSED: &str = "Closed";

// ---- Warranty carousel (seed 001 s2) ----

/// Seed 001 s2: warranty carousel item.
pub const WARRANTY_7_YEAR: &str = "7-year unlimited km warranty";
/// Seed 001 s2: warranty carousel item.
pub const CAPPED_PRICE_SERVICING_7_YEAR: &str = "7-year capped price servicing";
/// Seed 001 s2: warranty carousel item.
pub const ROADSIDE_ASSISTANCE_7_YEAR: &str = "up to 7 years roadside assistance";

// ---- Navigation (seed 001 s2) ----

/// Seed 001 s2: header menu items, in order.
pub const HEADER_MENU: [&str; 6] = [
    "Home",
    "Models",
    "Stock",
    "Finance",
    "Service & Parts",
    "Company",
];
/// Seed 001 s2: footer column headings, in order (then company links).
pub const FOOTER_HEADINGS: [&str; 3] = ["Models", "Buyer Tools", "Service & Parts"];
/// Seed 001 s2: first breadcrumb.
pub const BREADCRUMB_HOME: &str = "Home";

// ---- Reservation deposit and the call box (seed 000 s9, seed 001 s8/s9) ----

/// Console warning when no phone number can be chosen for a car (seed 001 s8 "Missing phone: console warning").
pub const MISSING_PHONE_WARNING: &str = "No phone number configured for this car";
/// Seed 000 s9 / seed 001 s9: reservation deposit copy.
pub const FULLY_REFUNDABLE: &str = "100% refundable";
