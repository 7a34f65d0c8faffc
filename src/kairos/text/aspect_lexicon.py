"""The aspect lexicon: what diners write when a place is romantic, loud, good value, ...

Kept as data, apart from the matcher in `aspects.py`, so the lexicon can grow without touching the
scoring rules. Phrases are lower-case tokens separated by single spaces; hyphens are read as spaces
("kid-friendly" matches "kid friendly"). Weights are signed: + pushes the aspect's 0–10 score
up, − pushes it down; 1.0 is an explicit, unambiguous statement ("romantic", "too loud"), 0.2–0.5
a proxy that correlates with the aspect (a wine list for romance, a DJ for noise). A phrase may
serve several aspects with different weights: that is how one sentence feeds several dimensions.

Proxy weights were chosen by domain knowledge and checked on one half of the shared Yelp places
(never the other half, never the held-out split): words, not restaurants.
"""

from __future__ import annotations


def normalise_phrase(phrase: str) -> str:
    """The normal form shared by lexicon and text: lower case, no apostrophes, hyphen = space."""
    phrase = phrase.lower().replace("'", "").replace("\u2019", "").replace("-", " ")
    return " ".join(phrase.split())


def _table(*rows: tuple[float, str]) -> dict[str, float]:
    """`(weight, "phrase a|phrase b"), ...` → `{phrase: weight}`; the first row naming a phrase
    wins, so an aspect's own rows go before the shared vocabularies it borrows."""
    out: dict[str, float] = {}
    for weight, phrases in rows:
        for phrase in phrases.split("|"):
            if (key := normalise_phrase(phrase)) and key not in out:
                out[key] = weight
    return out


def _words(phrases: str) -> frozenset[str]:
    return frozenset(k for p in phrases.split("|") if (k := normalise_phrase(p)))


# The radar dimensions of seed 000 §5 Step 4, then the dimensions the aspects evaluation checks,
# then service (the fifth SemEval category; shown in highlights, not on the radar).
RADAR_ASPECTS = ("romance", "noise_level", "food_quality", "vegan_options", "value_for_money")
EXTRA_ASPECTS = ("group_friendly", "kid_friendly", "classy", "casual", "trendy", "divey", "service")
ALL_ASPECTS = RADAR_ASPECTS + EXTRA_ASPECTS

# Shared vocabularies: the kind of place a review describes. They are weak proxies, which is why
# each aspect borrows them at a small weight: a tasting menu says "upscale" (so less kid-friendly,
# less casual), taps and a DJ say "bar" (good for groups, not quiet), a register and delivery say
# "quick service" (casual, quiet, not romantic).
FINE_DINING = (
    "tasting menu|prix fixe|chef's tasting|sommelier|wine pairing|wine pairings|amuse bouche"
    "|foie gras|truffle|truffles|tartare|tartar|confit|filet mignon|filet|puree|reduction|seared"
    "|white tablecloth|tablecloths|coat check|valet|courses|five course|multi course|decadent"
    "|elegant|upscale|fine dining|classy|sophisticated|refined|special occasion|anniversary"
    "|celebrate|celebrated|pretentious|reservation|reservations|booked|scallops|risotto|gnocchi"
    "|bolognese|oysters|lounge|chic|gracious|knowledgeable|wine list|impeccable|exquisite"
)
NIGHTLIFE = (
    "bar|bars|bartender|bartenders|pub|draft|drafts|on tap|tap|taps|pitcher|pitchers|pint|pints"
    "|ipa|beers|beer list|trivia|sports|game|games|tvs|tv|dj|dancing|dance|dance floor|bouncer"
    "|pool table|cover charge|lounge|cocktails|cocktail|vodka|whiskey|whisky|tequila|shots"
    "|bottles|champagne|happy hour|late night|drunk|hang out|hanging out|hangout|bar scene|scene"
)
QUICK_SERVICE = (
    "counter|at the counter|register|cashier|order at the counter|subs|sub|deli|sandwich shop"
    "|coffee shop|barista|bagel|bagels|muffins|pastries|dunkin|chain|chains|locations|food court"
    "|food truck|truck|takeout|take out|to go|grab and go|delivery|delivered|deliver|delivers"
    "|foodler|grubhub|seamless|doordash|ubereats|order online|ordered online|containers|container"
    "|fridge|stools|paper plates|plastic|styrofoam|fast food|cafeteria|quick bite|lunch spot"
    "|apartment|reheated|refund|driver|microwave|microwaved"
)
DELIVERY = (
    "delivery|delivered|deliver|delivers|foodler|grubhub|seamless|doordash|ubereats|order online"
    "|ordered online|driver|reheated|microwave|microwaved|apartment|refund|containers|container"
    "|takeout|take out|order at the counter|deli|subs|sub|bagel|bagels|barista|coffee shop|truck"
    "|food truck|pastries|sandwich shop|register|counter"
)
LOCAL_OLD = (
    "locals|local|family owned|family run|mom and pop|old school|old fashioned|institution"
    "|for years|since i was|student|students|neighborhood|regulars|no frills|cash only"
)

