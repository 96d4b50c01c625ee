from django.apps import AppConfig


class GlowConfig(AppConfig):
    """Glow's "Dawn" expansion: setup, the score pad, the solo opponent Tom, play history."""

    name = "campaigns.glow"
    label = "glow"
    verbose_name = "Glow: Dawn expansion"

    def ready(self):
        # Registers the game with the table, the undo restorers of its ledger entries, and
        # the tools the rules reference links to.
        from campaigns.glow import rule_links, services
        from campaigns.glow.backup import EXPORT_MODELS
        from campaigns.glow.demo import populate_demo_group
        from campaigns.table.games import GameRegistration, StandAlonePage, Tab, register_game

        register_game(
            GameRegistration(
                key="glow",
                name="Glow: Dawn expansion",
                urls="campaigns.glow.urls",
                tabs=(
                    Tab("plays", "Score pad", "glow:plays"),
                    Tab("solo", "Solo vs Tom", "glow:solo"),
                    Tab("stats", "Plays & stats", "glow:history"),
                    Tab("setup", "Setup", "glow:setup"),
                    Tab("settings", "Group settings", "glow:settings"),
                ),
                demo_campaign_name="Demo: Glow at Dawn",
                demo=populate_demo_group,
                export_models=EXPORT_MODELS,
                # The reserve's draws name the play and seat they were for.
                id_references={"play": "play", "seat": "seat"},
                stand_alone=(StandAlonePage("Glow: Dawn setup helper", "glow:setup_helper"),),
            )
        )
        services.register_undo_kinds()
        rule_links.register()
