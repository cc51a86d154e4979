//! Every answer the API gives a person in words: the `message` of an error body, a field
//! error in its `fields`, and the text of a reservation's answer. The forms show them as
//! they come; the few the components also print themselves are in [`super::ui`].

use super::fill;

// ---- Any request: the error table, the host and the origin checks ----

/// Shown when the body is not valid JSON.
pub const MALFORMED_JSON: &str = "The request body is not valid JSON.";
/// Shown when the body is not JSON at all.
pub const NOT_JSON: &str = "The request body must be JSON (Content-Type: application/json).";
/// Shown when the body is larger than the limit.
pub const TOO_LARGE: &str = "The request body is too large.";
/// Shown when too many requests came from one phone or address.
pub const RATE_LIMITED: &str = "Too many attempts. Please wait a few minutes and try again.";
/// Shown when an endpoint needs a signed-in user.
pub const SIGN_IN_REQUIRED: &str = "Please sign in to continue.";
/// Shown when the signed-in user acts on another user's data.
pub const FORBIDDEN: &str = "You can only change your own watchlist.";
/// Shown when a state-changing request comes from a page outside the dealer's site.
pub const CROSS_SITE: &str = "This request came from another website, so it was refused. Please use the form on the dealer's own site.";
/// Shown for an unknown path or record.
pub const NOT_FOUND: &str = "Not found.";
/// Shown when the Host header names no configured dealer.
pub const UNKNOWN_SITE: &str = "This address does not belong to a dealer site.";
/// Shown when `car_id` is not a positive whole number.
pub const INVALID_CAR_ID: &str = "car_id must be a positive whole number.";
/// Shown for a wrong sign-in code.
pub const WRONG_CODE: &str = "That code is not correct. Please check it and try again.";
/// Shown when no sign-in code is pending (expired, used or never sent).
pub const CODE_EXPIRED: &str = "That code has expired. Please request a new code.";
/// Shown after too many wrong sign-in codes (a new code is refused until the locked one
/// expires, at most the code's lifetime).
pub const CODE_LOCKED: &str =
    "Too many wrong codes. Please wait a few minutes, then request a new code.";
/// Shown when an idempotency key comes back with another request body (a form shows
/// it as is, and a reloaded form sends a new key).
pub const IDEMPOTENCY_KEY_REUSED: &str =
    "This form was already sent with different details. Please reload the page and send it again.";
/// Shown (400, field `Host`) when a request names more than one host.
pub const AMBIGUOUS_HOST: &str = "The request names more than one host; send exactly one Host header (and at most one X-Forwarded-Host).";
/// Shown (403, code `forbidden`) to a request that did not come through CloudFront.
pub const ORIGIN_REQUIRED: &str =
    "This API answers only through a dealer website's address; send the request to the website, not to the API endpoint.";

// ---- Form fields: every form and endpoint taking a shopper's text (not seed text) ----

/// Shown when a sign-in code is asked for a number that cannot receive SMS.
pub const MOBILE_REQUIRED: &str = "Please enter an Australian mobile number to receive your code.";
/// Shown for a line break, tab or other control character in a one-line field.
pub const ONE_LINE_ONLY: &str =
    "Remove the line break or control character: this field takes one line of text.";
/// Shown for a control character other than a line break or tab in a multi-line field.
pub const NO_CONTROL_CHARACTERS: &str =
    "Remove the control character: this field takes text and line breaks only.";
/// Field error of a phone that is not an Australian number (the seeds give no wording).
pub const INVALID_PHONE: &str = "Please enter a valid Australian phone number.";
/// Field error of an invalid email address (the seeds give no wording).
pub const INVALID_EMAIL: &str = "Please enter a valid email address.";
/// Field error template of a missing required field (the seeds give no wording); see [`field_required`].
pub const FIELD_REQUIRED_TEMPLATE: &str = "{field} is required.";

/// The required-field error for a field label, e.g. "Message is required.".
pub fn field_required(field_label: &str) -> String {
    FIELD_REQUIRED_TEMPLATE.replace("{field}", field_label)
}

// ---- Appointments and leads ----