# Direct cues: a phrase that by itself is an opinion about the aspect (rows before shared ones).
# fmt: off
CUES: dict[str, dict[str, float]] = {
    "romance": _table(
        (1.0, "romantic|romance|intimate|date night|date spot|date place|anniversary|valentine's"
         "|valentines|candlelit|candle lit|candlelight|proposed|propose"),
        (0.7, "a date|first date|dates|candles|dimly lit|dim lighting|dimly|wine list|cozy|cosy"
         "|quaint|charming|special occasion|tasting menu|elegant"),
        (-0.8, "fluorescent|fluorescent lighting|no ambiance|no atmosphere|dive|sports bar"
         "|food court|cafeteria"),
        (0.4, "dim|wine bar|bottle of wine|ambiance|ambience|atmosphere|my wife|my husband|fiance"
         "|fiancee|tucked away|hidden gem|lovely|cute|charm"),
        (-0.4, "greasy|kids|sports|trivia|pub"),
        (0.3, FINE_DINING),
        (-0.3, QUICK_SERVICE),
    ),
    "noise_level": _table(
        (1.0, "quiet|peaceful|tranquil|serene|hear each other|hear ourselves|hear one another"
         "|talk to each other|low key"),
        (0.6, "calm|relaxing|soothing|not crowded|never crowded|soft music"),
        (-1.0, "loud|louder|loudest|noisy|noisier|noise|deafening|blaring|ear splitting"
         "|hard to hear|couldn't hear|could not hear|can't hear|cannot hear|yell|yelling"
         "|shout|shouting|scream|screaming|raucous|rowdy|din|cacophony"),
        (-0.6, "lively|bustling|buzzing|crowded|packed|mobbed|jam packed|hopping|boisterous"
         "|live music|music was|music is|thumping|pumping|nightclub|party scene"),
        (-0.3, "busy|brunch|line out the door|hype|crowd|reservation|reservations|weekend|dj"
         "|club"),
        (-0.4, NIGHTLIFE),
        (0.4, DELIVERY),
    ),
    "food_quality": _table(
        (1.0, "delicious|tasty|flavorful|flavourful|yummy|scrumptious|mouthwatering"
         "|mouth watering|perfectly cooked|cooked perfectly|cooked to perfection|well seasoned"
         "|melt in your mouth|succulent|savory|savoury|delectable|divine|heavenly|best food"),
        (0.6, "fresh|flavor|flavors|flavour|crispy|tender|juicy|authentic|homemade"),
        (-0.6, "salty|too salty|oily|dry|dried out|soggy|greasy|chewy|rubbery|watery|lukewarm"
         "|mushy|bland"),
        (-1.0, "tasteless|flavorless|inedible|undercooked|overcooked|burnt|burned|stale|raw"
         "|disgusting|gross|food poisoning|sick|spoiled|frozen|microwaved|gristle|hair"),
    ),
    "vegan_options": _table(
        (1.0, "vegan|vegans|plant based|vegan friendly|vegetarian friendly|veg friendly"),
        (0.7, "vegetarian|vegetarians|veggie|veggies|tofu|seitan|tempeh|falafel|meatless"
         "|meat free|beyond burger|impossible burger|gluten free|dairy free|vegan options"
         "|vegetarian options|veggie options"),
        (0.3, "salad|salads|hummus|lentil|lentils|chickpea|chickpeas|quinoa|kale|avocado"),
        (-0.5, "steakhouse|steak house|bbq|barbecue|brisket|burger joint|meat lover|meat lovers"),
    ),
    "value_for_money": _table(
        (1.0, "affordable|inexpensive|reasonably priced|reasonable prices|reasonable price"
         "|good value|great value|excellent value|good deal|great deal|bang for your buck"
         "|bang for the buck|bang for my buck|worth every penny|worth the money|cheap eats"
         "|well priced|fairly priced|budget friendly|can't beat the price"
         "|steal|bargain|won't break the bank|wont break the bank|break the bank"),
        (0.6, "cheap|reasonable|worth it|worth the price|generous portions|huge portions"
         "|large portions|big portions|portions are huge|portions are big|portions were huge"
         "|lots of food|plenty of food"),
        (0.3, "budget|low prices|prices are low|happy hour|lunch special|lunch specials"
         "|cash only|student|students|leftovers|deal|deals|specials"),
        (-0.6, "pricey|pricy|expensive|spendy|steep|splurge|small portions|tiny portions"
         "|portions are small|portions were small"),
        (-1.0, "overpriced|over priced|rip off|ripoff|ripped off|way too expensive|not worth"
         "|not worth it|too expensive|highway robbery|price gouging|outrageous prices"),
        (-0.3, FINE_DINING),
        (0.2, QUICK_SERVICE),
    ),
    "group_friendly": _table(
        (1.0, "large group|big group|large groups|big groups|large party|big party|group of"
         "|groups|party of|our group|private room|private party|family style|communal table"
         "|long tables|big tables|large tables|great for groups|good for groups"),
        (-0.6, "tiny|small space|small place|cramped|few tables|only a few tables"
         "|hole in the wall|counter service|no seating|limited seating|standing room"),
        (0.4, "group|friends|birthday|celebration|team|share|sharing|shared|spacious"
         "|plenty of seating|lots of seating|lots of tables|booths|karaoke|hot pot|hotpot"
         "|dim sum|buffet|tapas|bowling|events|event|lively|bustling|loud|chain|chains"),
        (-0.4, "stools|intimate|cozy|deli|subs|sub|coffee shop|barista|bagel|bagels|register"
         "|counter|takeout|take out|to go|grab and go|containers|container|fridge"),
        (0.3, NIGHTLIFE),
    ),
    "kid_friendly": _table(
        (1.0, "kid friendly|kids menu|kid's menu|children's menu|high chair|high chairs"
         "|family friendly|great for kids|good for kids|for the kids|with kids|with the kids"
         "|with children|my kids|our kids|the kids|toddler|toddlers|stroller|strollers"),
        (-1.0, "no kids|not for kids|adults only|not kid friendly|not family friendly"),
        (0.5, "kids|children|child|family|families|my son|my daughter|our son|our daughter"
         "|son|daughter|baby|crayons"),
        (0.3, "pizza|ice cream|pancakes"),
        (-0.4, "date night|a date|romantic|intimate|nightlife|club"),
        (-0.4, NIGHTLIFE),
        (-0.4, FINE_DINING),
        (0.3, QUICK_SERVICE),
    ),
    "classy": _table(
        (1.0, "upscale|classy|elegant|fine dining|sophisticated|white tablecloth"
         "|white table cloth|tablecloths|jacket|dress up|dressed up|dress code|fancy|high end"
         "|luxurious|refined|impeccable|tasting menu|prix fixe|sommelier|michelin"
         "|special occasion"),
        (-0.6, "greasy|no frills|hole in the wall|dive|divey|sloppy|dirty"),
        (0.5, "wine list|exquisite|polished|attentive|professional|romantic|pricey|expensive"
         "|splurge|presentation|beautifully|course|chef"),
        (-0.5, "cheap"),
        (0.5, FINE_DINING),
        (-0.5, QUICK_SERVICE),
    ),
    "casual": _table(
        (1.0, "casual|laid back|no frills|no nonsense|nothing fancy|relaxed|low key|unpretentious"
         "|come as you are|neighborhood spot|neighborhood joint|hole in the wall|quick bite"
         "|grab a bite"),
        (-0.6, "fancy|snobby|dress code|jacket"),
        (0.3, "cheap|cheap eats|pizza|burger|burgers|sandwich|sandwiches|diner|chill|comfy"
         "|tacos|burrito|burritos|fries|wings|nachos|pub|comfort food|margaritas|kids"),
        (-0.4, FINE_DINING),
    ),
    "trendy": _table(
        (1.0, "trendy|hip|hipster|hipsters|chic|stylish|swanky|swank|sleek|cool vibe|hot spot"
         "|hotspot|scene|see and be seen|instagram|instagrammable|industrial|exposed brick"),
        (-0.6, "dive|divey|old fashioned|outdated|dated|dingy|run down|diner|hole in the wall"),
        (0.5, "craft cocktails|mixologist|mixology|small plates|modern|vibe|vibes|decor|decorated"
         "|design|beautiful people|young crowd|fusion|creative|innovative|inventive|eclectic"
         "|mimosas|natural wine|edison bulbs|craft beer|lounge|airy|cocktail|cocktails|dj"
         "|barista|coffee shop|tartare|chic|brunch"),
        (-0.4, LOCAL_OLD),
    ),
    "divey": _table(
        (1.0, "dive|divey|dive bar|hole in the wall|holes in the wall|dingy|grungy|grimy|seedy"
         "|sketchy|run down|rundown|dump|sticky|greasy spoon|no frills"),
        (-0.6, "trendy|stylish|spotless"),
        (0.5, "cash only|dirty|old school|cheap beer|pbr|jukebox|pool table|shabby|gritty|rough"
         "|dated|worn|divier|gross|drunk|shots|locals|regulars"),
        (-0.5, FINE_DINING),
        (0.2, NIGHTLIFE),
    ),
    "service": _table(
        (1.0, "attentive|friendly staff|great service|excellent service|amazing service"
         "|courteous|accommodating|welcoming|hospitable|helpful|prompt|knowledgeable|gracious"
         "|friendly service|good service|outstanding service|impeccable service"),
        (0.6, "friendly|polite|quick service|fast service|efficient|warm|professional|sweet|nice"),
        (-1.0, "rude|slow service|terrible service|horrible service|bad service|poor service"
         "|inattentive|ignored|ignoring|unfriendly|condescending|snotty|snooty|arrogant|nasty"
         "|never came|forgot|forgotten|waited forever|incompetent|unprofessional|hostile"),
        (-0.6, "slow|took forever|long wait|waited|wrong order|attitude|rushed|careless"),
    ),
}
# fmt: on

