"""URLs of the Tribal Tokens page and its actions."""

from django.urls import path

from . import views

urlpatterns = [
    path("tokens/", views.tokens, name="tokens"),
    path("tokens/new/", views.tokens_new_game, name="tokens_new"),
    path("tokens/tribe/", views.tokens_add_tribe, name="tokens_tribe"),
    path("tokens/spend/", views.tokens_spend, name="tokens_spend"),
    path("tokens/undo/", views.tokens_undo, name="tokens_undo"),
    path("tokens/chief/", views.tokens_chief, name="tokens_chief"),
    path("tokens/next-turn/", views.tokens_next_turn, name="tokens_next_turn"),
]