/// Shown when the location is missing or not one of the dealer's.
pub const CHOOSE_LOCATION: &str = "Please choose a location.";
/// Shown when the date is missing or not a date.
pub const CHOOSE_DATE: &str = "Please choose a date (YYYY-MM-DD).";
/// Shown when the time is not a time.
pub const CHOOSE_TIME: &str = "Please choose a time (HH:MM).";
/// Shown when the slot is not offered (closed, past, booked meanwhile).
pub const SLOT_UNAVAILABLE: &str = "That time is no longer available. Please choose another time.";
/// Shown when a later step of a form asks for an appointment.
pub const APPOINTMENT_FIRST_STEP: &str =
    "An appointment can only be chosen with the first step of a form.";

// ---- A lead's attribution (the pages and links a lead came from, sent by the page) ----

/// A landing page or referrer over the limit; see [`attribution_url_too_long`].
pub const ATTRIBUTION_URL_TOO_LONG_TEMPLATE: &str = "Send at most {max} characters.";
/// Too many visited pages; see [`attribution_too_many_pages`].
pub const ATTRIBUTION_TOO_MANY_PAGES_TEMPLATE: &str =
    "Send at most {max} pages: the first and the latest ones.";
/// A visited page over the limit; see [`attribution_page_too_long`].
pub const ATTRIBUTION_PAGE_TOO_LONG_TEMPLATE: &str = "Send at most {max} characters a page.";
/// Too many query parameters; see [`attribution_too_many_params`].
pub const ATTRIBUTION_TOO_MANY_PARAMS_TEMPLATE: &str = "Send at most {max} query parameters.";
/// A query parameter's name or value over its limit; see [`attribution_param_too_long`].
pub const ATTRIBUTION_PARAM_TOO_LONG_TEMPLATE: &str = "Query parameter \"{name}\" is too long: names take 1 to {name_max} characters, values at most {value_max}.";

/// A landing page or referrer longer than `max` characters.
pub fn attribution_url_too_long(max: usize) -> String {
    fill(
        ATTRIBUTION_URL_TOO_LONG_TEMPLATE,
        &[("max", &max.to_string())],
    )
}

/// More than `max` visited pages.
pub fn attribution_too_many_pages(max: usize) -> String {
    fill(
        ATTRIBUTION_TOO_MANY_PAGES_TEMPLATE,
        &[("max", &max.to_string())],
    )
}

/// A visited page longer than `max` characters.
pub fn attribution_page_too_long(max: usize) -> String {
    fill(
        ATTRIBUTION_PAGE_TOO_LONG_TEMPLATE,
        &[("max", &max.to_string())],
    )
}

/// More than `max` query parameters.
pub fn attribution_too_many_params(max: usize) -> String {
    fill(
        ATTRIBUTION_TOO_MANY_PARAMS_TEMPLATE,
        &[("max", &max.to_string())],
    )
}

/// The query parameter `name` (as cut to `name_max` characters) breaks a limit.
pub fn attribution_param_too_long(name: &str, name_max: usize, value_max: usize) -> String {
    fill(
        ATTRIBUTION_PARAM_TOO_LONG_TEMPLATE,
        &[
            ("name", name),
            ("name_max", &name_max.to_string()),
            ("value_max", &value_max.to_string()),
        ],
    )
}

// ---- Reservations and deposits (seed 001 s9: $200 deposit, refundable, held 48 hours) ----

/// Answer when the car already has an active hold.
pub const CAR_ALREADY_RESERVED: &str = "This car is already reserved.";
/// Shown when a hold paid at the dealership comes without a signed-in phone (the API's
/// answer, and the reserve form's words above its code step). These API answers say
/// "vehicle": one text serves every dealer, and a motorcycle or caravan is not a car.
pub const PHONE_NOT_VERIFIED: &str = "Please confirm your mobile number to reserve this vehicle: we text you a 6-digit code, and the vehicle is held under that number.";
/// Shown when the reservation's phone is not the signed-in one (the API's answer, and the
/// reserve form's words above its code step).
pub const PHONE_NOT_SIGNED_IN: &str = "The vehicle is held under the mobile number you confirmed. Please use that number, or confirm this one with a new code.";
/// Template of the answer to a reservation paid at the dealership; see [`reservation_held_pay_at_dealership`].
pub const RESERVATION_HELD_PAY_AT_DEALERSHIP_TEMPLATE: &str =
    "This vehicle is held for you for {hours} hours. Please pay the ${deposit} fully refundable deposit at the dealership to complete your reservation.";

