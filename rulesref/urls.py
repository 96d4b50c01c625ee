from django.urls import path

from . import views

urlpatterns = [
    path("", views.search, name="rules_search"),
]
