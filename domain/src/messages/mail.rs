//! Words of the leads and emails the API sends: the lead categories the dealer's CRM
//! files, the shopper's confirmation (email and SMS) and reservation updates, and the
//! dealer's alerts.

use super::fill;

/// Lead category of a reservation (the dealer's CRM sees reservations as leads).
pub const RESERVATION_CATEGORY: &str = "Reservation";
/// Lead category of an order sent from the buy-online journey (the reserved car, with the
/// shopper's finance, trade-in and delivery choices).
pub const ONLINE_PURCHASE_CATEGORY: &str = "Online Purchase";
/// What the confirmation promises (shown in the email and the SMS).
pub const NEXT_STEP: &str = "A member of our team will contact you within one business day. If your enquiry is urgent, reply to this email or call us.";
/// What an order's confirmation promises instead.
pub const ORDER_NEXT_STEP: &str = "A member of our team will contact you within one business day to arrange the rest of your purchase. If anything is urgent, reply to this email or call us.";
/// Subject of the dealer's email about a burst of reservations.
pub const BURST_SUBJECT: &str = "Unusually many reservations";
/// Category of an alert's entry.
pub const ALERT_CATEGORY: &str = "Dealer alert";

// ---- The shopper's confirmation (email and SMS) ----

/// The car a confirmation names, from the dealer's stock; see [`the_car`].
pub const THE_CAR_TEMPLATE: &str = "the {car}";
/// The car a confirmation names when the stock gives no name.
pub const THE_CAR: &str = "the car";

/// "the 2021 Toyota HiLux", or [`THE_CAR`] without a name.
pub fn the_car(name: Option<&str>) -> String {
    match name {
        Some(car) => fill(THE_CAR_TEMPLATE, &[("car", car)]),
        None => THE_CAR.to_owned(),
    }
}

/// Greeting of every email to a shopper; see [`greeting`].
pub const GREETING_TEMPLATE: &str = "Hi {name},";

/// Who the greeting addresses without a usable first name ("Hi there,").
pub const NO_FIRST_NAME: &str = "there";

/// The greeting of an email to a shopper.
pub fn greeting(first_name: &str) -> String {
    fill(GREETING_TEMPLATE, &[("name", first_name)])
}

/// Line of a shopper's email linking the car's page; see [`car_page_line`].
pub const CAR_PAGE_TEMPLATE: &str = "Car page: {url}";

/// The line of a shopper's email linking the car's page.
pub fn car_page_line(url: &str) -> String {
    fill(CAR_PAGE_TEMPLATE, &[("url", url)])
}

/// Subject of an order's confirmation; see [`order_confirmation`].
pub const ORDER_SUBJECT_TEMPLATE: &str = "Your order for {car} – {dealer}";
/// Opening of an order's confirmation; see [`order_confirmation`].
pub const ORDER_OPENING_TEMPLATE: &str =
    "Thank you for your order of {car}. It has reached our team at {location}, with the choices you made online.";

/// (subject, opening) of the confirmation of an order from the buy-online journey.
pub fn order_confirmation(the_car: &str, dealer: &str, location: &str) -> (String, String) {
    let values = [("car", the_car), ("dealer", dealer), ("location", location)];
    (
        fill(ORDER_SUBJECT_TEMPLATE, &values),
        fill(ORDER_OPENING_TEMPLATE, &values),
    )
}

/// Subject of the confirmation of a car held for a deposit paid in person; see
/// [`reservation_confirmation`].
pub const RESERVATION_SUBJECT_TEMPLATE: &str = "Your reservation of {car} – {dealer}";
/// Its opening, then what the reserve page said (`{held}`).
pub const RESERVATION_OPENING_TEMPLATE: &str =
    "Thank you for reserving {car} at {location}. {held}";

/// (subject, opening) of the confirmation of a car held for a deposit paid in person.
pub fn reservation_confirmation(
    the_car: &str,
    dealer: &str,
    location: &str,
    held: &str,
) -> (String, String) {
    let values = [
        ("car", the_car),
        ("dealer", dealer),
        ("location", location),
        ("held", held),
    ];
    (
        fill(RESERVATION_SUBJECT_TEMPLATE, &values),
        fill(RESERVATION_OPENING_TEMPLATE, &values),
    )
}

