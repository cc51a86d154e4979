#!/usr/bin/env python3
"""Writes the search relevance case table, search/tests/data/relevance.json.

Each case is a shopper's query on one dealer's stock and a rule over the feed's own
fields saying which cars answer it ("RAV4s whose simple_fuel is Hybrid"). The rule, not
the search engine, decides: the cars it picks are the relevant ones, those the query's
words could reach but the rule rejects are the near misses. search/tests/relevance.rs holds
both backends to the table; `make bench` prints recall and precision at 21 from it.

The stock is search/tests/data/relevance-stock.jsonl: three dealers of the sample feed
(`forecourt-sample-feed --cars 3000 --seed 42`, the Makefile's sample) with the fields the
search does not read left out. `--stock FEED` writes it again from such a feed.

    python3 search/tests/data/relevance.py                    # the table from the stock
    python3 search/tests/data/relevance.py --stock feeds/sample.jsonl
"""

import argparse
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
STOCK = HERE / "relevance-stock.jsonl"
TABLE = HERE / "relevance.json"
PAGE = 21

# The dealers of the table and which of their cars the stock keeps: every car of the
# single-make and the motorcycle-and-caravan dealer, a third of the group's (its every
# make and body, at a size that keeps the file small).
DEALERS = {
    "jacaranda-toyota": lambda car: True,
    "ironbark-moto-caravans": lambda car: True,
    "moreton-motor-group": lambda car: car["id"] % 3 == 0,
}
# Fields the search never reads (photos, finance, comments): left out of the stock.
DROPPED = {
    "finance_lenders",
    "thumbnails",
    "hotspots",
    "spin_images",
    "spin_interior_image",
    "dealercomments",
    "youxQuote",
    "primary_image_url",
    "images",
}


def write_stock(feed: Path) -> None:
    kept = []
    with feed.open() as f:
        for line in f:
            car = json.loads(line)
            keep = DEALERS.get(car["dealership_slug"])
            if keep and keep(car):
                for field in DROPPED:
                    car.pop(field, None)
                kept.append(json.dumps(car, separators=(",", ":"), sort_keys=True))
    STOCK.write_text("\n".join(kept) + "\n")
    print(f"{STOCK.relative_to(HERE.parents[2])}: {len(kept)} cars", file=sys.stderr)


# Feed fields, as a shopper reads them on the car's page.
def low(value) -> str:
    return str(value or "").lower()


def words(value) -> list:
    return re.findall(r"[a-z0-9]+", low(value))


def make(c):
    return low(c["make"])


def model(c):
    return low(c["model"])


def badge(c):
    return low(c.get("badge"))


def fuel(c):
    return low(c.get("simple_fuel"))


def drive(c):
    return low(c.get("simple_drive"))


def body(c):
    return low(c.get("simple_body"))


def gearbox(c):
    return low(c.get("simple_transmission"))


def colour(c):
    return low(c.get("colour"))


def ctype(c):
    return low(c.get("car_type"))


def price(c):
    return c.get("price")


def equipment(c):
    """The feature lines and standard equipment, lower case."""
    return [low(x) for x in (c.get("features") or []) + (c.get("standardEquipment") or [])]


def has(c, phrase):
    return any(phrase in line for line in equipment(c))


def under(limit):
    # A price of 0 is the feed's "price on application": no price, so not under any.
    return lambda c: bool(price(c)) and price(c) <= limit


def is_car(c):
    return body(c) not in ("motorcycle", "caravan")


def berths(c):
    b = (c.get("variant") or {}).get("berths")
    try:
        return int(b)
    except (TypeError, ValueError):
        return 0


def all_of(*rules):
    return lambda c: all(r(c) for r in rules)


def any_of(*rules):
    return lambda c: any(r(c) for r in rules)


def eq(field, value):
    return lambda c: field(c) == value


def word_in(field, word):
    return lambda c: word in words(field(c))


J, M, I = "jacaranda-toyota", "moreton-motor-group", "ironbark-moto-caravans"
TYPO_NOTE = "misspelt as a shopper might"