/// The answer to a reservation paid at the dealership, e.g. "This vehicle is held for you for
/// 48 hours. Please pay the $200 fully refundable deposit at the dealership ...".
pub fn reservation_held_pay_at_dealership(hours: u32, deposit_dollars: u32) -> String {
    RESERVATION_HELD_PAY_AT_DEALERSHIP_TEMPLATE
        .replace("{hours}", &hours.to_string())
        .replace("{deposit}", &deposit_dollars.to_string())
}

/// The answer to a reservation whose deposit is held on the shopper's card, e.g. "This vehicle
/// is reserved for you for 48 hours. $200 is held on your card ...".
pub fn reservation_held_on_card(hours: u32, deposit_dollars: u32) -> String {
    format!(
        "This vehicle is reserved for you for {hours} hours. ${deposit_dollars} is held on your card, not charged: it is taken only if you go ahead with the purchase, and released if you do not."
    )
}
/// Shown when the dealer publishes no car with the requested id.
pub const CAR_NOT_FOUND: &str = "This dealership has no car with that id for sale. Please choose the car again from the stock list.";
/// Shown when the car has been sold.
pub const CAR_SOLD: &str = "This car has been sold, so it cannot be reserved. Please choose another car from the stock list.";
/// Shown when the car shows no price.
pub const CAR_NOT_PRICED: &str = "This car has no advertised price, so it cannot be reserved online. Please enquire about it instead.";
/// Shown when the car is not purchasable online (seed 001 s4 Autograb rule).
pub const CAR_NOT_PURCHASABLE: &str = "This car cannot be bought online yet: it is not in stock or has no sale price. Please enquire about it instead.";
/// Shown when a dealer taking deposits by card gets no card.
pub const CARD_REQUIRED: &str =
    "Please enter your card details: the deposit is held on your card to reserve this car.";
/// Shown when the card id is not one Stripe knows.
pub const CARD_UNREADABLE: &str =
    "We could not use these card details. Please enter your card again.";
/// Shown when card payments cannot be reached.
pub const CARD_PAYMENTS_UNAVAILABLE: &str = "Card payments are not available right now, so the car was not reserved. Please try again in a few minutes or call the dealership.";
/// Shown when the 15 minutes to authorise the card ran out.
pub const HOLD_LAPSED: &str = "The time to confirm your card ran out, so the car was released and nothing was charged. Please reserve it again.";
/// Shown while the card issuer's 3-D Secure check is open.
pub const CONFIRM_WITH_BANK: &str =
    "Your bank asks you to confirm this payment. The car is held for 15 minutes while you do.";
/// Shown when the bank's 3-D Secure check failed (the card page says the same when
/// Stripe.js reports it).
pub const NOT_AUTHENTICATED: &str =
    "Your bank did not confirm this payment. Please try again or use another card.";
/// Shown when the shopper's phone already holds another car of the dealer.
pub const PHONE_HOLDS_A_CAR: &str = "This phone number already has a car reserved here. One car can be held at a time: please call the dealership to change your reservation.";
/// Shown when one address has made as many reservations as a day allows.
pub const TOO_MANY_RESERVATIONS: &str = "This connection has reserved as many cars as we allow in a day, so this car was not reserved. Please call the dealership to reserve it.";
/// Shown when a reservation id is unknown to the dealer.
pub const RESERVATION_NOT_FOUND: &str =
    "We could not find this reservation. Please check the link or reserve the car again.";
/// Shown when the signed-in phone is not the reservation's.
pub const NOT_YOUR_RESERVATION: &str =
    "This reservation was made with another phone number. Please sign in with that number to change it.";
/// Shown when the reservation can no longer be cancelled.
pub const CANNOT_CANCEL: &str =
    "This reservation can no longer be cancelled online: it has already ended or the sale went ahead. Please call the dealership.";
/// Shown when Stripe could not act on the deposit.
pub const STRIPE_FAILED: &str =
    "The deposit could not be changed just now. Please try again in a few minutes.";
/// The reason shown when Stripe names none.
pub const CARD_DECLINED: &str = "Your card was declined. Please try another card.";
/// Shown when a reservation id in a path is not one the API gives.
pub const INVALID_RESERVATION_ID: &str = "The reservation id is not valid. Please check the link.";

// ---- The dealer's deposit links (the pages a card reservation's lead email opens) ----

