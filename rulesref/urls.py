from django.urls import path

from . import views

urlpatterns = [
    path("", views.search, name="rules_search"),
    path("<slug:game>/<slug:slug>/", views.entry_detail, name="rules_entry"),
]
