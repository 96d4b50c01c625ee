"""URLs of the stand-alone tribe builder (no campaign: it stores nothing)."""

from django.urls import path

from . import views

urlpatterns = [path("builder/", views.builder, name="builder")]
