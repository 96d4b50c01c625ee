"""Several phones filling one pad at once: every tap lands (each write locks the campaign)."""

import threading

import pytest
from django.db import close_old_connections, connection

from campaigns.glow import services
from campaigns.glow.models import Seat
from campaigns.glow.services import SeatEntry
from campaigns.table.models import Campaign, LedgerEntry
from tests.glow.conftest import PLAYED_ON


@pytest.mark.django_db(transaction=True)
def test_taps_from_six_phones_on_one_pad_all_land(campaign_factory, user):
    campaign = campaign_factory("glow")
    play = services.play_create(
        campaign=campaign,
        actor=user,
        played_on=PLAYED_ON,
        journey_board="province_of_shadows",
        sets=("elemental", "anibloom", "draconic"),
        seats=[SeatEntry("hulios", guest_name=f"Player {n}") for n in range(6)],
    )
    seats = list(play.seats.all())
    version = Campaign.objects.get(pk=campaign.pk).version
    errors = []

    def phone(seat: Seat):
        # Each phone taps its own seat (6 green, 2 red) and once the first seat's purple,
        # which all six share: 6 taps there, the most a colour holds.
        try:
            for colour, taps in (("green", 6), ("red", 2)):
                for _ in range(taps):
                    services.seat_butterflies_step(seat=seat.pk, actor=user, colour=colour, delta=1)
            services.seat_butterflies_step(seat=seats[0].pk, actor=user, colour="purple", delta=1)
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=phone, args=(seat,)) for seat in seats]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    counts = {seat.pk: seat.butterfly_counts for seat in Seat.objects.filter(play=play)}
    assert counts[seats[0].pk] == (6, 0, 2, 0, 0, 6)
    assert all(counts[seat.pk] == (6, 0, 2, 0, 0, 0) for seat in seats[1:])
    taps = 6 * 8 + 6
    assert (
        LedgerEntry.objects.filter(campaign=campaign, kind=services.GlowKind.SEAT_BUTTERFLY).count()
        == taps
    )
    assert Campaign.objects.get(pk=campaign.pk).version == version + taps
