from django.urls import path

from . import views

urlpatterns = [
    path("tools/", views.tools, name="tools"),
    path("tools/challenge/", views.challenge_start, name="tools_challenge_start"),
    path("tools/challenge/hits/", views.challenge_hits, name="tools_challenge_hits"),
    path("tools/challenge/decide/", views.challenge_decide, name="tools_challenge_decide"),
    path("tools/temple/", views.temple_guidance, name="tools_temple"),
    path("tools/runes/", views.runes_begin, name="tools_runes_start"),
    path("tools/runes/reveal/", views.runes_turn, name="tools_runes_reveal"),
    path("tools/runes/stop/", views.runes_stop, name="tools_runes_stop"),
    path("tools/doublers/", views.doublers_begin, name="tools_doublers_start"),
    path("tools/doublers/roll/", views.doublers_roll, name="tools_doublers_roll"),
    path("tools/doublers/collect/", views.doublers_collect, name="tools_doublers_collect"),
    path("tools/cogrushing/", views.cogrushing_begin, name="tools_cogrushing_start"),
    path("tools/cogrushing/deploy/", views.cogrushing_send, name="tools_cogrushing_deploy"),
    path("tools/cogrushing/hit/", views.cogrushing_strike, name="tools_cogrushing_hit"),
    path("tools/cogrushing/turret/", views.cogrushing_turret, name="tools_cogrushing_turret"),
    path("tools/quest-deck/owned/", views.quest_owned, name="tools_quest_owned"),
    path("tools/quest-deck/", views.quest_build, name="tools_quest_build"),
]
