"""Sign up, log in, lockout, password change, theme switch and error pages."""

from django.contrib.auth import get_user_model
from django.urls import reverse
from pytest_django.asserts import assertContains

from tests.factories import TEST_PASSWORD, UserFactory


def test_sign_up_logs_the_new_user_in(client, db):
    response = client.post(
        reverse("signup"),
        {
            "username": "newbie",
            "password1": "pale-moon-sungem-9",
            "password2": "pale-moon-sungem-9",
        },
    )
    assert response.status_code == 302
    assert client.get(reverse("home")).status_code == 200
    assert get_user_model().objects.filter(username="newbie").exists()


def test_sign_up_with_mismatched_passwords_explains_beside_the_field(client, db):
    response = client.post(
        reverse("signup"),
        {"username": "newbie", "password1": "pale-moon-sungem-9", "password2": "x"},
    )
    assert response.status_code == 422
    assertContains(response, "didn’t match", status_code=422)
    assert not get_user_model().objects.filter(username="newbie").exists()


def test_log_in_and_out(client, db):
    UserFactory(username="alice")
    response = client.post(reverse("login"), {"username": "alice", "password": TEST_PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("home")).status_code == 200
    client.post(reverse("logout"))
    assert client.get(reverse("home")).status_code == 302


def test_repeated_failed_logins_lock_the_account_out(client, db, settings):
    UserFactory(username="bob")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post(reverse("login"), {"username": "bob", "password": "wrong"})
    response = client.post(reverse("login"), {"username": "bob", "password": TEST_PASSWORD})
    assert response.status_code == 429
    assertContains(response, "Too many failed log-ins", status_code=429)


def test_change_password(client, db):
    user = UserFactory(username="carol")
    client.force_login(user)
    response = client.post(
        reverse("password_change"),
        {
            "old_password": TEST_PASSWORD,
            "new_password1": "new-sungem-pass-7",
            "new_password2": "new-sungem-pass-7",
        },
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password("new-sungem-pass-7")


def test_theme_toggle_sets_a_cookie_and_returns(client, db):
    response = client.post(reverse("theme_toggle"), {"next": "/accounts/login/"})
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/"
    assert response.cookies["theme"].value == "light"
    page = client.get(reverse("login"))
    assertContains(page, 'data-theme="light"')


def test_theme_toggle_refuses_offsite_redirects(client, db):
    response = client.post(reverse("theme_toggle"), {"next": "https://evil.example/"})
    assert response["Location"] == "/"


def test_friendly_404(client, db):
    response = client.get("/no/such/page/")
    assertContains(response, "Nothing here", status_code=404)


def test_500_page_stands_alone():
    from django.template.loader import render_to_string

    html = render_to_string("500.html")
    assert "Something broke" in html


# The session and the signed-in user, read with their SQL built once


def _signed_in(client):
    UserFactory(username="alice")
    client.post(reverse("login"), {"username": "alice", "password": TEST_PASSWORD})
    return get_user_model().objects.get(username="alice")


def test_a_signed_in_page_reads_its_session_and_user_in_one_query_each(client, db):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    user = _signed_in(client)
    client.get(reverse("home"))  # the reads are built on first use
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("home"))
    assert response.status_code == 200
    assert response.wsgi_request.user == user
    sql = [q["sql"] for q in queries]
    assert sum("django_session" in q for q in sql) == 1
    assert sum('FROM "auth_user"' in q for q in sql) == 1


def test_an_expired_session_signs_out(client, db):
    from datetime import timedelta

    from django.contrib.sessions.models import Session
    from django.utils import timezone

    _signed_in(client)
    Session.objects.update(expire_date=timezone.now() - timedelta(seconds=1))
    assert client.get(reverse("home")).status_code == 302


def test_a_deleted_session_or_a_deactivated_user_signs_out(client, db):
    from django.contrib.sessions.models import Session

    user = _signed_in(client)
    user.is_active = False
    user.save()
    assert client.get(reverse("home")).status_code == 302
    user.is_active = True
    user.save()
    client.post(reverse("login"), {"username": "alice", "password": TEST_PASSWORD})
    assert client.get(reverse("home")).status_code == 200
    Session.objects.all().delete()
    assert client.get(reverse("home")).status_code == 302


def test_a_password_change_elsewhere_signs_this_session_out(client, db):
    user = _signed_in(client)
    user.set_password("another-sungem-77")
    user.save()
    assert client.get(reverse("home")).status_code == 302