# Target terms: naming the aspect without judging it. General sentiment words are attached to the
# nearest target in the sentence, so "the prices were fair" feeds value and "the waiter was
# lovely" feeds service. The ABSA evaluation also reads targets as category mentions.
TARGETS: dict[str, frozenset[str]] = {
    "food_quality": _words(
        "food|foods|dish|dishes|meal|meals|menu|flavor|flavors|taste|tastes|tasted|cuisine"
        "|cooking|kitchen|chef|appetizer|appetizers|entree|entrees|entrée|dessert|desserts"
        "|pizza|pizzas|pasta|sushi|burger|burgers|sandwich|sandwiches|steak|fish|chicken|beef"
        "|pork|lamb|duck|shrimp|lobster|crab|oysters|scallops|salmon|tuna|rolls|roll|noodles"
        "|ramen|pho|soup|salad|salads|fries|rice|bread|cheese|sauce|eggs|bacon|tacos|taco"
        "|burrito|curry|dumplings|wings|bbq|meat|seafood|vegetables|veggies|cake|pie"
        "|ice cream|coffee|tea|wine|beer|cocktails|drinks|drink|brunch|breakfast|lunch|dinner"
        "|portion|portions|specials|bagel|bagels|donuts|pastries|pastry|crust|toppings"
        "|sashimi|tempura|dim sum|kebab|gyro|falafel|hummus|tapas|risotto|gnocchi|ravioli"
        "|lasagna|calamari|mussels|clams|chowder|meatballs|sausage|ribs|brisket|omelette"
        "|pancakes|waffles|fried chicken|cupcakes|cookies|chocolate|croissant|dal|naan|biryani"
    ),
    "value_for_money": _words(
        "price|prices|priced|pricing|cost|costs|bill|check|value|value for money|money|dollars"
        "|bucks|$|$$|$$$|$$$$|tab|charge|charged|deal|wallet|budget|worth"
    ),
    "service": _words(
        "service|staff|waiter|waiters|waitress|waitresses|server|servers|bartender|bartenders"
        "|host|hostess|manager|owner|owners|employees|employee|crew|cashier|busboy|chef's"
        "|waitstaff|wait staff|maitre d|delivery|reservation|seated"
    ),
    "vegan_options": _words("options|choices|selection|menu options"),
    "ambience": _words(
        "atmosphere|ambiance|ambience|decor|décor|vibe|vibes|setting|interior|space|room"
        "|music|lighting|seating|patio|view|views|feel|design|furniture|tables|environment"
        "|crowd|scene|noise|spot"
    ),
}

