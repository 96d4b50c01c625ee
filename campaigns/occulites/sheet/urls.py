"""URLs of the Occulites campaign sheet."""

from django.urls import path

from . import views

urlpatterns = [
    path("", views.sheet, name="sheet"),
    path(
        "tribes/new/",
        views.tribe_create,
        name="tribe_create",
    ),
    path(
        "tribes/<int:tribe_id>/",
        views.tribe_sheet,
        name="tribe_sheet",
    ),
    path("print/", views.print_sheets, name="print"),
]
