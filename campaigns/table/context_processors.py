"""Values every page's top bar needs."""

from django.conf import settings

from .models import Campaign


def top_bar(request):
    """The campaign switcher's list (lazy: one query, only if the template uses it)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"theme": request.COOKIES.get("theme", "dark")}
    return {
        "theme": request.COOKIES.get("theme", "dark"),
        "switcher_campaigns": Campaign.objects.filter(memberships__user=user).only(
            "id", "name", "game"
        )[:20],
        "live_refresh_interval_ms": settings.LIVE_REFRESH_INTERVAL_MS,
    }
