#!/usr/bin/env python3
"""Writes dealers/moreton-motor-group/locations.toml and brands.toml.

Moreton Motor Group is the sample dealer group: 26 Brisbane, South East Queensland and
Northern Rivers sites, each with a sales and a service-and-parts location (52 in all),
selling 42 brands of cars, motorcycles and trucks. The addresses are real suburbs and
postcodes with approximate coordinates; the street numbers are invented. The output is
deterministic, so re-running it after editing the tables below gives a clean diff.

Usage: python3 dealers/tools/gen_moreton.py
"""

from pathlib import Path

DEALER = Path(__file__).resolve().parent.parent / "moreton-motor-group"
# Each site is a dealership of the group (31 for the first, then one up per site), so
# the enquiry form asks for the preferred one (seed 001 s5).
DEALERSHIP_ID = 31

# (category, name, slug, external site or None)
BRANDS = [
    ("cars", "Toyota", "toyota", None),
    ("cars", "Mazda", "mazda", None),
    ("cars", "Hyundai", "hyundai", None),
    ("cars", "Kia", "kia", None),
    ("cars", "Ford", "ford", None),
    ("cars", "Mitsubishi", "mitsubishi", None),
    ("cars", "Nissan", "nissan", None),
    ("cars", "Volkswagen", "volkswagen", None),
    ("cars", "Subaru", "subaru", None),
    ("cars", "Honda", "honda", None),
    ("cars", "Isuzu UTE", "isuzu-ute", None),
    ("cars", "MG", "mg", None),
    ("cars", "GWM", "gwm", None),
    ("cars", "BYD", "byd", None),
    ("cars", "Chery", "chery", None),
    ("cars", "Omoda", "omoda", None),
    ("cars", "Jeep", "jeep", None),
    ("cars", "Ram", "ram", None),
    ("cars", "Renault", "renault", None),
    ("cars", "Peugeot", "peugeot", None),
    ("cars", "Skoda", "skoda", None),
    ("cars", "Cupra", "cupra", None),
    ("cars", "Audi", "audi", "https://www.moretonaudi.com.au"),
    ("cars", "BMW", "bmw", "https://www.moretonbmw.com.au"),
    ("cars", "Mercedes-Benz", "mercedes-benz", "https://www.moretonmercedes.com.au"),
    ("cars", "Lexus", "lexus", "https://www.lexusofmoreton.com.au"),
    ("cars", "Volvo", "volvo", None),
    ("cars", "Land Rover", "land-rover", None),
    ("cars", "Genesis", "genesis", None),
    ("cars", "Suzuki", "suzuki", None),
    ("cars", "LDV", "ldv", None),
    ("cars", "Polestar", "polestar", None),
    ("cars", "KGM SsangYong", "kgm-ssangyong", None),
    ("cars", "Chevrolet", "chevrolet", None),
    ("motorcycles", "Yamaha", "yamaha", None),
    ("motorcycles", "Kawasaki", "kawasaki", None),
    ("motorcycles", "Triumph", "triumph", None),
    ("motorcycles", "Ducati", "ducati", None),
    ("trucks", "Isuzu Trucks", "isuzu-trucks", None),
    ("trucks", "Hino", "hino", None),
    ("trucks", "Fuso", "fuso", None),
    ("trucks", "UD Trucks", "ud-trucks", None),
]

