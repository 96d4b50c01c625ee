"""URLs of the Occulites results pages: recording a scenario's result and spending."""

from django.urls import path

from . import views

urlpatterns = [
    path("c/<int:campaign_id>/occulites/record/", views.record, name="occulites_record"),
    path(
        "c/<int:campaign_id>/occulites/record/advance/",
        views.record_advance,
        name="occulites_record_advance",
    ),
    path(
        "c/<int:campaign_id>/occulites/record/<int:tribe_id>/",
        views.record_tribe,
        name="occulites_record_tribe",
    ),
    path(
        "c/<int:campaign_id>/occulites/record/<int:tribe_id>/result/",
        views.record_result,
        name="occulites_record_result",
    ),
    path(
        "c/<int:campaign_id>/occulites/record/<int:tribe_id>/option/",
        views.record_option,
        name="occulites_record_option",
    ),
    path(
        "c/<int:campaign_id>/occulites/record/<int:tribe_id>/reborn/",
        views.record_reborn,
        name="occulites_record_reborn",
    ),
    path(
        "c/<int:campaign_id>/occulites/record/<int:tribe_id>/luftles/",
        views.record_luftles,
        name="occulites_record_luftles",
    ),
    path(
        "c/<int:campaign_id>/occulites/spend/<int:tribe_id>/", views.spend, name="occulites_spend"
    ),
    path(
        "c/<int:campaign_id>/occulites/spend/<int:tribe_id>/ability/",
        views.spend_ability,
        name="occulites_spend_ability",
    ),
    path(
        "c/<int:campaign_id>/occulites/spend/<int:tribe_id>/luftle-chief/",
        views.spend_luftle_chief,
        name="occulites_spend_luftle_chief",
    ),
    path(
        "c/<int:campaign_id>/occulites/spend/<int:tribe_id>/recruit/",
        views.spend_recruit,
        name="occulites_spend_recruit",
    ),
    path(
        "c/<int:campaign_id>/occulites/spend/<int:tribe_id>/defence/",
        views.spend_defence,
        name="occulites_spend_defence",
    ),
]
