"""Every Dawnshade page; each area keeps its own views, forms and URLs.

The platform includes ``campaign_urlpatterns`` under /c/<campaign_id>/dawnshade/ in the
"dawnshade" namespace.
"""

from django.urls import include, path

campaign_urlpatterns = [
    path("", include("campaigns.dawnshade.mat.urls")),
    path("", include("campaigns.dawnshade.turn.urls")),
    path("", include("campaigns.dawnshade.outposts.urls")),
    path("", include("campaigns.dawnshade.characters.urls")),
    path("", include("campaigns.dawnshade.kinship.urls")),
    path("", include("campaigns.dawnshade.sheet.urls")),
    path("", include("campaigns.dawnshade.battle.urls")),
    path("", include("campaigns.dawnshade.table_tools.urls")),
]