/// What an enquiry's confirmation calls it, about a named car; see [`enquiry_confirmation`].
pub const YOUR_ENQUIRY_ABOUT_TEMPLATE: &str = "your enquiry about the {car}";
/// What an enquiry's confirmation calls it without a car name.
pub const YOUR_ENQUIRY: &str = "your enquiry";
/// Subject of an enquiry's confirmation (`{about}`: one of the two above).
pub const ENQUIRY_SUBJECT_TEMPLATE: &str = "We have received {about} – {dealer}";
/// Opening of an enquiry's confirmation.
pub const ENQUIRY_OPENING_TEMPLATE: &str =
    "Thank you for {about}. It has reached our team at {location}.";

/// (subject, opening) of an enquiry's confirmation, about the car named in stock if any.
pub fn enquiry_confirmation(car: Option<&str>, dealer: &str, location: &str) -> (String, String) {
    let about = match car {
        Some(car) => fill(YOUR_ENQUIRY_ABOUT_TEMPLATE, &[("car", car)]),
        None => YOUR_ENQUIRY.to_owned(),
    };
    let values = [
        ("about", about.as_str()),
        ("dealer", dealer),
        ("location", location),
    ];
    (
        fill(ENQUIRY_SUBJECT_TEMPLATE, &values),
        fill(ENQUIRY_OPENING_TEMPLATE, &values),
    )
}

/// An enquiry's confirmation by SMS (`{about}`: empty, or " about the {car}"); see
/// [`enquiry_sms`].
pub const ENQUIRY_SMS_TEMPLATE: &str =
    "{dealer}: thanks for your enquiry{about}. Our team at {location} will contact you within one business day.";
/// The car an SMS confirmation names.
pub const SMS_ABOUT_TEMPLATE: &str = " about the {car}";
/// A hold paid at the dealership by SMS: the dealer, then what the reserve page said.
pub const HELD_SMS_TEMPLATE: &str = "{dealer}: {held}";

/// An enquiry's confirmation by SMS (before it is cut to two segments).
pub fn enquiry_sms(dealer: &str, car: Option<&str>, location: &str) -> String {
    let about = car
        .map(|car| fill(SMS_ABOUT_TEMPLATE, &[("car", car)]))
        .unwrap_or_default();
    fill(
        ENQUIRY_SMS_TEMPLATE,
        &[
            ("dealer", dealer),
            ("about", &about),
            ("location", location),
        ],
    )
}

/// A hold paid at the dealership by SMS (before it is cut to two segments).
pub fn held_sms(dealer: &str, held: &str) -> String {
    fill(HELD_SMS_TEMPLATE, &[("dealer", dealer), ("held", held)])
}

// ---- The shopper's reservation updates (a card deposit's changes of state) ----

/// Subject of a reservation update (`{status}`: the state's label); see [`reservation_update_subject`].
pub const RESERVATION_UPDATE_SUBJECT_TEMPLATE: &str = "Your reservation: {status} – {dealer}";
/// The card deposit is held.
pub const DEPOSIT_HELD_TEMPLATE: &str = "We have reserved {car} for you. ${deposit} is held on your card, not charged: it is taken only if you go ahead with the purchase.";
/// The card was declined.
pub const DEPOSIT_DECLINED_TEMPLATE: &str = "Your card was not accepted for the ${deposit} deposit, so {car} was not reserved and nothing was charged.";
/// The deposit was taken.
pub const DEPOSIT_CAPTURED_TEMPLATE: &str =
    "The sale of {car} is agreed: the ${deposit} deposit held on your card has now been taken.";
/// The reservation was cancelled.
pub const DEPOSIT_CANCELLED_TEMPLATE: &str = "Your reservation of {car} is cancelled. The ${deposit} held on your card is released: nothing was charged.";
/// The hold ran out.
pub const DEPOSIT_EXPIRED_TEMPLATE: &str = "Your reservation of {car} has ended. The ${deposit} held on your card is released: nothing was charged.";
/// The deposit was refunded.
pub const DEPOSIT_REFUNDED_TEMPLATE: &str =
    "Your ${deposit} deposit for {car} has been refunded to your card.";
/// While the car is held: how to cancel it (`{site}`: the dealer site's address).
pub const CANCEL_RESERVATION_TEMPLATE: &str = "Changed your mind? Cancel the reservation, and release the hold on your card, at {site}/online-payment (sign in with the phone number you reserved with).";

