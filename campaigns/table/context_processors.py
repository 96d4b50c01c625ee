"""Values every page's top bar needs."""

from django.conf import settings

from .models import Campaign
from .pwa import TEXT_SIZES, text_size_of


def top_bar(request):
    """The device's theme and text size (cookies), and the campaign switcher's list (lazy:
    one query, only if the template uses it)."""
    device = {
        "theme": request.COOKIES.get("theme", "dark"),
        "text_size": text_size_of(request),
        "text_sizes": TEXT_SIZES,
    }
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return device
    return {
        **device,
        "switcher_campaigns": Campaign.objects.filter(memberships__user=user).only(
            "id", "name", "game"
        )[:20],
        "live_refresh_interval_ms": settings.LIVE_REFRESH_INTERVAL_MS,
    }