/// Title of the page of a link that cannot act.
pub const LINK_REFUSED_TITLE: &str = "This link cannot be used";
/// A link without its query.
pub const LINK_INCOMPLETE: &str =
    "The link is not complete. Please open it again from the reservation email.";
/// Title of the page of a link without a valid action.
pub const LINK_NO_ACTION_TITLE: &str = "This link is not complete";
/// A link without a valid action.
pub const LINK_NO_ACTION: &str =
    "The link has no valid action. Please open it again from the reservation email.";
/// A link whose token is forged or expired.
pub const LINK_INVALID: &str = "This link is not valid or has expired. Links work while the hold stands; please manage the reservation with the shopper directly.";
/// A link used before.
pub const LINK_USED: &str = "This link was already used. Each link works once.";
/// A link whose action no longer applies; see [`link_state_changed`].
pub const LINK_STATE_CHANGED_TEMPLATE: &str =
    "Nothing was changed: this reservation now stands at \"{status}\".";
/// The car a link's page names once it has left the dealer's stock.
pub const RESERVED_CAR_GONE: &str = "the reserved car (no longer in your published stock)";
/// Link text of the car's page on a link's page.
pub const THE_CARS_PAGE: &str = "the car's page";
/// What the capture link does; see [`deposit_action`].
pub const CAPTURE_EXPLAINED_TEMPLATE: &str = "Take the ${deposit} deposit held on the shopper's card for {car}: the sale is agreed. The money moves when you press the button.";
/// What the cancel link does.
pub const CANCEL_EXPLAINED_TEMPLATE: &str = "Release {car} and cancel the ${deposit} authorisation on the shopper's card. Nothing is charged.";
/// What the refund link does.
pub const REFUND_EXPLAINED_TEMPLATE: &str =
    "Refund the ${deposit} deposit taken for {car} to the shopper's card.";
/// What the page says once the action is done.
pub const EVERYONE_IS_TOLD: &str = "The shopper and your team are told by email.";
/// A capture of a reservation without a card authorisation.
pub const NO_CARD_AUTHORISATION: &str = "This reservation has no card authorisation.";
/// A refund of a reservation without a card payment.
pub const NO_CARD_PAYMENT: &str = "This reservation has no card payment.";
/// Title of the page once the deposit is taken.
pub const DEPOSIT_TAKEN: &str = "The deposit was taken";
/// Title of the page once the car is released.
pub const CAR_RELEASED: &str = "The car was released and the authorisation cancelled";
/// Title of the page once the deposit is refunded.
pub const DEPOSIT_REFUNDED: &str = "The deposit was refunded";

/// A link whose action no longer applies to the reservation, now at `status`.
pub fn link_state_changed(status: &str) -> String {
    fill(LINK_STATE_CHANGED_TEMPLATE, &[("status", status)])
}

/// One of the `..._EXPLAINED_TEMPLATE`s filled with the deposit in dollars and the car.
pub fn deposit_action(template: &str, deposit_dollars: u32, the_car: &str) -> String {
    fill(
        template,
        &[("deposit", &deposit_dollars.to_string()), ("car", the_car)],
    )
}

// ---- Buying online: the purchase steps after a reservation ----

/// Shown without a token and without a sign-in.
pub const SIGN_IN_TO_CONTINUE: &str =
    "Please sign in with the phone number you reserved this car with to continue buying it online.";
/// Shown when the token or the signed-in phone is not the reservation's.
pub const NOT_YOUR_JOURNEY: &str = "This purchase belongs to another shopper. Please sign in with the phone number you reserved the car with.";
/// Shown when the signed-in phone has no reservation of the car.
pub const NO_JOURNEY: &str = "We could not find a reservation of this car under your phone number. Please reserve the car first.";
/// Shown when an order is sent without a live hold.
pub const NO_LIVE_HOLD: &str = "Your hold on this car has ended, so the order cannot be sent. Please reserve the car again to continue.";
/// Shown for a token that is not one the API gives.
pub const BAD_TOKEN: &str = "This purchase link is not valid. Please open the page again from the browser you reserved in, or sign in.";
/// Shown for a bad finance choice.
pub const CHOOSE_FINANCE: &str = "Please choose finance, paying cash, or skip this step for now.";
/// Shown for a bad trade-in choice.
pub const CHOOSE_TRADE_IN: &str =
    "Please attach your trade-in offer, choose no trade-in, or skip this step for now.";