def cases(stock):
    """(dealer, typed text, rule, why): the rule picks the cars that answer the text."""
    jac = [c for c in stock if c["dealership_slug"] == J]
    mor = [c for c in stock if c["dealership_slug"] == M]
    iro = [c for c in stock if c["dealership_slug"] == I]

    def listed(cars):
        return [c for c in cars if visible(c)]

    # A few single cars, looked up by what is printed on them.
    pick_j = listed(jac)[7]
    pick_m = listed(mor)[11]
    rego_j = next(c for c in listed(jac) if c.get("regplate"))
    rego_m = next(c for c in listed(mor) if c.get("regplate"))
    pick_i = listed(iro)[5]

    out = [
        # Models, badges and the words of the model name.
        (J, "rav4", eq(model, "rav4"), "model RAV4"),
        (J, "HiLux SR5", all_of(eq(model, "hilux"), eq(badge, "sr5")), "typed as the badge is written"),
        (J, "corolla", eq(model, "corolla"), "model Corolla"),
        (J, "camry", eq(model, "camry"), "model Camry"),
        (J, "kluger", eq(model, "kluger"), "model Kluger"),
        (J, "hilux", eq(model, "hilux"), "model HiLux"),
        (J, "landcruiser", eq(model, "landcruiser 300"), "model LandCruiser 300"),
        (J, "landcruiser 300", eq(model, "landcruiser 300"), "model LandCruiser 300"),
        (J, "hilux  sr5 ", all_of(eq(model, "hilux"), eq(badge, "sr5")), "HiLux badge SR5"),
        (J, "hilux rogue", all_of(eq(model, "hilux"), eq(badge, "rogue")), "HiLux badge Rogue"),
        (J, "kluger grande", all_of(eq(model, "kluger"), eq(badge, "grande")), "Kluger Grande"),
        (J, "rav4 cruiser", all_of(eq(model, "rav4"), eq(badge, "cruiser")), "RAV4 Cruiser"),
        (J, "rav4 edge", all_of(eq(model, "rav4"), eq(badge, "edge")), "RAV4 Edge"),
        (J, "corolla zr", all_of(eq(model, "corolla"), eq(badge, "zr")), "Corolla ZR"),
        (J, "landcruiser sahara", all_of(eq(model, "landcruiser 300"), eq(badge, "sahara")), "LandCruiser Sahara"),
        (J, "gr sport", eq(badge, "gr sport"), "badge GR Sport"),
        (J, "camry ascent", all_of(eq(model, "camry"), eq(badge, "ascent")), "Camry badge Ascent (not Ascent Sport: none is a Camry)"),
        (J, "workmate", eq(badge, "workmate"), "badge Workmate"),
        (J, "toyota hilux", eq(model, "hilux"), "make and model"),
        # Typos a shopper makes.
        (J, "ravv4", eq(model, "rav4"), TYPO_NOTE),
        (J, "corola", eq(model, "corolla"), TYPO_NOTE),
        (J, "klugar", eq(model, "kluger"), TYPO_NOTE),
        (J, "landcrusier", eq(model, "landcruiser 300"), TYPO_NOTE),
        (J, "toyta camry", eq(model, "camry"), TYPO_NOTE),
        # Fuel, drive, body, seats in the shopper's words.
        (J, "hybrid", eq(fuel, "hybrid"), "simple_fuel Hybrid"),
        (J, "rav4 hybrid", all_of(eq(model, "rav4"), eq(fuel, "hybrid")), "RAV4 and Hybrid"),
        (J, "hybrid rav4", all_of(eq(model, "rav4"), eq(fuel, "hybrid")), "word order does not matter"),
        (J, "corolla hybrid", all_of(eq(model, "corolla"), eq(fuel, "hybrid")), "Corolla and Hybrid"),
        (J, "kluger petrol", all_of(eq(model, "kluger"), eq(fuel, "petrol")), "Kluger and Petrol"),
        (J, "diesel", eq(fuel, "diesel"), "simple_fuel Diesel"),
        (J, "unleaded", eq(fuel, "petrol"), "unleaded is petrol"),
        (J, "4x4", eq(drive, "4wd"), "4x4 is four wheel drive"),
        (J, "4wd", eq(drive, "4wd"), "simple_drive 4WD"),
        (J, "four wheel drive", eq(drive, "4wd"), "4WD in words"),
        (J, "awd", eq(drive, "awd"), "simple_drive AWD"),
        (J, "all wheel drive", eq(drive, "awd"), "AWD in words"),
        (J, "awd hybrid", all_of(eq(drive, "awd"), eq(fuel, "hybrid")), "AWD and Hybrid"),
        (J, "2wd", any_of(eq(drive, "fwd"), eq(drive, "rwd")), "two wheel drive: front or rear"),
        (J, "rwd", eq(drive, "rwd"), "simple_drive RWD"),
        (J, "suv", eq(body, "suv"), "simple_body SUV"),
        (J, "ute", eq(body, "ute"), "simple_body Ute"),
        (J, "utility", eq(body, "ute"), "utility is a ute"),
        (J, "hatchback", eq(body, "hatch"), "hatchback is the Hatch body"),
        (J, "sedan", eq(body, "sedan"), "simple_body Sedan"),
        (J, "7 seater", lambda c: c.get("seats") == 7, "seats 7"),
        (J, "7 seats", lambda c: c.get("seats") == 7, "seats 7"),
        (J, "people mover", lambda c: is_car(c) and (c.get("seats") or 0) >= 7, "7 or more seats"),
        (J, "automatic", eq(gearbox, "automatic"), "simple_transmission Automatic"),
        (J, "diesel 4x4 ute", all_of(eq(fuel, "diesel"), eq(drive, "4wd"), eq(body, "ute")), "three attributes"),
        (J, "hybrid suv", all_of(eq(fuel, "hybrid"), eq(body, "suv")), "Hybrid SUVs"),
        (J, "7 seater hybrid", all_of(lambda c: c.get("seats") == 7, eq(fuel, "hybrid")), "seats 7 and Hybrid"),
        # Colour, car type, features.
        (J, "red", word_in(colour, "red"), "a red colour (Soul Red, Atomic Red)"),
        (J, "soul red", eq(colour, "soul red"), "colour Soul Red"),
        (J, "white rav4", all_of(eq(model, "rav4"), word_in(colour, "white")), "RAV4 in a white"),
        (J, "grey hybrid", all_of(eq(fuel, "hybrid"), word_in(colour, "grey")), "Hybrid in a grey"),
        (J, "gray corolla", all_of(eq(model, "corolla"), word_in(colour, "grey")), "gray is grey"),
        (J, "new hilux", all_of(eq(model, "hilux"), eq(ctype, "new")), "car_type new"),
        (J, "used corolla", all_of(eq(model, "corolla"), eq(ctype, "used")), "car_type used"),
        (J, "second hand camry", all_of(eq(model, "camry"), eq(ctype, "used")), "second hand is used"),
        (J, "demo", eq(ctype, "demo"), "car_type demo"),
        (J, "demo kluger", all_of(eq(model, "kluger"), eq(ctype, "demo")), "Kluger demos"),
        (J, "sunroof", lambda c: has(c, "sunroof"), "a sunroof in the features"),
        (J, "tow bar", lambda c: has(c, "tow bar"), "a tow bar in the features"),
        (J, "towbar hilux", all_of(eq(model, "hilux"), lambda c: has(c, "tow bar")), "towbar is a tow bar"),
        (J, "head-up display", lambda c: has(c, "head-up display"), "feature Head-up display"),
        (J, "360 camera rav4", all_of(eq(model, "rav4"), lambda c: has(c, "360-degree camera")), "feature 360-degree camera"),
        (J, "south grafton", lambda c: "south grafton" in low(c.get("location_name")), "the South Grafton yard"),
        # Phrases that are filters, and the words left over.
        (J, "rav4 under 40k", all_of(eq(model, "rav4"), under(40_000)), "RAV4 at most $40,000"),
        (J, "hilux under $50,000", all_of(eq(model, "hilux"), under(50_000)), "HiLux at most $50,000"),
        (J, "corolla 2020 or newer", all_of(eq(model, "corolla"), lambda c: c["year"] >= 2020), "Corolla from 2020"),
        (J, "camry 2019 or older", all_of(eq(model, "camry"), lambda c: c["year"] <= 2019), "Camry to 2019"),
        (J, "kluger 2025", all_of(eq(model, "kluger"), lambda c: c["year"] == 2025), "a year on its own"),
        (J, "hilux less than 50,000 km", all_of(eq(model, "hilux"), lambda c: c.get("km") is not None and c["km"] <= 50_000), "HiLux at most 50,000 km"),
        (J, "diesel 4x4 ute under 60k", all_of(eq(fuel, "diesel"), eq(drive, "4wd"), eq(body, "ute"), under(60_000)), "the issue's shopper, on this stock"),
        (J, "hybrid suv under 45000", all_of(eq(fuel, "hybrid"), eq(body, "suv"), under(45_000)), "Hybrid SUV at most $45,000"),
        # Printed on the car.
        (J, pick_j["stocknum"], lambda c, s=pick_j["stocknum"]: c["stocknum"] == s, "a stock number"),
        (J, pick_j["stocknum"].lower(), lambda c, s=pick_j["stocknum"]: c["stocknum"] == s, "a stock number in lower case"),
        (J, pick_j["vin"], lambda c, v=pick_j["vin"]: c["vin"] == v, "a VIN"),
        (J, rego_j["regplate"], lambda c, r=rego_j["regplate"]: c.get("regplate") == r, "a rego"),
        # Nothing of this in stock.
        (J, "holden commodore", lambda c: False, "no Holden at a Toyota dealer"),
        (J, "prius", lambda c: False, "no Prius in stock"),
        # The group: many makes.
        (M, "toyota", eq(make, "toyota"), "make Toyota"),
        (M, "mazda", eq(make, "mazda"), "make Mazda"),
        (M, "bmw", eq(make, "bmw"), "make BMW"),
        (M, "mercedes", eq(make, "mercedes-benz"), "Mercedes-Benz by its first word"),
        (M, "mercedes-benz glc", all_of(eq(make, "mercedes-benz"), eq(model, "glc")), "make and model with a dash"),
        (M, "land rover", eq(make, "land rover"), "a two-word make"),
        (M, "ssangyong musso", eq(model, "musso"), "model Musso"),
        (M, "hyundai tucson", all_of(eq(make, "hyundai"), eq(model, "tucson")), "Hyundai Tucson"),
        (M, "tucson", eq(model, "tucson"), "model Tucson"),
        (M, "cx5", lambda c: model(c) == "cx-5", "CX-5 without its dash"),
        (M, "cx-5", lambda c: model(c) == "cx-5", "CX-5"),
        (M, "bt-50", lambda c: model(c) == "bt-50", "BT-50"),
        (M, "hyundia", eq(make, "hyundai"), TYPO_NOTE),
        (M, "mitsubishi triton", all_of(eq(make, "mitsubishi"), eq(model, "triton")), "Triton"),
        (M, "ranger", eq(model, "ranger"), "Ford Ranger"),
        (M, "electric", eq(fuel, "electric"), "simple_fuel Electric"),
        (M, "ev", eq(fuel, "electric"), "EV is electric"),
        (M, "electric suv", all_of(eq(fuel, "electric"), eq(body, "suv")), "Electric SUVs"),
        (M, "phev", eq(fuel, "plug-in hybrid"), "PHEV is a plug-in hybrid"),
        (M, "plug in hybrid", eq(fuel, "plug-in hybrid"), "plug-in hybrid"),
        (M, "hybrid", any_of(eq(fuel, "hybrid"), eq(fuel, "plug-in hybrid")), "hybrids, plug-in ones too"),
        (M, "diesel ute", all_of(eq(fuel, "diesel"), eq(body, "ute")), "Diesel utes"),
        (M, "diesel 4x4 ute under 40k", all_of(eq(fuel, "diesel"), eq(drive, "4wd"), eq(body, "ute"), under(40_000)), "the issue's shopper"),
        (M, "manual", eq(gearbox, "manual"), "simple_transmission Manual"),
        (M, "manual ute", all_of(eq(gearbox, "manual"), eq(body, "ute")), "manual utes"),
        (M, "automatic suv", all_of(eq(gearbox, "automatic"), eq(body, "suv")), "automatic SUVs"),
        (M, "truck", eq(body, "truck"), "simple_body Truck"),
        (M, "van", eq(body, "van"), "simple_body Van"),
        (M, "coupe", eq(body, "coupe"), "simple_body Coupe"),
        (M, "wagon", lambda c: eq(body, "wagon")(c) or low(c.get("bodyconfiguration")) == "wagon", "a wagon body or configuration"),
        (M, "motorcycle", eq(body, "motorcycle"), "simple_body Motorcycle"),
        (M, "motorbike", eq(body, "motorcycle"), "motorbike is a motorcycle"),
        (M, "ducati", eq(make, "ducati"), "make Ducati"),
        (M, "yamaha mt-07", eq(model, "mt-07"), "model MT-07"),
        (M, "awd electric", all_of(eq(drive, "awd"), eq(fuel, "electric")), "AWD and Electric"),
        (M, "rwd", eq(drive, "rwd"), "simple_drive RWD"),
        (M, "8 seater", lambda c: c.get("seats") == 8, "seats 8"),
        (M, "people mover", lambda c: is_car(c) and ((c.get("seats") or 0) >= 7 or body(c) == "van"), "7 or more seats, or a van"),
        (M, "tipper", lambda c: has(c, "tipper"), "a tipper"),
        (M, "reversing camera", lambda c: has(c, "reversing camera"), "a reversing camera"),
        (M, "apple carplay", lambda c: has(c, "apple carplay"), "Apple CarPlay"),
        (M, "new toyota", all_of(eq(make, "toyota"), eq(ctype, "new")), "new Toyotas"),
        (M, "demo bmw", all_of(eq(make, "bmw"), eq(ctype, "demo")), "demo BMWs"),
        (M, "used kia under 30k", all_of(eq(make, "kia"), eq(ctype, "used"), under(30_000)), "used Kias at most $30,000"),
        (M, "toyota 2024", all_of(eq(make, "toyota"), lambda c: c["year"] == 2024), "Toyotas of 2024"),
        (M, "mazda 2022 or newer", all_of(eq(make, "mazda"), lambda c: c["year"] >= 2022), "Mazdas from 2022"),
        (M, "green", word_in(colour, "green"), "a green colour"),
        (M, "blue bmw", all_of(eq(make, "bmw"), word_in(colour, "blue")), "blue BMWs"),
        (M, "springfield", lambda c: low(c.get("city")) == "springfield", "the Springfield yard"),
        (M, "toowoomba diesel", all_of(lambda c: low(c.get("city")) == "toowoomba", eq(fuel, "diesel")), "diesels at Toowoomba"),
        (M, pick_m["stocknum"], lambda c, s=pick_m["stocknum"]: c["stocknum"] == s, "a stock number"),
        (M, pick_m["vin"], lambda c, v=pick_m["vin"]: c["vin"] == v, "a VIN"),
        (M, rego_m["regplate"], lambda c, r=rego_m["regplate"]: c.get("regplate") == r, "a rego"),
        (M, "tesla model 3", lambda c: False, "no Tesla in stock"),
        # Motorcycles and caravans.
        (I, "caravan", eq(body, "caravan"), "simple_body Caravan"),
        (I, "motorcycle", eq(body, "motorcycle"), "simple_body Motorcycle"),
        (I, "jayco", eq(make, "jayco"), "make Jayco"),
        (I, "jayco swift", all_of(eq(make, "jayco"), eq(model, "swift")), "Jayco Swift"),
        (I, "pop top", lambda c: low(c.get("bodyconfiguration")) == "pop top", "Pop Top configuration"),
        (I, "off-road caravan", lambda c: low(c.get("bodyconfiguration")) == "off-road caravan", "Off-Road Caravan configuration"),
        (I, "camper trailer", lambda c: low(c.get("bodyconfiguration")) == "camper trailer", "Camper Trailer configuration"),
        (I, "sleeps 4", lambda c: berths(c) == 4, "berths 4"),
        (I, "family van", lambda c: body(c) == "caravan" and berths(c) >= 4, "a caravan sleeping 4 or more"),
        (I, "annexe", lambda c: has(c, "annexe"), "an annexe"),
        (I, "bike rack", lambda c: has(c, "bike rack"), "a bike rack"),
        (I, "adventure", lambda c: "adventure" in words(c.get("bodyconfiguration")) or "adventure" in words(c.get("model")) or "adventure" in words(c.get("badge")), "adventure bikes"),
        (I, "ktm 390 duke", all_of(eq(make, "ktm"), eq(model, "390 duke")), "KTM 390 Duke"),
        (I, "tenere", lambda c: "tenere" in words(c.get("model")), "Yamaha Tenere 700"),
        (I, "africa twin", eq(model, "africa twin"), "Honda Africa Twin"),
        (I, "ninja", lambda c: "ninja" in words(c.get("model")), "Kawasaki Ninja"),
        (I, "kawasaki z900", all_of(eq(make, "kawasaki"), eq(model, "z900")), "Kawasaki Z900"),
        (I, "lams", lambda c: "lams" in words(c.get("badge")), "learner approved (the LAMS badge)"),
        (I, "heated grips", lambda c: has(c, "heated grips"), "heated grips"),
        (I, "quickshifter", lambda c: has(c, "quickshifter"), "a quickshifter"),
        (I, "used motorcycle under 12k", all_of(eq(body, "motorcycle"), eq(ctype, "used"), under(12_000)), "used bikes at most $12,000"),
        (I, "new caravan", all_of(eq(body, "caravan"), eq(ctype, "new")), "new caravans"),
        (I, "mackay", lambda c: low(c.get("city")) == "paget" or "mackay" in low(c.get("location_name")), "the Mackay yard"),
        (I, pick_i["stocknum"], lambda c, s=pick_i["stocknum"]: c["stocknum"] == s, "a stock number"),
        (I, "harley davidson", lambda c: False, "no Harley-Davidson in stock"),
    ]
    return out


