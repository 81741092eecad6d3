"""Vocabulary and small text builders for the synthetic pages.

Everything is drawn from a numpy Generator handed in by the caller, so a page's text is a pure
function of its seed. The word lists are plain English written for this tool.
"""

COMMON = """
account action activity address advice agreement amount analysis annual answer application approach
area arrangement article aspect assessment attention available balance basis benefit board budget
building business capacity care case central change chapter charge choice clear client colleague
committee community company comparison condition contact content contract control cost council
course cover customer data date decision delivery department design detail development difference
direction director discussion document economic effect effort element energy engineer equipment
estimate evidence example experience factor family feature figure final financial floor focus
following form framework function future general goal group growth guidance history house idea
impact important income increase individual industry information interest issue item job key
knowledge labour land language large level light limit line list local machine main management
market material measure meeting member method model month movement national nature network note
number object office operation opinion option order organisation output owner page paper part
particular party patient payment people performance period person picture plan point policy
position possible power practice present pressure price problem process product programme project
property proposal provision public purpose quality question range rate reason record region
relation report request research resource response result review right risk role rule safety
sample scale scheme school section sector security service session share side sign site size
skill source space special staff stage standard statement station step strategy structure student
study subject success summary supply support surface system table target task team term test
text theory time total trade training transport treatment trial type unit update user value
version view volume water week window work year
""".split()

VERBS = """
accept achieve add agree allow apply arrange ask assess assume attend avoid build calculate carry
check choose collect compare complete confirm consider contain continue create deliver describe
develop discuss ensure establish expect explain extend follow identify improve include increase
indicate inform involve keep maintain measure meet note obtain offer operate organise prepare
present produce propose provide publish receive record reduce refer remain replace report request
require review share show submit suggest supply support test update use
""".split()

ADJECTIVES = """
active additional annual appropriate available basic brief careful central clear common complete
current daily detailed direct early effective essential existing external final formal full
general good great high important initial internal key large late legal likely local long main
major minor modern monthly necessary new normal open original overall particular personal
physical possible practical previous primary private proper public quick recent regular relevant
reliable remaining safe second separate serious short significant similar simple single small
special specific standard strong suitable technical total usual various weekly whole wide
""".split()

LINKS = """
about across after against along among around at before between by during for from in into near
of on over through to under with within without
""".split()

FIRST_NAMES = """
Anna Ben Clara David Elena Felix Grace Henry Iris Jonas Karen Leo Maria Nina Oscar Paula Quentin
Rosa Samuel Tara Ursula Victor Wendy Xavier Yusuf Zoe Amir Beatrice Carlos Dana Emil Farah Georg
Hana Ivan Julia Kofi Lena Marco Nora Omar Petra Rahul Sofia Tomas Vera Walter
""".split()

LAST_NAMES = """
Adams Becker Carter Dubois Evans Fischer Garcia Hoffmann Ibrahim Jensen Kowalski Larsen Moreau
Novak Olsen Patel Quinn Rossi Schmidt Turner Underwood Varga Weber Young Zimmermann Bauer Costa
Dalton Ellis Fournier Hughes Keller Lindqvist Meyer Nakamura Okafor Porter Richter Silva Tanaka
""".split()

STREETS = """
Oak Maple Station Church Mill Harbour Market Park River Bridge Garden Orchard Castle Victoria
Elm Linden Meadow Quarry Cedar Willow Kings Queens
""".split()

STREET_KINDS = ["Street", "Road", "Lane", "Avenue", "Way", "Close", "Place"]

CITIES = """
Ashford Brookfield Carlton Dunmore Eastwick Fairview Glenrock Hartley Kingsbridge Lakeside
Millbrook Northgate Oakridge Pinewood Redcliff Southport Stonebury Westfield Whitby Yarrow
""".split()

COMPANY_PARTS = """
North Blue Summit Clear Bright Harbor Silver Green Atlas Delta Orbit Cedar Pioneer Vector Granite
Beacon Nova Coral Meridian Arrow
""".split()

