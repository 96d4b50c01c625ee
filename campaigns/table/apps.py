from django.apps import AppConfig


class TableConfig(AppConfig):
    """The shared table platform: accounts, campaigns, members, ledger, dice log, live refresh."""

    name = "campaigns.table"
    label = "table"
    verbose_name = "Table platform"
