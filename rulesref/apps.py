from django.apps import AppConfig


class RulesrefConfig(AppConfig):
    """The rules reference for all three games, and its search."""

    name = "rulesref"
    verbose_name = "Rules reference"
