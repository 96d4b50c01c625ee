"""What an outside probe found: next= as a bare word, huge ids, racing sign-ups, HEAD, private
caching, membership removal and deletion, the rename guard. Each a test that failed before."""

import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from campaigns.table import services
from campaigns.table.htmx import safe_next
from campaigns.table.models import Campaign, LedgerEntry, Role
from tests.factories import MembershipFactory

HUGE = 9223372036854775808


@pytest.mark.parametrize(
    "value",
    [
        "abc",
        "home",
        "campaign",
        "//evil.example/x",
        "https://evil.example/",
        "javascript:alert(1)",
        "",
    ],
)
def test_next_that_is_not_a_same_site_path_is_ignored(rf, value):
    request = rf.post("/", {"next": value})
    assert safe_next(request, "/fallback/") == "/fallback/"


def test_next_that_is_a_same_site_path_is_kept(rf):
    assert safe_next(rf.post("/", {"next": "/c/1/history/"}), "/x/") == "/c/1/history/"


@pytest.mark.parametrize("value", ["abc", "home"])
def test_bare_word_next_after_a_write_redirects_safely(owner_client, campaign, value):
    entry = LedgerEntry.objects.filter(campaign=campaign).first()
    services.campaign_rename(
        campaign=campaign, actor=campaign.memberships.get().user, name="Renamed"
    )
    entry = LedgerEntry.objects.filter(campaign=campaign).first()
    response = owner_client.post(reverse("undo", args=[campaign.pk, entry.pk]), {"next": value})
    assert response.status_code == 302
    assert response["Location"] == reverse("history", args=[campaign.pk])
    theme = owner_client.post(reverse("theme_toggle"), {"next": value})
    assert theme.status_code == 302 and theme["Location"] == "/"


def test_bare_word_next_at_sign_up_logs_the_new_player_in(client, db):
    response = client.post(
        reverse("signup"),
        {
            "username": "newcomer",
            "password1": "a-long-test-passphrase",
            "password2": "a-long-test-passphrase",
            "next": "abc",
        },
    )
    assert response.status_code == 302 and response["Location"] == "/"
    assert client.get(reverse("home")).status_code == 200


@pytest.mark.parametrize("suffix", ["", "history/", "members/", "history/1/undo/", "version/?v=1"])
def test_huge_ids_are_404_not_500(owner_client, campaign, suffix):
    assert owner_client.get(f"/c/{HUGE}/{suffix}").status_code == 404
    assert owner_client.get(f"/c/{campaign.pk}/history/{HUGE}/undo/").status_code in (404, 405)
    assert owner_client.post(f"/c/{campaign.pk}/history/{HUGE}/undo/").status_code == 404


@pytest.mark.django_db(transaction=True)
def test_racing_sign_ups_with_one_name_get_a_422_not_a_500():
    if connection.vendor == "sqlite":
        pytest.skip("SQLite serialises the writers, so the race cannot happen there")
    results = []
    barrier = threading.Barrier(4)

    def sign_up():
        client = Client()
        barrier.wait()
        response = client.post(
            reverse("signup"),
            {
                "username": "twin",
                "password1": "a-long-test-passphrase",
                "password2": "a-long-test-passphrase",
            },
        )
        results.append(response.status_code)
        connection.close()

    threads = [threading.Thread(target=sign_up) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert 500 not in results and results.count(302) == 1


def test_sign_up_that_loses_the_race_is_told_the_name_was_taken(client, db, monkeypatch):
    from django.db import IntegrityError

    from campaigns.table.forms import SignUpForm

    def collide(self, commit=True):
        raise IntegrityError("UNIQUE constraint failed: auth_user.username")

    monkeypatch.setattr(SignUpForm, "save", collide)
    response = client.post(
        reverse("signup"),
        {
            "username": "twin",
            "password1": "a-long-test-passphrase",
            "password2": "a-long-test-passphrase",
        },
    )
    assert response.status_code == 422
    assert "just taken" in response.content.decode()


def test_head_answers_like_get_without_a_body(owner_client, campaign):
    for url in (reverse("home"), reverse("campaign", args=[campaign.pk]), reverse("rules_search")):
        response = owner_client.head(url)
        assert response.status_code == 200, url
        assert response.content == b""


def test_pages_for_a_signed_in_member_are_never_cached(owner_client, campaign, client):
    response = owner_client.get(reverse("campaign", args=[campaign.pk]))
    assert response["Cache-Control"] == "private, no-store"
    assert "camera=()" in response["Permissions-Policy"]


def test_the_theme_cookie_is_secure_over_https(client, db):
    response = client.post(reverse("theme_toggle"), secure=True)
    assert response.cookies["theme"]["secure"]


def test_removing_a_member_renews_the_invite_link(campaign, user):
    old_token = campaign.invite_token
    member = MembershipFactory(campaign=campaign, role=Role.PLAYER)
    services.membership_remove(campaign=campaign, actor=user, membership_id=member.pk)
    campaign.refresh_from_db()
    assert campaign.invite_token and campaign.invite_token != old_token
    with pytest.raises(services.ValidationError):
        services.membership_join(token=old_token, user=member.user)


def test_the_owner_deletes_a_campaign_by_typing_its_name(owner_client, campaign):
    page = owner_client.get(reverse("members", args=[campaign.pk])).content.decode()
    assert reverse("campaign_backup", args=[campaign.pk]) in page
    wrong = owner_client.post(
        reverse("campaign_delete", args=[campaign.pk]), {"confirm_name": "nope"}
    )
    assert wrong.status_code == 422 and Campaign.objects.filter(pk=campaign.pk).exists()
    assert 'id="id_confirm_name_error"' in wrong.content.decode()
    response = owner_client.post(
        reverse("campaign_delete", args=[campaign.pk]), {"confirm_name": campaign.name}
    )
    assert response["Location"] == reverse("home")
    assert not Campaign.objects.filter(pk=campaign.pk).exists()
    assert not LedgerEntry.objects.filter(campaign_id=campaign.pk).exists()


def test_a_player_cannot_delete_the_campaign(player_client, campaign):
    response = player_client.post(
        reverse("campaign_delete", args=[campaign.pk]), {"confirm_name": campaign.name}
    )
    assert response.status_code == 403
    assert Campaign.objects.filter(pk=campaign.pk).exists()


def test_a_rename_without_the_name_seen_is_refused(owner_client, campaign):
    response = owner_client.post(reverse("campaign_rename", args=[campaign.pk]), {"name": "Sneaky"})
    assert response.status_code == 422
    assert Campaign.objects.get(pk=campaign.pk).name == "The Long Season"