def visible(car) -> bool:
    """Shown by the search with the dealer's defaults, long after every sale (the test
    searches at a time when no sold car is still in its sold window)."""
    sold = car.get("status") == "sold" or car.get("sold") is True
    return car.get("show_on_dealer_website", True) and not sold


def brand_says(car, text) -> bool:
    """Whether the make's own name holds a typed word that the rule reads as something
    else ("Isuzu UTE" sells the MU-X, an SUV): text search cannot tell the brand's word
    from the body's, so such a car is neither required nor forbidden."""
    own = set(words(car.get("make")))
    bodies = {"ute", "utility", "suv", "van", "truck", "wagon", "hatch", "sedan", "coupe"}
    return any(
        w in own and w in bodies and w not in words(car.get("simple_body")) for w in words(text)
    )


def near_miss(car, text) -> bool:
    """A car that has one of the typed words (or its start) in a field the shopper sees."""
    seen = set()
    for field in ("make", "model", "badge", "simple_body", "simple_fuel", "simple_drive", "colour", "car_type", "bodyconfiguration", "location_name", "city"):
        seen.update(words(car.get(field)))
    for line in equipment(car):
        seen.update(words(line))
    typed = [w for w in words(text) if not w.isdigit() and w not in ("under", "or", "newer", "older", "less", "than", "km")]
    return any(any(s.startswith(w) for s in seen) for w in typed)


