"""The site's URLs plus the bare view the measuring tools compare every page against.

Mounted only by the tools (ROOT_URLCONF=bench.urls), never by the site itself.
"""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.urls import path

from dawn_companion.urls import urlpatterns as site_urlpatterns

BARE_PATH = "/__bench__/bare/"


@login_required
def bare(request):
    """Pays what every page pays (session, user, middleware) and nothing else."""
    return HttpResponse(f"ok {request.user.pk}", content_type="text/plain")


urlpatterns = [path(BARE_PATH.strip("/") + "/", bare, name="bench_bare"), *site_urlpatterns]
