"""Realistic chat messages with the search request a person would expect from each.

Written as a reader would label them, not from the parser's output. Field names follow
`kairos.evals.decomposition.CORE_FIELDS` / `OPTIONAL_FIELDS`; core fields not given here are
expected to be empty (so a parser that invents a city or a cuisine loses points), optional fields
are checked only when given. Categories are written in plain words ("sushi", "burgers"); the
evaluation compares them by catalog concept, so "sushi" and the catalog's "sushi bars" agree.

Deliberate decisions the expectations encode (documented in `kairos.restaurants.decomposition`):
- "no X" / "without X" / "allergic to X" with an allergen word excludes that allergen for the
  turn; "no seafood" therefore excludes fish, shellfish and molluscs as well as the category.
- "X-free" (gluten-free, dairy-free) is a dietary preference, not a hard allergen exclusion,
  except for nuts; "celiac" is an allergy (gluten) and also asks for gluten-free food.
- A city is a scope (list view); proximity ("near", "around", "closest", "near me") is a map.
- "thai or indian" without comparison words is a search over both cuisines, not a comparison.
"""

from __future__ import annotations

from kairos.evals.decomposition import DecompositionCase as C

CASES: list[C] = [
    # --- the issue's own examples -------------------------------------------------------
    C(
        "romantic thai dinner, not too loud",
        {"categories": ["thai"], "vibes": ["romantic", "quiet"], "avoid": ["loud"]},
    ),
    C("cheap eats in cambridge", {"city": "cambridge", "price_tiers": ["$"]}),
    C(
        "biryani place in hitech city",
        {"categories": ["biryani"], "area": "hitech city", "city": "hyderabad"},
    ),
    C("hi", {"intent": "greeting", "ui": "text", "needs_clarification": True}),
    C("hello there!", {"intent": "greeting", "ui": "text", "needs_clarification": True}),
    C("somewhere good", {"ui": "text", "needs_clarification": True}),
    C("food?", {"ui": "text", "needs_clarification": True}),
    # --- cuisines, typos, plurals -------------------------------------------------------
    C(
        "itallian place in boston for a date",
        {"categories": ["italian"], "city": "boston", "vibes": ["romantic"]},
    ),
    C("japaneese restraunt in bostn", {"categories": ["japanese"], "city": "boston"}),
    C("ethiopian food boston", {"categories": ["ethiopian"], "city": "boston"}),
    C(
        "mediteranean or lebanese, vegetarian, in london",
        {
            "categories": ["mediterranean", "lebanese"],
            "dietary": ["vegetarian"],
            "city": "london",
        },
    ),
    C(
        "under $20 a head, tacos in boston",
        {"categories": ["tacos"], "city": "boston", "price_tiers": ["$", "$$"]},
    ),
    C(
        "in the mood for korean, somewhere lively",
        {"categories": ["korean"], "vibes": ["lively"]},
    ),
    C("4+ stars ramen spot", {"categories": ["ramen"], "min_rating": 4.0}),
    C(
        "mid-range greek in cambridge",
        {"categories": ["greek"], "price_tiers": ["$$"], "city": "cambridge"},
    ),
    C(
        "Best burger joint in Cambridge? $",
        {"categories": ["burgers"], "city": "cambridge", "price_tiers": ["$"]},
    ),
    C(
        "dim sum for a big group sunday in boston",
        {"categories": ["dim sum"], "city": "boston", "vibes": ["group"]},
    ),
    C(
        "vietnamese pho in boston chinatown",
        {"categories": ["vietnamese"], "city": "boston", "area": "chinatown"},
    ),
    C(
        "tapas bar in el born with a good wine list",
        {
            "categories": ["tapas"],
            "area": "el born",
            "city": "barcelona",
            "vector_has": ["wine"],
        },
    ),
    C(
        "paella in barcelona near the beach",
        {
            "categories": ["spanish"],
            "city": "barcelona",
            "ui": "map_view",
            "vector_has": ["beach"],
        },
    ),
    C("donde comer tapas en barcelona?", {"categories": ["tapas"], "city": "barcelona"}),
    C("curry house in london", {"categories": ["indian"], "city": "london"}),
    C(
        "wheelchair accessible italian in cambridge",
        {"categories": ["italian"], "city": "cambridge", "vector_has": ["wheelchair"]},
    ),
    C(
        "wine bar with live music",
        {"categories": ["wine bars"], "vibes": ["live_music"]},
    ),
    C(
        "Any nice rooftop bars in London? Not too touristy",
        {
            "categories": ["bars"],
            "city": "london",
            "vibes": ["rooftop"],
            "avoid": ["touristy"],
        },
    ),
    C(
        "wanna grab drinks somewhere trendy in shoreditch",
        {"categories": ["bars"], "vibes": ["trendy"], "area": "shoreditch", "city": "london"},
    ),
    C(
        "quiet cafe to work from in cambridge with wifi",
        {"categories": ["cafe"], "vibes": ["work_friendly", "quiet"], "city": "cambridge"},
    ),
    C(
        "somewhere cozy for coffee and cake",
        {"categories": ["coffee & tea"], "vibes": ["cozy"]},
    ),
    C(
        "vegan bakery in london",
        {"categories": ["bakeries"], "dietary": ["vegan"], "city": "london"},
    ),
    C(
        "dairy free ice cream in boston",
        {"categories": ["ice cream"], "dietary": ["dairy_free"], "city": "boston"},
    ),
    C(
        "Looking for a nice steakhouse in boston, money no object",
        {
            "categories": ["steakhouses"],
            "city": "boston",
            "price_tiers": ["$$$", "$$$$"],
        },
    ),
    C(
        "chinese food but no msg, soho",
        {"categories": ["chinese"], "area": "soho", "city": "london"},
    ),
    # --- India: veg / non-veg, rupees for two, neighbourhoods ---------------------------
    C(
        "best pure veg restaurants in hyderabad under 1500 for two",
        {
            "dietary": ["vegetarian"],
            "city": "hyderabad",
            "price_tiers": ["$", "$$", "$$$"],
        },
    ),
    C(
        "non veg thali near gachibowli",
        {
            "area": "gachibowli",
            "city": "hyderabad",
            "ui": "map_view",
            "vector_has": ["thali"],
        },
    ),
    C(
        "non-veg biryani under 400 in hyderabad",
        {"categories": ["biryani"], "city": "hyderabad", "price_tiers": ["$"]},
    ),
    C(
        "good south indian breakfast in hyderabad",
        {"categories": ["south indian"], "city": "hyderabad", "vector_has": ["breakfast"]},
    ),
    C(
        "cheapest biryani in hyderabad",
        {"categories": ["biryani"], "city": "hyderabad", "price_tiers": ["$"]},
    ),
    C(
        "veg restaurants near kondapur under 500",
        {
            "dietary": ["vegetarian"],
            "area": "kondapur",
            "city": "hyderabad",
            "ui": "map_view",
            "price_tiers": ["$"],
        },
    ),
    C(
        "something under 1000 for 2 ppl near madhapur, north indian",
        {
            "categories": ["north indian"],
            "area": "madhapur",
            "city": "hyderabad",
            "ui": "map_view",
            "price_tiers": ["$", "$$"],
        },
    ),
    C(
        "₹800 for two, andhra meals in hyderabad",
        {"categories": ["andhra"], "city": "hyderabad", "price_tiers": ["$", "$$"]},
    ),
    C(
        "best thali in hyderabad, around 600 for two",
        {"city": "hyderabad", "price_tiers": ["$$"], "vector_has": ["thali"]},
    ),
    C(
        "i want something spicy but not too expensive in hyderabad",
        {"city": "hyderabad", "price_tiers": ["$", "$$"], "vector_has": ["spicy"]},
    ),
    C(
        "hyderabadi biryani, jain food only",
        {"categories": ["biryani"], "dietary": ["jain"]},
    ),
    C(
        "how do I get to Paradise biryani in secunderabad",
        {
            "intent": "locate",
            "ui": "map_view",
            "area": "secunderabad",
            "city": "hyderabad",
        },
    ),
    # --- price words and amounts elsewhere ----------------------------------------------
    C(
        "under £30 per person italian in london",
        {"categories": ["italian"], "city": "london", "price_tiers": ["$", "$$"]},
    ),
    C(
        "sushi in cambrige under 30 dollars",
        {"categories": ["sushi"], "city": "cambridge", "price_tiers": ["$", "$$"]},
    ),
    C(
        "what's a good place for a birthday dinner with 10 friends in london, "
        "budget around £40 each",
        {"city": "london", "vibes": ["group"], "price_tiers": ["$$$"]},
    ),
    C(
        "need a place for a team lunch of 12 people in cambridge, nothing too pricey",
        {"city": "cambridge", "vibes": ["group"], "price_tiers": ["$", "$$"]},
    ),
    C(
        "splurge dinner in barcelona, tasting menu",
        {
            "city": "barcelona",
            "price_tiers": ["$$$", "$$$$"],
            "vector_has": ["tasting", "menu"],
        },
    ),
    C(
        "fancy french restaurant in london for our anniversary",
        {
            "categories": ["french"],
            "city": "london",
            "price_tiers": ["$$$", "$$$$"],
            "vibes": ["upscale", "romantic"],
        },
    ),
    C(
        "Hey! we're 2 adults and 3 kids visiting boston next week, want somewhere casual "
        "with burgers and fries, nothing fancy",
        {
            "categories": ["burgers"],
            "city": "boston",
            "price_tiers": ["$", "$$"],
            "vibes": ["family_friendly", "casual"],
        },
    ),
    # --- ratings ------------------------------------------------------------------------
    C(
        "highly rated mexican in cambridge",
        {"categories": ["mexican"], "city": "cambridge", "min_rating": 4.0},
    ),
    C(
        "at least 4.5 stars, vegan friendly, london",
        {"min_rating": 4.5, "dietary": ["vegan"], "city": "london"},
    ),
    C(
        "romantic italian in barcelona, at least 4 stars",
        {
            "categories": ["italian"],
            "city": "barcelona",
            "min_rating": 4.0,
            "vibes": ["romantic"],
        },
    ),
    C(
        "top rated pizza near porter square under $15",
        {
            "categories": ["pizza"],
            "min_rating": 4.0,
            "area": "porter square",
            "city": "cambridge",
            "ui": "map_view",
            "price_tiers": ["$", "$$"],
        },
    ),
    # --- allergies (turn only) and dietary ----------------------------------------------
    C(
        "I'm allergic to soy, any good sushi in boston?",
        {
            "categories": ["sushi"],
            "city": "boston",
            "exclude_allergens": ["soy"],
            "turn_allergens": ["soy"],
        },
    ),
    C(
        "no peanuts please, thai food near me",
        {
            "categories": ["thai"],
            "exclude_allergens": ["peanuts"],
            "ui": "map_view",
            "near_user": True,
        },
    ),
    C(
        "my daughter has a nut allergy, need a kid friendly place for brunch in cambridge",
        {
            "categories": ["breakfast & brunch"],
            "city": "cambridge",
            "vibes": ["family_friendly"],
            "exclude_allergens": ["peanuts", "tree_nuts"],
        },
    ),
    C(
        "shrimp allergy - looking for a korean bbq place",
        {"categories": ["korean"], "exclude_allergens": ["shellfish"]},
    ),
    C(
        "I can't eat dairy or eggs, any breakfast spots in cambridge?",
        {
            "categories": ["breakfast & brunch"],
            "city": "cambridge",
            "exclude_allergens": ["dairy", "eggs"],
        },
    ),
    C(
        "celiac here, where can I get pasta in boston",
        {
            "categories": ["italian"],
            "city": "boston",
            "exclude_allergens": ["gluten"],
            "dietary": ["gluten_free"],
        },
    ),
    C(
        "gluten free bakery in boston",
        {"categories": ["bakeries"], "city": "boston", "dietary": ["gluten_free"]},
    ),
    C(
        "seafood in boston, highly rated, and I'm allergic to shellfish",
        {
            "categories": ["seafood"],
            "city": "boston",
            "min_rating": 4.0,
            "exclude_allergens": ["shellfish"],
        },
    ),
    C(
        "vegan, so no dairy or eggs obviously, thai in london",
        {
            "categories": ["thai"],
            "city": "london",
            "dietary": ["vegan"],
            "exclude_allergens": ["dairy", "eggs"],
        },
    ),
    C(
        "book a table for 6 at a nice indian place in london, one of us is vegan and one "
        "is allergic to sesame",
        {
            "categories": ["indian"],
            "city": "london",
            "dietary": ["vegan"],
            "exclude_allergens": ["sesame"],
            "vibes": ["group"],
        },
    ),
    C("kosher options in boston?", {"dietary": ["kosher"], "city": "boston"}),
    C(
        "halal food in cambridge that's open late",
        {"dietary": ["halal"], "city": "cambridge", "vibes": ["late_night"]},
    ),
    C(
        "i'm vegetarian but my husband eats meat, somewhere with options for both in boston",
        {"dietary": ["vegetarian"], "city": "boston"},
    ),
    # --- negations ----------------------------------------------------------------------
    C(
        "anything but chinese, cheap, boston",
        {"exclude_categories": ["chinese"], "price_tiers": ["$"], "city": "boston"},
    ),
    C(
        "Not chinese, not indian, something else for dinner in cambridge",
        {"exclude_categories": ["chinese", "indian"], "city": "cambridge"},
    ),
    C(
        "no seafood, i want a lively bar in soho",
        {
            "categories": ["bars"],
            "exclude_categories": ["seafood"],
            "exclude_allergens": ["fish", "shellfish", "molluscs"],
            "vibes": ["lively"],
            "area": "soho",
            "city": "london",
        },
    ),
    C(
        "dinner with my parents, they're vegetarian, somewhere in cambridge not too noisy",
        {
            "dietary": ["vegetarian"],
            "city": "cambridge",
            "vibes": ["quiet"],
            "avoid": ["loud"],
        },
    ),
    C(
        "no spicy food please, my kids are with me",
        {"vibes": ["family_friendly"], "avoid": ["spicy"]},
    ),
    C(
        "a pub that does a good sunday roast, not a chain, in richmond",
        {"categories": ["pubs"], "area": "richmond", "city": "london", "avoid": ["chain"]},
    ),
    C(
        "I don't like seafood, something italian in the north end",
        {
            "categories": ["italian"],
            "exclude_categories": ["seafood"],
            "area": "north end",
            "city": "boston",
        },
    ),
    # --- vibes and occasions ------------------------------------------------------------
    C(
        "something quiet with outdoor seating in back bay",
        {"vibes": ["quiet", "outdoor"], "area": "back bay", "city": "boston"},
    ),
    C(
        "kid-friendly pizza place in cambridge with outdoor seating",
        {
            "categories": ["pizza"],
            "city": "cambridge",
            "vibes": ["family_friendly", "outdoor"],
        },
    ),
    C(
        "late night food in boston after 11pm",
        {"city": "boston", "vibes": ["late_night"]},
    ),
    C(
        "good place for a business lunch in kendall",
        {"area": "kendall square", "city": "cambridge", "vibes": ["business"]},
    ),
    C(
        "looking for a place to take clients in the financial district, boston",
        {"area": "financial district", "city": "boston", "vibes": ["business"]},
    ),
    # --- location asks ------------------------------------------------------------------
    C(
        "$$ sushi near kendall square",
        {
            "categories": ["sushi"],
            "price_tiers": ["$$"],
            "area": "kendall square",
            "city": "cambridge",
            "ui": "map_view",
        },
    ),
    C(
        "hey, any good pubs around covent garden?",
        {"categories": ["pubs"], "area": "covent garden", "city": "london", "ui": "map_view"},
    ),
    C(
        "somewhere for a quick lunch near harvard square",
        {"area": "harvard square", "city": "cambridge", "ui": "map_view"},
    ),
    C("what's good around here", {"ui": "map_view", "near_user": True}),
    C(
        "Where's the closest ramen place?",
        {"categories": ["ramen"], "ui": "map_view", "near_user": True},
    ),
    C(
        "where is hard rock cafe barcelona",
        {"intent": "locate", "ui": "map_view", "city": "barcelona"},
    ),
    C(
        "can you show me italian places on a map in the north end",
        {"categories": ["italian"], "area": "north end", "city": "boston", "ui": "map_view"},
    ),
    C(
        "Looking for a quiet spot, max 2 km from me, with good coffee",
        {
            "categories": ["coffee & tea"],
            "vibes": ["quiet"],
            "radius_km": 2.0,
            "near_user": True,
            "ui": "map_view",
        },
    ),
    # --- comparisons --------------------------------------------------------------------
    C(
        "compare paradise and bawarchi for biryani",
        {"intent": "compare", "ui": "radar_comparison", "categories": ["biryani"]},
    ),
    C(
        "pizza vs burgers in boston, which is better",
        {
            "intent": "compare",
            "ui": "radar_comparison",
            "categories": ["pizza", "burgers"],
            "city": "boston",
        },
    ),
    C(
        "which is better for a date, giacomo's or mamma maria?",
        {"intent": "compare", "ui": "radar_comparison", "vibes": ["romantic"]},
    ),
    C("Is Flour Bakery better than Tatte?", {"intent": "compare", "ui": "radar_comparison"}),
    C("chipotle or qdoba, which is cheaper?", {"intent": "compare", "ui": "radar_comparison"}),
    C("neptune oyster vs legal sea foods", {"intent": "compare", "ui": "radar_comparison"}),
    C(
        "thai or indian tonight? cheap pls",
        {"categories": ["thai", "indian"], "price_tiers": ["$"]},
    ),
    # --- conversation: other, clarification, follow-ups ---------------------------------
    C("thanks!", {"intent": "other", "ui": "text"}),
    C("hungry", {"ui": "text", "needs_clarification": True}),
    C("what do you recommend?", {"ui": "text", "needs_clarification": True}),
    C(
        "anything really",
        {"assumed": True, "min_rating": 4.0},
        history=("somewhere good",),
        pending_clarification="What are you in the mood for?",
    ),
    C(
        "italian i guess",
        {"categories": ["italian"]},
        history=("food?",),
        pending_clarification="What are you in the mood for?",
    ),
    C(
        "what about in cambridge?",
        {"categories": ["thai"], "price_tiers": ["$"], "city": "cambridge"},
        history=("cheap thai in boston",),
    ),
    C(
        "any cheaper ones?",
        {
            "categories": ["thai"],
            "city": "boston",
            "price_tiers": ["$"],
            "exclude_allergens": ["peanuts"],
            "turn_allergens": [],
        },
        history=("I'm allergic to peanuts, thai food in boston",),
    ),
    # --- held out: written after the parser existed, labelled before running it ---------
    C(
        "looking for a good place to eat near fenway before the game",
        {"area": "fenway", "city": "boston", "ui": "map_view"},
    ),
    C(
        "any decent chinese takeaway in croydon?",
        {"categories": ["chinese"], "area": "croydon", "city": "london"},
    ),
    C(
        "brunch spot in the south end with bottomless mimosas",
        {"categories": ["breakfast & brunch"], "area": "south end", "city": "boston"},
    ),
    C(
        "need somewhere veggie friendly for a work lunch near kings cross, around £15 a head",
        {
            "dietary": ["vegetarian"],
            "area": "kings cross",
            "city": "london",
            "ui": "map_view",
            "price_tiers": ["$"],
            "vibes": ["business"],
        },
    ),
    C(
        "whats the best rated korean place in cambridge",
        {"categories": ["korean"], "city": "cambridge", "min_rating": 4.0},
    ),
    C(
        "Hyderabad lo best haleem ekkada dorkutundi?",
        {"city": "hyderabad", "vector_has": ["haleem"]},
    ),
    C(
        "mutton biryani under 300 rs near hitec city",
        {
            "categories": ["biryani"],
            "price_tiers": ["$"],
            "area": "hitech city",
            "city": "hyderabad",
            "ui": "map_view",
        },
    ),
    C(
        "family dinner for 8 in jubilee hills, mostly veg",
        {
            "area": "jubilee hills",
            "city": "hyderabad",
            "dietary": ["vegetarian"],
            "vibes": ["group", "family_friendly"],
        },
    ),
    C(
        "chicken 65 and beer, somewhere lively in gachibowli",
        {"area": "gachibowli", "city": "hyderabad", "vibes": ["lively"]},
    ),
    C(
        "is there any place open after midnight in boston",
        {"city": "boston", "vibes": ["late_night"]},
    ),
    C(
        "somewhere with vegan options and a nice patio in cambridge, nothing too expensive",
        {
            "dietary": ["vegan"],
            "vibes": ["outdoor"],
            "city": "cambridge",
            "price_tiers": ["$", "$$"],
        },
    ),
    C(
        "I have a severe peanut allergy. Looking for Thai in Boston.",
        {"categories": ["thai"], "city": "boston", "exclude_allergens": ["peanuts"]},
    ),
    C(
        "lactose intolerant, want pizza near central square",
        {
            "categories": ["pizza"],
            "area": "central square",
            "city": "cambridge",
            "ui": "map_view",
            "exclude_allergens": ["dairy"],
        },
    ),
    C(
        "halal burgers in london",
        {"categories": ["burgers"], "dietary": ["halal"], "city": "london"},
    ),
    C(
        "date night in barcelona, somewhere with a view, €€€",
        {"city": "barcelona", "vibes": ["romantic", "view"], "price_tiers": ["$$$"]},
    ),
    C(
        "something like nandos but better, in london",
        {"city": "london", "vector_has": ["nandos"]},
    ),
    C(
        "where can i get good dosa in hyderabad",
        {"categories": ["south indian"], "city": "hyderabad"},
    ),
    C(
        "cheap lunch near harvard",
        {
            "price_tiers": ["$"],
            "area": "harvard square",
            "city": "cambridge",
            "ui": "map_view",
        },
    ),
    C(
        "Can you recommend a Michelin star restaurant in London?",
        {"city": "london", "price_tiers": ["$$$", "$$$$"]},
    ),
    C(
        "ramen or pho, whatever's closer",
        {"categories": ["ramen", "vietnamese"], "ui": "map_view", "near_user": True},
    ),
    C(
        "what's the difference between alden & harlow and the hourly oyster house",
        {"intent": "compare", "ui": "radar_comparison"},
    ),
    C("sushi, 2 people, $$$", {"categories": ["sushi"], "price_tiers": ["$$$"]}),
    C(
        "a good bakery for croissants in el born",
        {"categories": ["bakeries"], "area": "el born", "city": "barcelona"},
    ),
    C(
        "seafood restaurant with outdoor seating in the seaport",
        {
            "categories": ["seafood"],
            "area": "seaport",
            "city": "boston",
            "vibes": ["outdoor"],
        },
    ),
    C(
        "im craving indian food but my friend is allergic to dairy, somewhere in cambridge",
        {"categories": ["indian"], "city": "cambridge", "exclude_allergens": ["dairy"]},
    ),
    C(
        "quiet place to read with coffee, not a chain",
        {"categories": ["coffee & tea"], "vibes": ["quiet"], "avoid": ["chain"]},
    ),
    C(
        "4.5 star and above mexican near me",
        {
            "categories": ["mexican"],
            "min_rating": 4.5,
            "ui": "map_view",
            "near_user": True,
        },
    ),
    C("where to eat in shoreditch", {"area": "shoreditch", "city": "london"}),
    C(
        "Greek or Turkish in Boston, under 25 pp",
        {"categories": ["greek", "turkish"], "city": "boston", "price_tiers": ["$", "$$"]},
    ),
    C(
        "any gluten free pizza places in cambridge?",
        {"categories": ["pizza"], "dietary": ["gluten_free"], "city": "cambridge"},
    ),
    C(
        "Looking for a rooftop bar in Barcelona for sunset cocktails",
        {"categories": ["bars"], "city": "barcelona", "vibes": ["rooftop", "view"]},
    ),
    C(
        "best veg thali under 200",
        {"dietary": ["vegetarian"], "price_tiers": ["$"], "vector_has": ["thali"]},
    ),
    C(
        "pubs with live music in camden",
        {"categories": ["pubs"], "area": "camden", "city": "london", "vibes": ["live_music"]},
    ),
    C(
        "hey kairos can u find me a cheap and cheerful italian in richmond",
        {
            "categories": ["italian"],
            "area": "richmond",
            "city": "london",
            "price_tiers": ["$"],
        },
    ),
    C(
        "what's good for breakfast in hyderabad",
        {"categories": ["breakfast & brunch"], "city": "hyderabad"},
    ),
    C(
        "kid friendly restaurants in dorchester with parking",
        {"area": "dorchester", "city": "boston", "vibes": ["family_friendly"]},
    ),
    C(
        "anniversary dinner, price no bar, somewhere in mayfair",
        {
            "price_tiers": ["$$$", "$$$$"],
            "area": "mayfair",
            "city": "london",
            "vibes": ["romantic"],
        },
    ),
    C(
        "tacos al pastor near back bay station",
        {"categories": ["tacos"], "area": "back bay", "city": "boston", "ui": "map_view"},
    ),
    C(
        "i want to try ethiopian or eritrean, never had it",
        {"categories": ["ethiopian"]},
    ),
    C(
        "hello! do you know any good vegan spots in hyderabad?",
        {"dietary": ["vegan"], "city": "hyderabad"},
    ),
    C(
        "Compare Tatte and Flour for brunch",
        {"intent": "compare", "ui": "radar_comparison", "categories": ["breakfast & brunch"]},
    ),
    C(
        "nice italian, not too far from kendall",
        {
            "categories": ["italian"],
            "area": "kendall square",
            "city": "cambridge",
            "ui": "map_view",
        },
    ),
    C(
        "steak dinner for a birthday, money isn't an issue",
        {"categories": ["steakhouses"], "price_tiers": ["$$$", "$$$$"]},
    ),
    C(
        "cheap drinks in soho",
        {"categories": ["bars"], "area": "soho", "city": "london", "price_tiers": ["$"]},
    ),
    C(
        "cafe in gracia with good wifi for working",
        {"categories": ["cafe"], "area": "gracia", "city": "barcelona"},
    ),
    C(
        "any good chettinad place in hyderabad",
        {"city": "hyderabad", "vector_has": ["chettinad"]},
    ),
    C(
        "i'm coeliac and want fish and chips in london",
        {
            "categories": ["fish & chips"],
            "city": "london",
            "exclude_allergens": ["gluten"],
            "dietary": ["gluten_free"],
        },
    ),
    C(
        "thai food under 15 bucks near porter sq",
        {
            "categories": ["thai"],
            "price_tiers": ["$", "$$"],
            "area": "porter square",
            "city": "cambridge",
            "ui": "map_view",
        },
    ),
    C(
        "hi, I'm visiting Boston with my 2 toddlers and my mom, we need something casual for "
        "lunch near the aquarium",
        {"city": "boston", "vibes": ["family_friendly", "casual"], "ui": "map_view"},
    ),
    C(
        "dunno, surprise me",
        {"needs_clarification": False, "assumed": True, "min_rating": 4.0},
        history=("somewhere good",),
        pending_clarification="What are you in the mood for?",
    ),
]