# General opinion words, attached to the nearest target (see TARGETS).
SENTIMENT: dict[str, float] = _table(
    (
        1.0,
        "great|excellent|amazing|awesome|fantastic|wonderful|outstanding|superb|incredible"
        "|phenomenal|terrific|perfect|perfection|best|love|loved|loves|delicious|exceptional"
        "|fabulous|brilliant|stellar|spectacular|impeccable|divine|top notch|to die for"
        "|favorite|favourite|highly recommend|blown away|wow|unbelievable|flawless|heavenly"
        "|delightful|gem|must try|must have|cant go wrong|cannot go wrong|can't beat"
        "|pleasantly surprised|will be back|exciting|up to par|impress|impressive",
    ),
    (
        0.6,
        "good|nice|tasty|friendly|fresh|lovely|enjoyed|enjoy|pleasant|solid|impressive|yummy"
        "|recommend|happy|beautiful|cool|fun|generous|fair|reasonable|attentive|helpful|quick"
        "|fast|efficient|clean|comfortable|cozy|worth|well|better|glad|satisfied|pleased"
        "|pretty good|liked|likes|come back|go back|coming back|going back|return|impressed"
        "|worth a visit|treat|affordable|cheap|reasonably|plenty|ample"
        "|authentic|warm|welcoming|knowledgeable|sweet|inexpensive|charming|hearty|rich"
        "|cute",
    ),
    (0.3, "decent|fine|ok|okay|alright|standard|average|interesting|unique|different"),
    (
        -0.6,
        "mediocre|meh|bland|slow|small|tiny|pricey|expensive|overpriced|limited|lacking|cold"
        "|dry|salty|greasy|soggy|loud|noisy|cramped|dirty|rude|worse|wrong|missing|forgot"
        "|forgotten|problem|issue|issues|unfortunately|sadly|underwhelming|underwhelmed"
        "|lacked|weird|strange|odd|boring|high|steep|crowded|long|overcooked|undercooked"
        "|tough|hard|rushed|annoying|annoyed|frustrating|confused|sloppy|stale|burnt|shame"
        "|sucks|sucked|complain|complained|complaint|walked out|had to ask|overrated|abrupt",
    ),
    (
        -1.0,
        "bad|terrible|horrible|awful|disgusting|gross|worst|hate|hated|disappointing"
        "|disappointed|disappointment|poor|inedible|nasty|pathetic|rip off|ripoff|avoid"
        "|never again|waste|wasted|unacceptable|ridiculous|insulting|appalling|atrocious"
        "|dreadful|sick|lousy|tasteless|flavorless|horrendous|subpar|sub par|inattentive"
        "|unfriendly|not worth|dissapointed|dissapointing|dissapointment|disapointed|outragous"
        "|outrageous|recomend|stay away",
    ),
)

