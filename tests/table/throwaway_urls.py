"""The site's URLs built afresh, after the throwaway game registered."""

from campaigns.table.flat_urls import flattened
from dawn_companion.urls import build_urlpatterns

urlpatterns = flattened(build_urlpatterns())
