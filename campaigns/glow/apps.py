from django.apps import AppConfig


class GlowConfig(AppConfig):
    """Glow's "Dawn" expansion: setup, the score pad, the solo opponent Tom, play history."""

    name = "campaigns.glow"
    label = "glow"
    verbose_name = "Glow: Dawn expansion"

    def ready(self):
        from campaigns.table.games import GameRegistration, register_game

        register_game(
            GameRegistration(
                key="glow",
                name="Glow: Dawn expansion",
                demo_campaign_name="Demo: Glow at Dawn",
            )
        )
