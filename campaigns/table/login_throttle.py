"""Login throttling on top of django-axes' database handler.

Axes locks a (username, address) pair after AXES_FAILURE_LIMIT failures. That alone lets one
address try a few passwords on every account, and lets a locked account go on from another
address, so this handler also locks an address after AXES_ADDRESS_FAILURE_LIMIT failures over
any usernames, and a username after AXES_USERNAME_FAILURE_LIMIT failures from any addresses,
all within the same cool-off window. The password-change form's old-password check counts as
a login attempt too (see accounts.ThrottledPasswordChangeForm).
"""

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum


def _failures(request, **match) -> int:
    attempts = AccessAttempt.objects.filter(
        attempt_time__gte=get_cool_off_threshold(request), **match
    )
    return attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0


class TableLoginHandler(AxesDatabaseHandler):
    def user_login_failed(self, sender, credentials: dict, request=None, **kwargs):
        super().user_login_failed(sender, credentials, request=request, **kwargs)
        # Axes answers with its lockout page only when the pair is over its limit; the
        # address and username limits must show the same page.
        if request is not None and self.is_locked(request, credentials):
            request.axes_locked_out = True

    def is_locked(self, request, credentials=None) -> bool:
        if super().is_locked(request, credentials):
            return True
        address = getattr(request, "axes_ip_address", None)
        if (
            address
            and _failures(request, ip_address=address) >= settings.AXES_ADDRESS_FAILURE_LIMIT
        ):
            return True
        username = get_client_username(request, credentials)
        return bool(
            username
            and _failures(request, username=username) >= settings.AXES_USERNAME_FAILURE_LIMIT
        )
