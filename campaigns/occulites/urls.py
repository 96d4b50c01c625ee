"""Every Occulites page; each area keeps its own views, forms and URLs."""

from django.urls import include, path

urlpatterns = [
    path("", include("campaigns.occulites.sheet.urls")),
    path("", include("campaigns.occulites.season.urls")),
    path("", include("campaigns.occulites.results.urls")),
    path("", include("campaigns.occulites.scenario_helpers.urls")),
    path("", include("campaigns.occulites.builder.urls")),
    path("", include("campaigns.occulites.tools.urls")),
]