COMPANY_KINDS = ["Consulting", "Systems", "Logistics", "Partners", "Engineering", "Design",
                 "Supplies", "Analytics", "Services", "Labs", "Holdings", "Studio"]

SHOPS = ["FRESH MARKET", "CORNER DELI", "CITY PHARMACY", "BOOK NOOK", "GREEN GROCER",
         "HARDWARE PLUS", "CAFE AROMA", "QUICK STOP", "BAKERY LUMEN", "OFFICE DEPOT 24"]

ITEMS = """
Milk;Bread;Butter;Eggs 10pk;Coffee beans;Green tea;Apples;Bananas;Tomatoes;Cheddar;Yoghurt;
Pasta;Rice 1kg;Olive oil;Orange juice;Chocolate;Batteries AA;Notebook;Ballpoint pens;Envelopes;
Printer paper;Sticky notes;Croissant;Espresso;Cappuccino;Sandwich;Water 1.5L;Soap;Toothpaste;
Shampoo;Paracetamol;Plasters;Light bulb;Screws M4;Tape;Glue stick;Muffin;Salad;Cookies;Honey
""".replace("\n", "").split(";")

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]

TITLE_WORDS = ["Quarterly", "Annual", "Project", "Status", "Technical", "Progress", "Budget",
               "Review", "Summary", "Proposal", "Survey", "Performance", "Safety", "Market"]
TITLE_TAILS = ["Report", "Overview", "Update", "Review", "Assessment", "Plan", "Notes", "Analysis"]


def pick(rng, seq):
    return seq[int(rng.integers(len(seq)))]


def third_person(verb):
    if verb.endswith(("s", "sh", "ch", "x")):
        return verb + "es"
    if verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def cap(word):
    return word[:1].upper() + word[1:]


def sentence(rng, lo=7, hi=18):
    """One sentence of plausible business prose ending in a full stop."""
    n = int(rng.integers(lo, hi + 1))
    words = []
    while len(words) < n:
        r = rng.random()
        if r < 0.40:
            words.append(pick(rng, COMMON))
        elif r < 0.60:
            words.append(pick(rng, ADJECTIVES))
        elif r < 0.78:
            words.append(third_person(pick(rng, VERBS)) if rng.random() < 0.3 else pick(rng, VERBS))
        elif r < 0.93:
            words.append(pick(rng, LINKS))
        else:
            words.append(str(int(rng.integers(2, 2000))))
    if len(words) > 8 and rng.random() < 0.35:
        words[int(rng.integers(3, len(words) - 3))] += ","
    words[0] = cap(words[0])
    return " ".join(words) + pick(rng, [".", ".", ".", ".", ".", "?", ";"]).replace(";", ".")


def paragraph(rng, lo=2, hi=6):
    return " ".join(sentence(rng) for _ in range(int(rng.integers(lo, hi + 1))))


def person(rng):
    return f"{pick(rng, FIRST_NAMES)} {pick(rng, LAST_NAMES)}"


def company(rng):
    return f"{pick(rng, COMPANY_PARTS)} {pick(rng, COMPANY_KINDS)}"


def street(rng):
    return f"{int(rng.integers(1, 240))} {pick(rng, STREETS)} {pick(rng, STREET_KINDS)}"


def city_line(rng):
    return f"{int(rng.integers(10000, 99999))} {pick(rng, CITIES)}"


def date(rng):
    return f"{int(rng.integers(1, 29))} {pick(rng, MONTHS)} {int(rng.integers(2019, 2027))}"


def short_date(rng):
    return f"{int(rng.integers(1, 29)):02d}/{int(rng.integers(1, 13)):02d}/{int(rng.integers(2019, 2027))}"


def heading(rng, lo=2, hi=5):
    n = int(rng.integers(lo, hi + 1))
    return " ".join(cap(pick(rng, COMMON if i % 2 else ADJECTIVES + COMMON)) for i in range(n))


def title(rng):
    return f"{pick(rng, TITLE_WORDS)} {cap(pick(rng, COMMON))} {pick(rng, TITLE_TAILS)}"


def money(rng, lo=0.5, hi=500.0):
    return float(round(rng.uniform(lo, hi), 2))
