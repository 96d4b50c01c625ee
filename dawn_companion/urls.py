from django.contrib.auth import views as auth_views
from django.urls import include, path

from campaigns.table import accounts
from campaigns.table.game_urls import game_urlpatterns
from campaigns.table.url_layout import fast_to_resolve


def build_urlpatterns() -> list:
    """The site's URLs; each registered game's come from the registry."""
    return [
        path("accounts/signup/", accounts.signup, name="signup"),
        path(
            "accounts/login/",
            auth_views.LoginView.as_view(redirect_authenticated_user=True),
            name="login",
        ),
        path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
        path(
            "accounts/password/",
            accounts.ThrottledPasswordChangeView.as_view(),
            name="password_change",
        ),
        path(
            "accounts/password/done/",
            auth_views.PasswordChangeDoneView.as_view(),
            name="password_change_done",
        ),
        path("theme/", accounts.theme_toggle, name="theme_toggle"),
        path("rules/", include("rulesref.urls")),
        *game_urlpatterns(),
        path("", include("campaigns.table.urls")),
    ]


# Laid out so a URL passes few levels and tries few patterns (campaigns/table/url_layout.py).
urlpatterns = fast_to_resolve(build_urlpatterns())

handler403 = "campaigns.table.accounts.error_403"
handler404 = "campaigns.table.accounts.error_404"
