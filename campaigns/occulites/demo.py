"""A demo Occulites season for `manage.py demo_data`: two tribes, three timeslots played.

Everything goes through the services, so the demo's history is a real ledger. Only
scenarios and timeslots whose Time of the Season values the rulebook prints are used.
"""

import random

from campaigns.occulites import services

HUNT = "returning_from_the_hunt"
SKIRMISH = "unexpected_skirmish"


def populate_demo_season(*, campaign, owner, friend) -> None:
    """Two tribes play timeslots 1-3 (the fourth is waiting for nominations)."""
    rng = random.Random(2026)
    moss = services.tribe_create(
        campaign=campaign,
        actor=owner,
        name="Mossback Pool",
        tribe_type="hydris",
        colour="Blue",
        player=owner,
        occulite_names=["Grublic", "Wenna", "Tollo", "Brisk", "Pim"],
    )
    reed = services.tribe_create(
        campaign=campaign,
        actor=friend,
        name="Reed Marsh",
        tribe_type="palaudis",
        colour="Green",
        player=friend,
        occulite_names=["Pronflub", "Yarrow", "Sedge", "Lilt", "Murk"],
    )
    # What each tribe scored in whichever scenario the bag picked: {scenario: (counts, gems)}.
    results = {
        moss: {HUNT: ({"left_with_sungem": 2}, 2), SKIRMISH: ({"wound_inflicted": 3}, 0)},
        reed: {
            HUNT: ({"left_with_sungem": 1, "left_without_sungem": 2}, 1),
            SKIRMISH: ({"holding_sungem": 1}, 1),
        },
    }
    nominations = [(HUNT, HUNT), (SKIRMISH, HUNT), (HUNT, SKIRMISH)]
    for moss_pick, reed_pick in nominations:
        services.scenario_nominate(tribe=moss, actor=owner, scenario_key=moss_pick)
        services.scenario_nominate(tribe=reed, actor=friend, scenario_key=reed_pick)
        drawn = services.scenario_draw(campaign=campaign, actor=owner, rng=rng).drawn_scenario
        for tribe, actor in ((moss, owner), (reed, friend)):
            counts, sungems = results[tribe][drawn]
            services.scenario_result_record(
                tribe=tribe, actor=actor, vp_counts=counts, sungems_gained=sungems
            )
        services.season_advance(campaign=campaign, actor=owner)
    services.ability_buy(
        occulite=moss.occulites.get(name="Wenna"), actor=owner, ability_key="lucky"
    )
    services.luftle_recruit(tribe=reed, actor=friend, caste="grunt", base_letter="A")
