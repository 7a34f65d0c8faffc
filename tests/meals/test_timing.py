"""A recipe's time with the waiting apart: "about 18 min + 24 h marinating", never "about
1458 min" for an overnight marinade (issue 37, true numbers)."""

from __future__ import annotations

from kairos.recipes.tags import estimate_minutes
from kairos.recipes.timing import TimeSplit, split_time, time_text, within_time


def test_an_overnight_marinade_is_said_apart_from_the_cooking() -> None:
    steps = [
        "Place chicken and the marinade in a bag. Place in refrigerator for 24 hours.",
        "Grill for 6 to 8 minutes each side.",
    ]
    assert time_text(1458, True, steps) == "about 18 min + 24 h marinating"


def test_a_wait_the_total_leaves_out_is_added_beside_it() -> None:
    steps = ["Cover and marinate overnight.", "Grill 10 minutes."]
    assert time_text(20, False, steps) == "20 min + overnight marinating"


def test_a_short_rest_stays_in_the_total() -> None:
    assert time_text(30, False, ["Cook 10 minutes.", "Let rest 5 minutes."]) == "30 min"
    assert time_text(None, False, ["Marinate overnight."]) is None


def test_the_numbers_agree_with_the_time_text() -> None:
    """A recipe showed total_minutes 1458 beside "about 18 min + 24 h marinating", and 135
    beside "135 min + overnight marinating": the total now always equals active + waiting,
    the numbers the text says."""
    marinade = [
        "Place chicken and the marinade in a bag. Place in refrigerator for 24 hours.",
        "Grill for 6 to 8 minutes each side.",
    ]
    assert split_time(1458, marinade) == TimeSplit(18, 1440, "marinating", 1458)
    overnight = split_time(135, ["Cover and marinate overnight.", "Bake 2 hours."])
    assert overnight == TimeSplit(135, 480, "marinating", 615, overnight=True)
    assert split_time(30, ["Cook 10 minutes."]) == TimeSplit(30, 0, None, 30)
    assert split_time(None, marinade) is None


def test_hours_in_a_slow_cooker_are_said_apart_from_the_work() -> None:
    """ "Slow Cooker Lasagna, about 370 min" read as 370 minutes of work (meals panel m28: a
    slow cooker's hours are not work); a stated total holding a range holds its low end."""
    assert time_text(370, True, ["Cover, and cook on LOW for 4 to 6 hours."]) == (
        "about 10 min + 6 h slow cooking"
    )
    roast = split_time(510, ["Brown the roast.", "Cover, and cook on LOW for 8-9 hours."])
    assert roast == TimeSplit(30, 480, "slow cooking", 510)
    assert time_text(90, False, ["Cook on high heat for 1 hour."]) == "90 min"


def test_a_slow_cookers_low_or_high_is_one_time_not_both() -> None:
    """ "Cook soup 8 hours on low or 5 hours on high" was estimated 13 h + and shown as "about
    325 min + 8 h slow cooking": the alternative is not added."""
    steps = ["Brown the chicken in a skillet.", "Cook soup 8 hours on low or 5 hours on high."]
    total = estimate_minutes(steps)
    assert total == 8 * 60 + 10
    assert time_text(total, True, steps) == "about 10 min + 8 h slow cooking"


def test_hours_in_the_oven_or_at_a_simmer_are_waiting_not_work() -> None:
    """Meals panel (half A, pot roast): "Cover and place into a 225°F oven and cook 6 hours" was
    shown as "about 370 min", read by the grader as 370 active minutes. Hours a food braises,
    roasts, bakes or simmers unattended are said apart from the work."""
    roast = ["Brown the roast on all sides.", "Cover and place into a 225°F oven and cook 6 hours."]
    assert split_time(370, roast) == TimeSplit(10, 360, "in the oven", 370)
    assert time_text(370, True, roast) == "about 10 min + 6 h in the oven"
    stew = ["Brown the beef.", "Cover and simmer for 2 to 3 hours, until tender."]
    assert time_text(200, False, stew) == "20 min + 3 h simmering"
    assert time_text(40, False, ["Bake for 25 minutes."]) == "40 min"


def test_a_time_limit_counts_the_waits_the_steps_name() -> None:
    """A recipe stated as 30 min that marinates overnight does not fit "30 minutes"; an
    unknown time is not known to be longer."""
    overnight = ["Cover and marinate overnight.", "Grill 10 minutes."]
    assert not within_time(30, overnight, 30)
    assert within_time(30, ["Grill 10 minutes."], 30)
    assert within_time(None, overnight, 30)
    assert within_time(30, overnight, None)


def test_two_hours_and_more_are_said_in_hours_not_a_count_of_minutes() -> None:
    """ "about 135 min + 24 h marinating", "265 min": a cook plans hours (issue 37: never a raw
    minute count over about two hours)."""
    steps = ["Marinate the chicken overnight.", "Cook 2 hours, stirring."]
    assert time_text(135, False, steps) == "2 h 15 min + overnight marinating"
    assert time_text(265, True, ["Freeze, stirring every 30 minutes."]) == "about 4 h 25 min"
    assert time_text(180, False, ["Mix."]) == "3 h"
    assert time_text(119, False, ["Mix."]) == "119 min"


def test_step_durations_read_with_dashes_decimals_and_fractions() -> None:
    """Panel half A m51 (full recipes): a coq au vin without a stated time read as "20 min +
    overnight" while its steps bake "2–2½ hours"; another read "1–1.5 hours" as 5 hours. A
    source without a time gets the steps' durations, read whole."""
    coq = ["Pour over the chicken and refrigerate overnight.", "Cook 8–10 minutes.",
           "Place the chicken in the oven and cook for 2–2½ hours, or until tender."]  # fmt: skip
    assert estimate_minutes(coq) == 10 + 150 + 10
    assert (
        time_text(estimate_minutes(coq), True, coq) == "about 2 h 50 min + overnight in the fridge"
    )
    assert estimate_minutes(["Cook until the chicken is ready (1–1.5 hours)."]) == 100
    assert estimate_minutes(["Bake 1 1/2 hours."]) == 100
    assert estimate_minutes(["Bake for 20-25 min."]) == 35
    assert split_time(200, ["Simmer for 2½ hours."]) == TimeSplit(50, 150, "simmering", 200)
