"""URLs of the Occulites campaign sheet."""

from django.urls import path

from . import views

urlpatterns = [
    path("c/<int:campaign_id>/occulites/", views.sheet, name="occulites_sheet"),
    path(
        "c/<int:campaign_id>/occulites/tribes/new/",
        views.tribe_create,
        name="occulites_tribe_create",
    ),
    path("c/<int:campaign_id>/occulites/undo/", views.undo_last, name="occulites_undo_last"),
    path(
        "c/<int:campaign_id>/occulites/tribes/<int:tribe_id>/",
        views.tribe_sheet,
        name="occulites_tribe_sheet",
    ),
    path("c/<int:campaign_id>/occulites/print/", views.print_sheets, name="occulites_print"),
]