/// A reservation update's subject.
pub fn reservation_update_subject(status: &str, dealer: &str) -> String {
    fill(
        RESERVATION_UPDATE_SUBJECT_TEMPLATE,
        &[("status", status), ("dealer", dealer)],
    )
}

/// One of the `DEPOSIT_..._TEMPLATE`s filled with the car and the deposit in dollars.
pub fn deposit_update(template: &str, the_car: &str, deposit_dollars: u32) -> String {
    fill(
        template,
        &[("car", the_car), ("deposit", &deposit_dollars.to_string())],
    )
}

/// How to cancel a held reservation on the dealer site at `site`.
pub fn cancel_reservation(site: &str) -> String {
    fill(CANCEL_RESERVATION_TEMPLATE, &[("site", site)])
}

// ---- The dealer's lead email ----

/// What a lead is called when it names no category.
pub const ENQUIRY_CATEGORY: &str = "Enquiry";
/// Subject of a lead email about a car; see [`new_lead_subject`].
pub const NEW_LEAD_CAR_SUBJECT_TEMPLATE: &str = "New lead: {category} – {car} – {who} ({dealer})";
/// Subject of a lead email without a car.
pub const NEW_LEAD_SUBJECT_TEMPLATE: &str = "New lead: {category} – {who} ({dealer})";
/// A subject followed by what changed: a reservation's state or a form's step.
pub const SUBJECT_WITH_TEMPLATE: &str = "{subject} – {change}";
/// A later step of a multi-step form, as a subject names it.
pub const STEP_NUMBER_TEMPLATE: &str = "step {n}";
/// Heading of a lead email; see [`new_lead_heading`].
pub const NEW_LEAD_HEADING_TEMPLATE: &str = "New lead for {dealer}";
/// Last line of a lead email.
pub const REPLY_TO_SHOPPER: &str = "Reply to this email to answer the shopper.";
/// Heading of a card reservation's links in the dealer's email.
pub const DEPOSIT_LINKS_HEADING: &str = "The deposit";
/// What the heading of the links adds.
pub const DEPOSIT_LINKS_NOTE: &str = "(each link opens a page to confirm; each works once):";

/// A lead email's subject: its category, the car if any, who sent it and the dealer.
pub fn new_lead_subject(category: &str, car: Option<&str>, who: &str, dealer: &str) -> String {
    let template = match car {
        Some(_) => NEW_LEAD_CAR_SUBJECT_TEMPLATE,
        None => NEW_LEAD_SUBJECT_TEMPLATE,
    };
    fill(
        template,
        &[
            ("category", category),
            ("car", car.unwrap_or_default()),
            ("who", who),
            ("dealer", dealer),
        ],
    )
}

/// A subject followed by what changed.
pub fn subject_with(subject: &str, change: &str) -> String {
    fill(
        SUBJECT_WITH_TEMPLATE,
        &[("subject", subject), ("change", change)],
    )
}

/// "step 2".
pub fn step_number(n: u32) -> String {
    fill(STEP_NUMBER_TEMPLATE, &[("n", &n.to_string())])
}

/// A lead email's heading.
pub fn new_lead_heading(dealer: &str) -> String {
    fill(NEW_LEAD_HEADING_TEMPLATE, &[("dealer", dealer)])
}

// ---- A reservation's state, as its emails and the dealer's link pages name it ----

/// The car is held, its deposit to be paid at the dealership.
pub const STATUS_AWAITING_PAYMENT: &str = "Held: deposit to be paid at the dealership";
/// The card is being authorised.
pub const STATUS_AUTHORISING: &str = "Authorising the card";
/// The card's bank asks for its 3-D Secure check.
pub const STATUS_REQUIRES_ACTION: &str = "Waiting for the card's 3-D Secure check";
/// The deposit is held on the card.
pub const STATUS_HELD: &str = "Reserved: deposit held on the card";
/// The card was declined.
pub const STATUS_DECLINED: &str = "Card declined: car released";
/// The deposit was taken.
pub const STATUS_CAPTURED: &str = "Sale agreed: deposit taken";
/// The reservation was cancelled.
pub const STATUS_CANCELLED: &str = "Cancelled: car released, deposit released";
/// The hold ran out.
pub const STATUS_EXPIRED: &str = "Hold ended: car released, deposit released";
/// The deposit was refunded.
pub const STATUS_REFUNDED: &str = "Deposit refunded";
