"""Every Occulites page; each area keeps its own views, forms and URLs.

The platform includes `campaign_urlpatterns` under /c/<campaign_id>/occulites/ and
`stand_alone_urlpatterns` under /occulites/, both in the "occulites" namespace.
"""

from django.urls import include, path

campaign_urlpatterns = [
    path("", include("campaigns.occulites.sheet.urls")),
    path("", include("campaigns.occulites.season.urls")),
    path("", include("campaigns.occulites.results.urls")),
    path("", include("campaigns.occulites.scenario_helpers.urls")),
    path("", include("campaigns.occulites.tokens.urls")),
    path("", include("campaigns.occulites.tools.urls")),
]
stand_alone_urlpatterns = [path("", include("campaigns.occulites.builder.urls"))]