def table(stock):
    out = []
    seen = set()
    for dealer, text, rule, why in cases(stock):
        key = (dealer, text)
        if key in seen:
            raise SystemExit(f"case repeated: {dealer} {text!r}")
        seen.add(key)
        cars = sorted(
            (c for c in stock if c["dealership_slug"] == dealer and visible(c)),
            key=lambda c: (-created(c), c["id"]),
        )
        relevant = [c["id"] for c in cars if rule(c)]
        neutral = [c["id"] for c in cars if not rule(c) and brand_says(c, text)]
        misses = [
            c["id"]
            for c in cars
            if not rule(c) and c["id"] not in neutral and near_miss(c, text)
        ]
        out.append(
            {
                "dealer": dealer,
                "text": text,
                "why": why,
                # Every relevant car when they fit on the first page; past that, which 21
                # come first is the ranking's business (ties keep the latest-first order).
                "must_in": relevant if len(relevant) + len(neutral) <= PAGE else [],
                "relevant": relevant,
                "neutral": neutral,
                "must_not": misses,
            }
        )
    return out


def created(car) -> float:
    from datetime import datetime

    return datetime.fromisoformat(car["created_at"].replace("Z", "+00:00")).timestamp()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stock", type=Path, help="write the stock again from this sample feed first")
    args = parser.parse_args()
    if args.stock:
        write_stock(args.stock)
    stock = [json.loads(line) for line in STOCK.read_text().splitlines() if line.strip()]
    cases_ = table(stock)
    doc = {
        "about": "Search relevance cases, written by relevance.py from rules over the feed fields of relevance-stock.jsonl (never from a search engine's answers). For each case: the typed text on the dealer's stock; must_in: cars that must be on the first page of 21 (every relevant car when they fit); relevant: every car that answers the text: the first page leads with them (and the neutral cars, whose make's name holds a typed word the rule reads otherwise, such as the Isuzu UTE brand's MU-X for 'ute'), no other car ranked above any of them (a page with room left may go on with near answers, such as one typo away); must_not: cars that have one of the typed words but do not answer the text, never ranked above a relevant car.",
        "page": PAGE,
        "cases": cases_,
    }
    # One case a line: the table reads as a list and diffs by case.
    lines = ",\n".join("  " + json.dumps(c, separators=(", ", ": ")) for c in cases_)
    head = json.dumps({k: v for k, v in doc.items() if k != "cases"}, indent=1)[:-2]
    TABLE.write_text(f'{head},\n "cases": [\n{lines}\n ]\n}}\n')
    json.loads(TABLE.read_text())
    small = sum(1 for c in cases_ if c["must_in"])
    print(f"{TABLE.name}: {len(cases_)} cases, {small} with every relevant car on the first page", file=sys.stderr)


if __name__ == "__main__":
    main()
