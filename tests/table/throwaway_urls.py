"""The site's URLs built afresh, after the throwaway game registered."""

from dawn_companion.urls import build_urlpatterns

urlpatterns = build_urlpatterns()
