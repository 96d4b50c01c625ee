from django.urls import path

from . import views

urlpatterns = [path("sheet/", views.sheet, name="sheet")]
