"""URLs of the Occulites builder pages."""

urlpatterns: list = []