# (suburb, state, postcode, lat, long, street, brands sold at the site)
SITES = [
    ("Springwood", "QLD", "4127", -27.6121, 153.1293, "3361 Pacific Highway", ["Toyota", "Lexus"]),
    ("Capalaba", "QLD", "4157", -27.5268, 153.1917, "31 Old Cleveland Road", ["Mazda", "Suzuki"]),
    ("Eagle Farm", "QLD", "4009", -27.4329, 153.0858, "1040 Kingsford Smith Drive", ["Isuzu Trucks", "Hino", "Fuso", "UD Trucks"]),
    ("Newstead", "QLD", "4006", -27.4465, 153.0437, "55 Breakfast Creek Road", ["Audi", "Volkswagen", "Skoda", "Cupra"]),
    ("Windsor", "QLD", "4030", -27.4326, 153.0297, "201 Lutwyche Road", ["BMW", "Mercedes-Benz"]),
    ("Aspley", "QLD", "4034", -27.3663, 153.0168, "1406 Gympie Road", ["Hyundai", "Genesis"]),
    ("Kedron", "QLD", "4031", -27.4031, 153.0297, "710 Gympie Road", ["Kia", "MG"]),
    ("North Lakes", "QLD", "4509", -27.2349, 153.0203, "2 Lakefield Drive", ["Toyota", "GWM"]),
    ("Redcliffe", "QLD", "4020", -27.2297, 153.1098, "255 Oxley Avenue", ["Nissan", "Mitsubishi"]),
    ("Caboolture", "QLD", "4510", -27.0849, 152.9512, "48 Lower King Street", ["Ford", "Isuzu UTE"]),
    ("Morayfield", "QLD", "4506", -27.1082, 152.9487, "220 Morayfield Road", ["Yamaha", "Kawasaki"]),
    ("Indooroopilly", "QLD", "4068", -27.4990, 152.9731, "400 Moggill Road", ["Volvo", "Polestar"]),
    ("Mount Gravatt", "QLD", "4122", -27.5381, 153.0802, "1393 Logan Road", ["Subaru", "Honda"]),
    ("Moorooka", "QLD", "4105", -27.5349, 153.0241, "1010 Ipswich Road", ["Jeep", "Ram", "Chevrolet"]),
    ("Booval", "QLD", "4304", -27.6131, 152.7878, "180 Brisbane Road", ["Toyota", "Kia"]),
    ("Springfield", "QLD", "4300", -27.6631, 152.9169, "1 Main Street", ["BYD", "Chery", "Omoda"]),
    ("Browns Plains", "QLD", "4118", -27.6627, 153.0441, "17 Browns Plains Road", ["Hyundai", "LDV"]),
    ("Loganholme", "QLD", "4129", -27.6831, 153.1903, "3890 Pacific Highway", ["Mazda", "KGM SsangYong"]),
    ("Southport", "QLD", "4215", -27.9672, 153.3998, "120 Ferry Road", ["Renault", "Peugeot"]),
    ("Robina", "QLD", "4226", -28.0779, 153.3851, "10 Robina Town Centre Drive", ["Land Rover", "Lexus"]),
    ("Maroochydore", "QLD", "4558", -26.6601, 153.0902, "45 Maroochy Boulevard", ["Toyota", "Ford"]),
    ("Caloundra", "QLD", "4551", -26.8029, 153.1219, "80 Bowman Road", ["Mitsubishi", "Suzuki"]),
    ("Noosaville", "QLD", "4566", -26.3998, 153.0602, "187 Eumundi Noosa Road", ["Triumph", "Ducati"]),
    ("Toowoomba", "QLD", "4350", -27.5598, 151.9538, "680 Ruthven Street", ["Nissan", "Isuzu UTE", "Hino"]),
    ("Tweed Heads South", "NSW", "2486", -28.1969, 153.5447, "27 Minjungbal Drive", ["Kia", "Volkswagen"]),
    ("Ballina", "NSW", "2478", -28.8672, 153.5652, "18 Southern Cross Drive", ["Toyota", "Honda"]),
]

WEEKDAY_SALES = ("08:30", "17:30")
SATURDAY_SALES = ("08:30", "16:00")
WEEKDAY_SERVICE = ("07:00", "17:00")

REVIEWERS = [
    ("Liam O.", "Smooth purchase and a thorough handover. The team had the car detailed and ready on time.", 5),
    ("Chloe T.", "Great service department, kept me updated by SMS and finished early.", 5),
    ("Raj P.", "Good price on our trade-in. Paperwork took a little longer than expected.", 4),
    ("Hannah G.", "Friendly staff and plenty of stock to compare side by side.", 5),
]


def slugify(text):
    out = "".join(c.lower() if c.isalnum() else "-" for c in text)
    while "--" in out:
        out = out.replace("--", "-")
    return out.strip("-")


# The group holds one motor dealer licence per state, in that state's format: Queensland's
# seven digits, NSW Fair Trading's "MD" and six digits.
LICENCES = {"QLD": "3401117", "NSW": "MD 052318"}


def exchange(state, postcode):
    """The area code and the local number's leading digits of a site's telephone exchange."""
    code = int(postcode)
    if state == "NSW":
        # Tweed Heads is on the Gold Coast's exchange; the rest of the Northern Rivers is (02) 66.
        return ("07", "55") if code in (2485, 2486) else ("02", "66")
    if 4207 <= code <= 4230:
        return "07", "55"  # Gold Coast
    if 4550 <= code <= 4575:
        return "07", "54"  # Sunshine Coast
    if 4350 <= code <= 4352:
        return "07", "46"  # Toowoomba
    return "07", "3"  # Brisbane


def phone(state, postcode, index, offset):
    area, lead = exchange(state, postcode)
    rest = 8 - len(lead)
    number = lead + f"{(index * 7919 + 2417 + offset) % 10 ** rest:0{rest}d}"
    return f"({area}) {number[:4]} {number[4:]}"


def hours(lines, weekday, saturday, sunday):
    rows = []
    for day in range(1, 6):
        rows.append(f'  {{ weekday = {day}, status = "Open", open = "{weekday[0]}", close = "{weekday[1]}" }},')
    if saturday:
        rows.append(f'  {{ weekday = 6, status = "Open", open = "{saturday[0]}", close = "{saturday[1]}" }},')
    else:
        rows.append('  { weekday = 6, status = "Closed" },')
    if sunday:
        rows.append(f'  {{ weekday = 0, status = "Open", open = "{sunday[0]}", close = "{sunday[1]}" }},')
    else:
        rows.append('  { weekday = 0, status = "Closed" },')
    lines.append("opening_hours = [")
    lines.extend(rows)
    lines.append("]")


