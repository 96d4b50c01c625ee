"""A Luftle Chief's learned abilities show beside him, like an Occulite's, on the sheet, the
tribe sheet and the print sheets (issue 12, point 5)."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains

from campaigns.occulites import services


@pytest.mark.parametrize(
    ("name", "per_tribe"),
    [("occulites:sheet", False), ("occulites:tribe_sheet", True), ("occulites:print", False)],
)
def test_the_luftle_chiefs_learned_abilities_show(
    owner_client, campaign, user, palaudis, name, per_tribe
):
    services.tribe_award_vp(tribe=palaudis, actor=user, amount=10, reason="test")
    services.luftle_recruit(tribe=palaudis, actor=user, caste="chief", base_letter="C")
    services.luftle_chief_ability_buy(tribe=palaudis, actor=user, ability_key="camouflage")
    args = [campaign.pk, palaudis.pk] if per_tribe else [campaign.pk]
    page = owner_client.get(reverse(name, args=args))
    assertContains(page, 'data-luftle-abilities="C"', html=False)
    assertContains(page, 'data-ability="camouflage"', html=False)
