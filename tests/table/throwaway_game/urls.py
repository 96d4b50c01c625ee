from django.http import HttpResponse
from django.template import engines
from django.urls import path
from django.views.decorators.http import require_GET

from campaigns.table.access import campaign_view
from campaigns.table.htmx import campaign_context

PAGE = engines["django"].from_string(
    '{% extends "table/campaign_base.html" %}{% block page %}<p data-marbles>Bag</p>{% endblock %}'
)


@campaign_view(game="marbles")
@require_GET
def bag(request, membership):
    return HttpResponse(PAGE.render(campaign_context(membership, "bag"), request))


@require_GET
def counting_help(request):
    return HttpResponse("Count them.")


campaign_urlpatterns = [path("bag/", bag, name="bag")]
stand_alone_urlpatterns = [path("help/", counting_help, name="help")]