def location(lines, loc_id, name, slug, kind, site, index, primary, reviews):
    suburb, state, postcode, lat, long, street, brands = site
    lines.append("[[locations]]")
    lines.append(f"id = {loc_id}")
    lines.append(f'name = "{name}"')
    lines.append(f'slug = "{slug}"')
    lines.append(f'location_type = "{kind}"')
    if primary:
        lines.append("primary = true")
    lines.append("manufacturers = [" + ", ".join(f'"{b}"' for b in brands) + "]")
    lines.append(f"dealership_id = {DEALERSHIP_ID + index}")
    lines.append(f'dealership_slug = "moreton-{slugify(suburb)}"')
    lines.append(f'dealership_name = "Moreton {suburb}"')
    lines.append(f'dealer_license_number = "{LICENCES[state]}"')
    lines.append("")
    lines.append("[locations.address]")
    number, rest = street.split(" ", 1)
    if kind != "sales":
        number = str(int(number) + 2)
    lines.append(f'street = "{number} {rest}"')
    lines.append(f'city = "{suburb}"')
    lines.append(f'state = "{state}"')
    lines.append(f'postcode = "{postcode}"')
    shift = 0.0 if kind == "sales" else 0.0006
    lines.append(f"lat = {lat - shift:.4f}")
    lines.append(f"long = {long + shift:.4f}")
    lines.append("")
    lines.append("[locations.contact_detail]")
    lines.append(f'phone = "{phone(state, postcode, index, 0 if kind == "sales" else 50)}"')
    if kind == "sales":
        sunday = ("10:00", "15:00") if index % 5 == 0 else None
        hours(lines, WEEKDAY_SALES, SATURDAY_SALES, sunday)
    else:
        saturday = ("07:30", "12:00") if index % 2 == 0 else None
        hours(lines, WEEKDAY_SERVICE, saturday, None)
    lines.append("")
    for date, status, label in [("2026-12-25", "Closed", "Christmas Day"), ("2026-12-26", "Closed", "Boxing Day")]:
        lines.append("[[locations.special_hours]]")
        lines.append(f'date = "{date}"')
        lines.append(f'status = "{status}"')
        lines.append(f'name = "{label}"')
        lines.append("")
    if kind == "sales":
        lines.append("[[locations.special_hours]]")
        lines.append('date = "2026-12-31"')
        lines.append('status = "Open"')
        lines.append('start_hour = "08:30"')
        lines.append('end_hour = "13:00"')
        lines.append('name = "New Year\'s Eve"')
        lines.append("")
    for n in range(reviews):
        who, text, rating = REVIEWERS[(index + n) % len(REVIEWERS)]
        lines.append("[[locations.reviews]]")
        lines.append(f"id = {loc_id * 100 + n + 1}")
        lines.append(f'customer_name = "{who}"')
        lines.append(f'text = "{text}"')
        lines.append(f"rating = {rating}")
        lines.append(f'review_date = "2026-{9 + n % 3:02d}-{10 + index % 18:02d}"')
        lines.append("")


def main():
    lines = [
        "#:schema ../schema/locations.json",
        "# GENERATED by dealers/tools/gen_moreton.py; edit the tables there and re-run.",
        "# 26 sites, each a sales and a service-and-parts location.",
        "",
    ]
    for index, site in enumerate(SITES):
        suburb = site[0]
        base = f"moreton-{slugify(suburb)}"
        location(lines, 3100 + index * 2 + 1, f"Moreton {suburb}", base, "sales", site, index, index == 0, 2 if index % 3 == 0 else 1)
        location(lines, 3100 + index * 2 + 2, f"Moreton {suburb} Service & Parts", f"{base}-service", "service-and-parts", site, index, False, 1 if index % 4 == 0 else 0)
    (DEALER / "locations.toml").write_text("\n".join(lines).rstrip() + "\n")

    sold = {brand for site in SITES for brand in site[6]}
    missing = [name for _, name, _, _ in BRANDS if name not in sold]
    if missing:
        raise SystemExit(f"brands sold at no site: {missing}")
    out = [
        "#:schema ../schema/brands.json",
        "# GENERATED by dealers/tools/gen_moreton.py; edit the tables there and re-run.",
        "",
    ]
    for n, (category, name, slug, external) in enumerate(BRANDS, start=1):
        out.append("[[brands]]")
        out.append(f"id = {3000 + n}")
        out.append(f'name = "{name}"')
        out.append(f'slug = "{slug}"')
        out.append(f'category = "{category}"')
        if external:
            out.append(f'external_url = "{external}"')
        out.append("")
    (DEALER / "brands.toml").write_text("\n".join(out).rstrip() + "\n")


if __name__ == "__main__":
    main()
