"""Django's ModelBackend, reading the signed-in user with SQL built once.

After the session, every signed-in request loads its user by id; through the ORM, building
that query cost more than running it (about 0.8 ms a request on this machine). Logging in,
permissions and everything else are ModelBackend's. AUTHENTICATION_BACKENDS names it, so a
session records this path (one signed in before it was listed signs in again once).
"""

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend

from .compiled_sql import CompiledQuery, as_instances, attnames

_USER_FIELDS = attnames(get_user_model())
_USER_BY_ID = CompiledQuery(
    lambda user_id: (
        get_user_model()._default_manager.filter(pk=user_id).order_by().values_list(*_USER_FIELDS)
    )
)


class MemberBackend(ModelBackend):
    def get_user(self, user_id):
        if not isinstance(user_id, int):
            return super().get_user(user_id)
        rows = _USER_BY_ID.rows(user_id=user_id)
        if not rows:
            return None
        (user,) = as_instances(get_user_model(), _USER_FIELDS, rows)
        return user if self.user_can_authenticate(user) else None