# A negator within NEGATION_WINDOW tokens before a cue flips it ("not romantic", "wasn't loud").
NEGATORS = _words(
    "not|no|never|nothing|none|nobody|nowhere|nor|neither|without|hardly|barely|scarcely"
    "|cannot|lack|lacks|lacking|lacked|zero|isnt|wasnt|dont|didnt|cant|couldnt|wont"
    "|arent|werent|doesnt|wouldnt|shouldnt|aint|havent|hasnt|hadnt"
)
# "hard to hear" is a negated "hear": these count as negators when the next word is "to".
NEGATING_BEFORE_TO = _words("hard|difficult|impossible|tough|unable|struggling|struggle|strain")
# After these words a following negator does not negate ("not only romantic but ...").
NEGATION_BREAKERS = _words("only|just|much|sure|doubt|wonder|matter|exception|mention")

# Words that scale the cue right after them (within INTENSITY_WINDOW tokens).
INTENSIFIERS: dict[str, float] = _table(
    (
        1.5,
        "extremely|incredibly|insanely|ridiculously|absolutely|unbelievably|super|way too|too"
        "|so so|deafeningly|painfully|exceptionally|amazingly|truly",
    ),
    (1.3, "very|really|so|most|such|quite|seriously|totally|especially|definitely|overly"),
    (
        0.6,
        "a bit|a little|bit|little|slightly|somewhat|kind of|kinda|sort of|fairly|mildly"
        "|rather|occasionally|sometimes|pretty",
    ),
)

