"""Every Glow page. The platform mounts `campaign_urlpatterns` under /c/<campaign_id>/glow/
and `stand_alone_urlpatterns` under /glow/, in the "glow" namespace."""

from django.urls import path

from .group_settings import views as settings_views
from .history import views as history_views
from .pad import views as pad_views
from .setup_helper import views as setup_views
from .solo import views as solo_views

_play = "plays/<int:play_id>/"

campaign_urlpatterns = [
    path("plays/", pad_views.plays, name="plays"),
    path("plays/new/", pad_views.play_create, name="play_create"),
    path(_play, pad_views.pad, name="pad"),
    path(_play + "seats/<int:seat_id>/step/", pad_views.seat_step, name="seat_step"),
    path(_play + "seats/<int:seat_id>/core/", pad_views.seat_core, name="seat_core"),
    path(_play + "winner/", pad_views.winner_pick, name="winner"),
    path(_play + "finish/", pad_views.play_finish, name="finish"),
    path(_play + "reopen/", pad_views.play_reopen, name="reopen"),
    path(_play + "reserve/start/", pad_views.reserve_start, name="reserve_start"),
    path(_play + "reserve/draw/", pad_views.reserve_draw, name="reserve_draw"),
    path(_play + "reserve/return/", pad_views.reserve_return, name="reserve_return"),
    path(_play + "reserve/use/", pad_views.reserve_use, name="reserve_use"),
    path(_play + "reserve/noon/", pad_views.reserve_noon, name="reserve_noon"),
    path(_play + "tom/take/", solo_views.tom_take, name="tom_take"),
    path(_play + "tom/special/", solo_views.tom_special, name="tom_special"),
    path(_play + "tom/evening/", solo_views.tom_evening, name="tom_evening"),
    path(_play + "tom/count/", solo_views.tom_count, name="tom_count"),
    path("solo/", solo_views.solo, name="solo"),
    path("solo/new/", solo_views.solo_create, name="solo_create"),
    path("history/", history_views.history, name="history"),
    path("history/plays.csv", history_views.plays_csv_download, name="plays_csv"),
    path("setup/", setup_views.setup, name="setup"),
    path("settings/", settings_views.settings_page, name="settings"),
    path("settings/<str:part>/", settings_views.settings_save, name="settings_save"),
]
stand_alone_urlpatterns = [path("setup/", setup_views.setup_helper, name="setup_helper")]
