from django.urls import path

from . import pwa, views

urlpatterns = [
    path("", views.home, name="home"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("offline/", pwa.offline, name="offline"),
    path("text-size/", pwa.text_size, name="text_size"),
    path("campaigns/new/", views.campaign_create, name="campaign_create"),
    path("campaigns/restore/", views.campaign_restore, name="campaign_restore"),
    path("join/<str:token>/", views.join, name="join"),
    path("c/<int:campaign_id>/", views.campaign_detail, name="campaign"),
    path("c/<int:campaign_id>/header/", views.campaign_header, name="campaign_header"),
    path("c/<int:campaign_id>/rename/", views.campaign_rename, name="campaign_rename"),
    path("c/<int:campaign_id>/version/", views.campaign_version, name="campaign_version"),
    path("c/<int:campaign_id>/draws/", views.draw_log, name="draw_log"),
    path("c/<int:campaign_id>/dice/", views.dice_roll, name="dice_roll"),
    path("c/<int:campaign_id>/members/", views.members, name="members"),
    path(
        "c/<int:campaign_id>/members/<int:member_id>/role/",
        views.member_role,
        name="member_role",
    ),
    path(
        "c/<int:campaign_id>/members/<int:member_id>/remove/",
        views.member_remove,
        name="member_remove",
    ),
    path("c/<int:campaign_id>/invite/renew/", views.invite_renew, name="invite_renew"),
    path("c/<int:campaign_id>/delete/", views.campaign_delete, name="campaign_delete"),
    path("c/<int:campaign_id>/edit-policy/", views.edit_policy, name="edit_policy"),
    path("c/<int:campaign_id>/invite/revoke/", views.invite_revoke, name="invite_revoke"),
    path("c/<int:campaign_id>/invite/qr.svg", views.invite_qr, name="invite_qr"),
    path("c/<int:campaign_id>/history/", views.history, name="history"),
    path("c/<int:campaign_id>/backup.json", views.campaign_backup, name="campaign_backup"),
    path("c/<int:campaign_id>/history/<int:entry_id>/undo/", views.undo, name="undo"),
    path("c/<int:campaign_id>/undo/", views.undo_last, name="undo_last"),
]