# Tokens that end a clause: negation, intensity and target attachment do not cross them.
CLAUSE_BREAKS = _words(",|;|:|but|although|though|however|except|whereas|while|yet")
# Cues inside a hypothetical ("if you want a quiet place...") count this much.
HYPOTHETICAL_MARKERS = _words("if|unless|whether|looking|hoping|expecting|wish")

# Who goes there (extractive crowd profile); matched like cues, no scores attached.
CROWD_CUES: dict[str, frozenset[str]] = {
    "couples": _words(
        "date night|a date|first date|on a date|my boyfriend|my girlfriend|my husband|my wife"
        "|my partner|my fiance|my fiancee|anniversary|couples|valentine's|date spot"
    ),
    "families": _words(
        "kids|children|families|my family|our family|with family|family dinner|my son"
        "|my daughter|our son|our daughter|my parents|my mom|my dad|toddler|toddlers|baby"
        "|grandparents|kid friendly|family friendly|stroller|high chair"
    ),
    "groups": _words(
        "group|groups|large group|big group|party of|group of|friends|birthday|bachelorette"
        "|celebration|our group|private room|family style"
    ),
    "students": _words(
        "student|students|college|campus|university|harvard|mit|bu|northeastern|tufts|dorm"
        "|studying|grad school|undergrad|finals|cheap eats|laptop"
    ),
    "business": _words(
        "business lunch|business dinner|business meeting|on business|business trip|client"
        "|clients|colleague|colleagues|coworker|coworkers|co workers|work lunch|meeting"
        "|meetings|conference|expense account|team lunch|office"
    ),
}

# Target-specific readings of general words: a "high" price is bad news, a "low" one good news.
TARGET_SENTIMENT: dict[str, dict[str, float]] = {
    "value_for_money": _table(
        (0.8, "low|lower|fair|cheap|reasonable|affordable|right|unbeatable|modest"),
        (-0.8, "high|higher|steep|expensive|pricey|crazy|insane|hefty|inflated|absurd"),
    ),
}
