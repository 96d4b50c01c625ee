"""URLs of the Occulites scenario helpers pages."""

urlpatterns: list = []
