"""URLs of the Occulites results pages."""

urlpatterns: list = []
