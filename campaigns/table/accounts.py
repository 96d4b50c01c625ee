"""Sign up, the light/dark switch, and friendly error pages. Log in, log out and password
change are Django's own views with our templates (see dawn_companion/urls.py)."""

from django.contrib.auth import login
from django.contrib.auth.views import PasswordChangeView
from django.db import IntegrityError, transaction
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from .forms import SignUpForm, ThrottledPasswordChangeForm
from .htmx import redirect_next

THEME_COOKIE_AGE = 60 * 60 * 24 * 365


@require_http_methods(["GET", "POST"])
def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            try:
                with transaction.atomic():
                    user = form.save()
            except IntegrityError:  # two sign-ups with one name at the same moment
                form.add_error("username", "That username was just taken; choose another.")
                return render(request, "registration/signup.html", {"form": form}, status=422)
            login(request, user, backend="campaigns.table.auth_backend.MemberBackend")
            return redirect_next(request, "/")
        return render(request, "registration/signup.html", {"form": form}, status=422)
    return render(
        request, "registration/signup.html", {"form": form, "next": request.GET.get("next", "")}
    )


@require_POST
def theme_toggle(request):
    """Flip between the dark (default) and light themes; works without JavaScript."""
    theme = "dark" if request.COOKIES.get("theme", "dark") == "light" else "light"
    response = redirect_next(request, "/")
    response.set_cookie(
        "theme", theme, max_age=THEME_COOKIE_AGE, samesite="Lax", secure=request.is_secure()
    )
    return response


def error_403(request, exception=None):
    return render(request, "403.html", status=403)


def error_404(request, exception=None):
    return render(request, "404.html", status=404)


class ThrottledPasswordChangeView(PasswordChangeView):
    """Django's password change, with the old-password check throttled like a login."""

    form_class = ThrottledPasswordChangeForm
    success_url = "/accounts/password/done/"

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "request": self.request}
