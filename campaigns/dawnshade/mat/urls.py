from django.urls import path

from . import views

urlpatterns = [
    path("", views.mat, name="mat"),
    path("vaki/draw/", views.vaki_draw, name="vaki_draw"),
    path("vaki/combine/", views.vaki_combine, name="vaki_combine"),
    path("vaki/split/", views.vaki_split, name="vaki_split"),
    path("vaki/alignment/", views.vaki_alignment, name="vaki_alignment"),
    path("blessings/receive/", views.blessing_receive, name="blessing_receive"),
    path("blessings/use/", views.blessing_use, name="blessing_use"),
    path("alignment/reset/", views.alignment_reset, name="alignment_reset"),
]
