from django.urls import path

from . import views

urlpatterns = [
    path("battle/", views.battle, name="battle"),
    path("battle/foes/", views.foe_add, name="battle_foe_add"),
    path("battle/setup/", views.setup, name="battle_setup"),
    path("battle/turn/", views.end_turn, name="battle_end_turn"),
    path("battle/formation-change/", views.formation_change, name="battle_formation_change"),
    path("battle/damage/", views.damage, name="battle_damage"),
    path("battle/shields/", views.shields, name="battle_shields"),
    path("battle/condition/", views.condition, name="battle_condition"),
    path("battle/target/", views.target, name="battle_target"),
    path("battle/miss-card/", views.miss_card, name="battle_miss_card"),
    path("battle/combo-rings/", views.combo_rings, name="battle_combo_rings"),
    path("battle/combo-fire/", views.combo_fire, name="battle_combo_fire"),
    path("battle/special/", views.special, name="battle_special"),
    path("battle/finish/", views.finish, name="battle_finish"),
    path("battle/reset/", views.reset, name="battle_reset"),
    path("battle/vaki-return/", views.vaki_return, name="battle_vaki_return"),
]
