from django.apps import AppConfig


class DawnshadeConfig(AppConfig):
    """Dawnshade: The Watchers Prophecy: the Kinship's campaign and the battle assistant."""

    name = "campaigns.dawnshade"
    label = "dawnshade"
    verbose_name = "Dawnshade: The Watchers Prophecy"

    def ready(self):
        from campaigns.table.games import GameRegistration, register_game

        register_game(
            GameRegistration(
                key="dawnshade",
                name="Dawnshade: The Watchers Prophecy",
                demo_campaign_name="Demo: The Watchers Prophecy",
            )
        )