/// Shown for a bad delivery choice.
pub const CHOOSE_DELIVERY: &str =
    "Please choose delivery, pick-up at the dealership, or skip this step for now.";
/// Shown for a valuation the dealer has no record of.
pub const VALUATION_NOT_FOUND: &str =
    "We could not find that trade-in offer (offers last 14 days). Please value your car again.";
/// Shown for a pick-up without a location.
pub const CHOOSE_PICKUP_LOCATION: &str = "Please choose where to pick the car up.";
/// Shown for a postcode beyond every delivery zone.
pub const NO_DELIVERY: &str = "We cannot deliver to this postcode. Please choose pick-up at the dealership instead, or call us.";
/// Shown when the postcode table is missing.
pub const DELIVERY_UNAVAILABLE: &str =
    "Delivery prices are not available right now. Please try again later or choose pick-up.";
/// A finance amount out of range (`{what}`: [`A_DEPOSIT`] or [`A_FINAL_PAYMENT`]); see
/// [`enter_amount`].
pub const ENTER_AMOUNT_TEMPLATE: &str = "Please enter {what} between $0 and $250,000.";
/// The deposit, as [`ENTER_AMOUNT_TEMPLATE`] names it.
pub const A_DEPOSIT: &str = "a deposit";
/// The final (balloon) payment, as [`ENTER_AMOUNT_TEMPLATE`] names it.
pub const A_FINAL_PAYMENT: &str = "a final payment";
/// An establishment fee out of range.
pub const ENTER_ESTABLISHMENT_FEE: &str =
    "Please enter an establishment fee between $0 and $5,000.";
/// A comparison rate out of range; see [`comparison_rate_out_of_range`].
pub const COMPARISON_RATE_RANGE_TEMPLATE: &str =
    "Please send a comparison rate between {min}% and {max}% a year.";
/// A missing loan term.
pub const CHOOSE_LOAN_TERM: &str = "Please choose a loan term.";
/// A loan term out of range.
pub const LOAN_TERM_RANGE: &str = "Please choose a loan term of 1 to 7 years, in half years.";
/// A missing interest rate.
pub const ENTER_INTEREST_RATE: &str = "Please enter an interest rate.";
/// An interest rate out of range; see [`interest_rate_out_of_range`].
pub const INTEREST_RATE_RANGE_TEMPLATE: &str =
    "Please enter an interest rate between {min}% and {max}% a year.";
/// A repayment frequency that is none of the three.
pub const CHOOSE_FREQUENCY: &str = "Please choose weekly, fortnightly or monthly repayments.";
/// A trade-in offer attached without a valuation id.
pub const VALUE_YOUR_CAR_FIRST: &str = "Please value your car first, then attach the offer.";

/// A finance amount out of range.
pub fn enter_amount(what: &str) -> String {
    fill(ENTER_AMOUNT_TEMPLATE, &[("what", what)])
}

/// A comparison rate outside `min`..`max` % a year.
pub fn comparison_rate_out_of_range(min: f64, max: f64) -> String {
    fill(
        COMPARISON_RATE_RANGE_TEMPLATE,
        &[("min", &min.to_string()), ("max", &max.to_string())],
    )
}

/// An interest rate outside `min`..`max` % a year.
pub fn interest_rate_out_of_range(min: f64, max: f64) -> String {
    fill(
        INTEREST_RATE_RANGE_TEMPLATE,
        &[("min", &min.to_string()), ("max", &max.to_string())],
    )
}

/// Shown when a step is changed after the order was sent.
pub const ORDER_IS_SENT: &str = "Your order has been sent to the dealer, so these steps can no longer be changed here. Please call the dealership to change anything.";

// ---- Watchlist ----

/// Shown when the car to save is not one the dealer's site publishes.
pub const CAR_NOT_LISTED: &str = "This car is not on this dealership's site, so it cannot be saved. Please choose a car from the stock list.";
/// Shown when the watchlist already holds `max` cars, the most one account may keep.
pub fn watchlist_full(max: usize) -> String {
    format!("Your watchlist already holds {max} cars, the most it can hold. Please remove a car you no longer need, then save this one again.")
}

// ---- Stock search, place suggestions and postcodes ----

