"""The Glow score pad at 360x740: two phones fill one pad at once, each its own seat, and
both see every tap; the pad also works with JavaScript off."""

import datetime

import pytest
from playwright.sync_api import expect

from campaigns.glow import services as glow
from campaigns.glow.models import Seat
from campaigns.glow.services import SeatEntry
from campaigns.table import services
from tests.browser.conftest import assert_fits_a_phone, log_in
from tests.factories import UserFactory


def _group_with_a_pad():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    campaign = services.campaign_create(owner=alice, game="glow", name="Glow nights")
    services.membership_join(token=campaign.invite_token, user=bob)
    play = glow.play_create(
        campaign=campaign,
        actor=alice,
        played_on=datetime.date(2026, 5, 1),
        journey_board="province_of_shadows",
        sets=("anibloom",),
        seats=[SeatEntry("hulios", member_id=alice.pk), SeatEntry("elldir", member_id=bob.pk)],
    )
    return campaign, play, play.seats.get(member=alice), play.seats.get(member=bob)


def _seat_count(page, seat, colour):
    return page.locator(f'#seat-{seat.pk} [data-colour="{colour}"]')


@pytest.mark.django_db(transaction=True)
def test_two_phones_fill_one_pad_at_once(live_server, new_phone):
    campaign, play, alice_seat, bob_seat = _group_with_a_pad()
    url = f"{live_server.url}/c/{campaign.pk}/glow/plays/{play.pk}/"
    alice, bob = new_phone(), new_phone()
    log_in(alice, live_server.url, "alice")
    log_in(bob, live_server.url, "bob")
    alice.goto(url)
    bob.goto(url)
    assert_fits_a_phone(alice)

    # Both tap their own seat, interleaved, as fast as the pad answers.
    for _ in range(3):
        alice.get_by_role("button", name="One more green butterfly for alice").tap()
        bob.get_by_role("button", name="One more red butterfly for bob").tap()
    alice.get_by_role("button", name="One more purple butterfly for alice").tap()
    bob.get_by_role("button", name="One more purple butterfly for bob").tap()

    for phone in (alice, bob):
        expect(_seat_count(phone, alice_seat, "green")).to_have_attribute(
            "data-count", "3", timeout=8_000
        )
        expect(_seat_count(phone, bob_seat, "red")).to_have_attribute(
            "data-count", "3", timeout=8_000
        )
        expect(_seat_count(phone, alice_seat, "purple")).to_have_attribute("data-count", "1")
        expect(_seat_count(phone, bob_seat, "purple")).to_have_attribute("data-count", "1")
    alice_seat.refresh_from_db()
    bob_seat.refresh_from_db()
    assert (alice_seat.green, alice_seat.purple, bob_seat.red, bob_seat.purple) == (3, 1, 3, 1)

    # The totals and ranking follow live: 3 green = 6, 1 purple = 1; 3 red = 6, 1 purple = 1.
    expect(bob.locator(f"#seat-{alice_seat.pk} [data-seat-total]")).to_have_text("7")

    # Each enters a core score; the other's phone shows the ranking change.
    alice.get_by_label("Core score of alice").fill("70")
    alice.get_by_role("button", name="Save alice's core score").tap()
    bob.get_by_label("Core score of bob").fill("65")
    bob.get_by_role("button", name="Save bob's core score").tap()
    expect(alice.locator("[data-ranking] li").first).to_contain_text("alice", timeout=8_000)
    expect(bob.locator(f'[data-ranking] li[data-seat="{alice_seat.pk}"]')).to_have_attribute(
        "data-place", "1", timeout=8_000
    )

    # A 7th butterfly is refused with the rule, beside the seat.
    Seat.objects.filter(pk=alice_seat.pk).update(orange=6)
    alice.reload()
    alice.get_by_role("button", name="One more orange butterfly for alice").tap()
    expect(alice.locator(f"#seat-{alice_seat.pk} [data-step-error]")).to_contain_text(
        "at most 6 orange"
    )
    assert_fits_a_phone(alice)

    # Finish: the pad is locked on both phones.
    alice.get_by_role("button", name="Finish and lock the play", exact=True).tap()
    expect(alice.locator("[data-finished]")).to_be_visible()
    expect(bob.locator("[data-finished]")).to_be_visible(timeout=8_000)
    expect(bob.get_by_role("button", name="One more red butterfly for bob")).to_have_count(0)


@pytest.mark.django_db(transaction=True)
def test_every_quick_tap_counts_while_the_server_is_slow(live_server, new_phone):
    """Three quick taps on one + while the first is still on its way: all three are counted,
    in order (none dropped while waiting, none sent from a seat the answer replaced)."""
    campaign, play, alice_seat, bob_seat = _group_with_a_pad()
    alice = new_phone(holds_requests=True)
    log_in(alice, live_server.url, "alice")
    alice.goto(f"{live_server.url}/c/{campaign.pk}/glow/plays/{play.pk}/")
    held = []
    alice.route("**/step/", lambda route, request: held.append(route))

    more = alice.get_by_role("button", name="One more green butterfly for alice")
    for _ in range(3):
        more.tap()
    alice.wait_for_timeout(300)
    assert len(held) == 1, "one tap at a time goes to the server"
    for _ in range(50):
        while held:
            held.pop(0).continue_()
        if _seat_count(alice, alice_seat, "green").get_attribute("data-count") == "3":
            break
        alice.wait_for_timeout(100)
    expect(_seat_count(alice, alice_seat, "green")).to_have_attribute("data-count", "3")
    alice_seat.refresh_from_db()
    assert alice_seat.green == 3


@pytest.mark.django_db(transaction=True)
def test_the_pad_works_without_javascript(live_server, browser):
    from tests.browser.conftest import PHONE

    campaign, play, alice_seat, _ = _group_with_a_pad()
    context = browser.new_context(**PHONE, java_script_enabled=False)
    page = context.new_page()
    log_in(page, live_server.url, "alice")
    page.goto(f"{live_server.url}/c/{campaign.pk}/glow/plays/{play.pk}/")
    page.get_by_role("button", name="One more dark blue butterfly for alice").tap()
    expect(_seat_count(page, alice_seat, "dark_blue")).to_have_attribute("data-count", "1")
    page.get_by_label("Core score of alice").fill("1000")
    page.get_by_role("button", name="Save alice's core score").tap()
    expect(page.locator("[data-core-error]")).to_contain_text("between 0 and 999")
    context.close()
