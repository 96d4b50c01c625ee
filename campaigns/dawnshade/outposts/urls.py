from django.urls import path

from . import views

urlpatterns = [
    path("outposts/", views.outposts, name="outposts"),
    path("outposts/guild-hall/", views.guild_hall, name="guild_hall"),
    path("outposts/mercantile/buy/", views.item_buy, name="item_buy"),
    path("outposts/mercantile/sell/<int:item_id>/", views.item_sell, name="item_sell"),
    path("outposts/foundry/transmute/", views.transmute, name="transmute"),
    path("outposts/foundry/cogbot-fighter/", views.cogbot_fighter, name="cogbot_fighter"),
    path("outposts/foundry/cogbehemoth/", views.cogbehemoth, name="cogbehemoth"),
    path("outposts/boomshot/", views.boomshot, name="boomshot"),
]
