from django.urls import path

from . import views

urlpatterns = [
    path("turn/", views.turn, name="turn"),
    path("turn/move/", views.move, name="move"),
    path("turn/major-threat/", views.reveal_major_threat, name="reveal_major_threat"),
    path("turn/complete/", views.complete, name="complete"),
    path("turn/rewards/", views.rewards, name="rewards"),
    path("turn/active-player/", views.active_player, name="active_player"),
    path("turn/temple/", views.temple_draw, name="temple_draw"),
]
