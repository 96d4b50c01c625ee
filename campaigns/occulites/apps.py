from django.apps import AppConfig


class OcculitesConfig(AppConfig):
    """Dawn: Rise of the Occulites: campaign sheet and table tools."""

    name = "campaigns.occulites"
    label = "occulites"
    verbose_name = "Dawn: Rise of the Occulites"

    def ready(self):
        # Registers the undo restorers of the Occulites ledger entries, and the tools the
        # rules reference links to.
        from campaigns.occulites import rule_links, services  # noqa: F401

        rule_links.register()
