"""Login throttling: per (username, address) as before, plus per address across usernames and
per username across addresses; the old-password check of the password change counts too."""

from django.test import Client
from django.urls import reverse

from tests.factories import TEST_PASSWORD, UserFactory


def _fail(client, username, address="10.0.0.1"):
    return client.post(
        reverse("login"), {"username": username, "password": "wrong"}, REMOTE_ADDR=address
    )


def _login(client, username, address="10.0.0.1"):
    return client.post(
        reverse("login"), {"username": username, "password": TEST_PASSWORD}, REMOTE_ADDR=address
    )


def test_one_address_trying_many_accounts_is_locked(db, settings):
    settings.AXES_ADDRESS_FAILURE_LIMIT = 8
    client = Client()
    UserFactory(username="target")
    for number in range(8):  # two tries at each of four accounts: no pair reaches 5
        _fail(client, f"someone{number % 4}")
    assert _login(client, "target").status_code == 429
    # Another address is not affected.
    assert _login(Client(), "target", address="10.0.0.2").status_code == 302


def test_a_locked_username_cannot_log_in_from_another_address(db, settings):
    settings.AXES_USERNAME_FAILURE_LIMIT = 6
    UserFactory(username="bob")
    for number in range(6):  # spread over three addresses: no pair reaches 5
        _fail(Client(), "bob", address=f"10.0.1.{number % 3}")
    assert _login(Client(), "bob", address="10.9.9.9").status_code == 429


def test_wrong_old_passwords_lock_the_password_change(db, settings):
    user = UserFactory(username="carol")
    client = Client()
    client.force_login(user)
    data = {"new_password1": "new-sungem-pass-7", "new_password2": "new-sungem-pass-7"}
    statuses = [
        client.post(reverse("password_change"), {**data, "old_password": "wrong"}).status_code
        for _ in range(settings.AXES_FAILURE_LIMIT)
    ]
    assert statuses == [200] * (settings.AXES_FAILURE_LIMIT - 1) + [429]
    response = client.post(reverse("password_change"), {**data, "old_password": TEST_PASSWORD})
    assert response.status_code in (200, 429)
    assert "try again in 15 minutes" in response.content.decode() or response.status_code == 429
    user.refresh_from_db()
    assert not user.check_password("new-sungem-pass-7")