/// Shown when the dealer has no search index (yet).
pub const SEARCH_NO_INDEX: &str = "This site's stock search is not available yet.";
/// Shown when the search backend cannot answer.
pub const SEARCH_UNAVAILABLE: &str = "Search is unavailable right now. Please try again shortly.";
/// Answer when the API runs without the postcode file.
pub const POSTCODES_UNAVAILABLE: &str = "Postcode lookups are not available right now.";
/// Asked without anything to search for.
pub const QUERY_MISSING: &str = "Type a suburb, town or postcode.";
/// Asked with a query over [`MAX_QUERY_CHARS`].
pub const QUERY_TOO_LONG: &str = "Type at most 60 characters of a suburb, town or postcode.";
/// Answer when no provider can search.
pub const PLACES_UNAVAILABLE: &str = "Place suggestions are not available right now.";

// ---- Price comparison, finance quotes and trade-in valuations ----

/// Shown when there is no comparison for the car.
pub const NO_PRICE_COMPARISON: &str = "There is no price comparison for this car.";
/// Shown when the provider failed.
pub const PRICE_COMPARISON_FAILED: &str = "The price comparison service did not answer.";
/// Shown when the dealer does not offer quotes.
pub const QUOTES_OFF: &str = "Finance quotes are not offered on this site.";
/// Shown when the dealer does not offer online valuations.
pub const TRADE_IN_OFF: &str = "Online trade-in valuations are not offered on this site.";
/// Shown when a lookup names neither a rego nor a vehicle, or both.
pub const REGO_OR_VEHICLE: &str = "Please enter your car's rego, or its year, make and model.";
/// Shown when a rego is looked up on a site without a provider.
pub const REGO_LOOKUP_OFF: &str =
    "Rego lookup is not available on this site. Please choose your car's year, make and model.";
/// Shown when the provider failed.
pub const VALUATION_FAILED: &str = "The valuation service did not answer. Please try again, or send us your car's details instead.";
/// Shown for a year outside the years a valuation takes.
pub const INVALID_YEAR: &str = "Please choose the year the car was built.";
/// Shown when the car is over 7 years old or has more than 100,000 km (seed 001 s5/s9).
pub const NOT_ELIGIBLE: &str =
    "Online estimates are not generated for cars over 7 years or 100,000 km. Send us your car's details and our team will value it for you.";
/// Shown when the market holds too few cars like the shopper's.
pub const NO_COMPARABLES: &str =
    "We don't have enough recent listings of cars like yours to estimate it online. Send us your car's details and our team will value it for you.";
/// Shown when the computed offer is below [`crate::rules::trade_in::MIN_OFFER_DOLLARS`] (or a provider has no estimate).
pub const NO_ONLINE_OFFER: &str = "We can't make an online offer for this car. Send us your car's details and our team will value it for you.";
/// Shown for a rego that is not letters and digits.
pub const INVALID_REGO: &str = "Please enter your car's rego (letters and numbers only, up to 9).";
/// Shown for a state that is not an Australian state or territory.
pub const INVALID_REGO_STATE: &str =
    "Please choose the state or territory the car is registered in.";
/// Shown for an odometer reading that is not a whole number of km.
pub const INVALID_KMS: &str = "Please enter the odometer reading in kms, e.g. 45,000.";
/// Shown when the rego provider knows no car of that rego and state; see [`rego_not_found`].
pub const REGO_NOT_FOUND_TEMPLATE: &str = "We couldn't find a car with the rego {rego} in {state}. Please check the rego and state, or send us your car's details instead.";

/// The rego lookup's answer when no car has the rego in the state.
pub fn rego_not_found(rego: &str, state: &str) -> String {
    fill(REGO_NOT_FOUND_TEMPLATE, &[("rego", rego), ("state", state)])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One API text serves every dealer, so a reservation's answers never call a
    /// motorcycle or caravan a car.
    #[test]
    fn reservation_answers_call_the_vehicle_a_vehicle() {
        for text in [
            PHONE_NOT_VERIFIED.to_string(),
            PHONE_NOT_SIGNED_IN.to_string(),
            reservation_held_pay_at_dealership(48, 200),
            reservation_held_on_card(48, 200),
        ] {
            assert!(!text.to_lowercase().contains(" car "), "{text}");
            assert!(text.contains("vehicle"), "{text}");
        }
    }
}
