"""The site's URLs built afresh, after the throwaway game registered."""

from campaigns.table.url_layout import fast_to_resolve
from dawn_companion.urls import build_urlpatterns

urlpatterns = fast_to_resolve(build_urlpatterns())
