from django.urls import path

from . import views

urlpatterns = [
    path("chapter/", views.chapter, name="chapter"),
    path("setup/", views.setup, name="setup"),
    path("settings/", views.settings, name="settings"),
    path("house-reward/", views.house_reward, name="house_reward"),
    path("chapter/start/", views.chapter_start, name="chapter_start"),
    path("chapter/end/", views.chapter_end, name="chapter_end"),
]
