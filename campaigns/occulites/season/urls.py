"""URLs of the Occulites season pages."""

urlpatterns: list = []
