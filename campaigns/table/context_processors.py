"""Values every page's top bar needs."""

from django.conf import settings
from django.utils.functional import SimpleLazyObject

from .compiled_sql import CompiledQuery
from .models import Campaign
from .pwa import TEXT_SIZES, text_size_of

SWITCHER_LENGTH = 20


def _switcher_query(user_id):
    return Campaign.objects.filter(memberships__user_id=user_id).values_list("id", "name")[
        :SWITCHER_LENGTH
    ]


_SWITCHER = CompiledQuery(_switcher_query)


def _switcher_campaigns(user_id: int) -> list[dict]:
    """The member's campaigns, most recently active first (the model's ordering)."""
    return [{"id": pk, "name": name} for pk, name in _SWITCHER.rows(user_id=user_id)]


def top_bar(request):
    """The device's theme and text size (cookies), and the campaign switcher's list (lazy:
    one query, only if the template uses it)."""
    device = {
        "theme": request.COOKIES.get("theme", "dark"),
        "text_size": text_size_of(request),
        "text_sizes": TEXT_SIZES,
    }
    # A campaign page knows its member without loading the user (access.py).
    membership = getattr(request, "campaign_membership", None)
    if membership is not None:
        user_id = membership.user_id
    else:
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return device
        user_id = user.pk
    return {
        **device,
        "switcher_campaigns": SimpleLazyObject(lambda: _switcher_campaigns(user_id)),
        "live_refresh_interval_ms": settings.LIVE_REFRESH_INTERVAL_MS,
    }
