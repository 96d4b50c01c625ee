"""URLs of the Occulites results pages: recording a scenario's result and spending."""

from django.urls import path

from . import views

urlpatterns = [
    path("record/", views.record, name="record"),
    path(
        "record/advance/",
        views.record_advance,
        name="record_advance",
    ),
    path(
        "record/<int:tribe_id>/",
        views.record_tribe,
        name="record_tribe",
    ),
    path(
        "record/<int:tribe_id>/result/",
        views.record_result,
        name="record_result",
    ),
    path(
        "record/<int:tribe_id>/option/",
        views.record_option,
        name="record_option",
    ),
    path(
        "record/<int:tribe_id>/reborn/",
        views.record_reborn,
        name="record_reborn",
    ),
    path(
        "record/<int:tribe_id>/luftles/",
        views.record_luftles,
        name="record_luftles",
    ),
    path("spend/<int:tribe_id>/", views.spend, name="spend"),
    path(
        "spend/<int:tribe_id>/ability/",
        views.spend_ability,
        name="spend_ability",
    ),
    path(
        "spend/<int:tribe_id>/luftle-chief/",
        views.spend_luftle_chief,
        name="spend_luftle_chief",
    ),
    path(
        "spend/<int:tribe_id>/recruit/",
        views.spend_recruit,
        name="spend_recruit",
    ),
    path(
        "spend/<int:tribe_id>/defence/",
        views.spend_defence,
        name="spend_defence",
    ),
]
