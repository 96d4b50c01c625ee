from django.apps import AppConfig


class DawnshadeConfig(AppConfig):
    """Dawnshade: The Watchers Prophecy: the Kinship's campaign and the battle assistant."""

    name = "campaigns.dawnshade"
    label = "dawnshade"
    verbose_name = "Dawnshade: The Watchers Prophecy"

    def ready(self):
        # Registers the game with the table, the undo restorers of its ledger entries, and
        # the pages the rules reference links to.
        from campaigns.dawnshade import models, rule_links, services  # noqa: F401
        from campaigns.dawnshade.demo import populate_demo_trilogy
        from campaigns.table.games import ExportModel, GameRegistration, Tab, register_game

        register_game(
            GameRegistration(
                key="dawnshade",
                name="Dawnshade: The Watchers Prophecy",
                urls="campaigns.dawnshade.urls",
                tabs=(
                    Tab("mat", "Väki Mat", "dawnshade:mat"),
                    Tab("turn", "Turn", "dawnshade:turn"),
                    Tab("battle", "Battle", "dawnshade:battle"),
                    Tab("tools", "Table tools", "dawnshade:tools"),
                    Tab("outposts", "Outposts", "dawnshade:outposts"),
                    Tab("characters", "Characters", "dawnshade:characters"),
                    Tab("chapter", "Chapter", "dawnshade:chapter"),
                    Tab("sheet", "Save sheet", "dawnshade:sheet"),
                ),
                demo_campaign_name="Demo: The Watchers Prophecy",
                demo=populate_demo_trilogy,
                # Parents first; the keys are the ones the ledger's row changes use.
                export_models=(
                    ExportModel("kinship", models.Kinship, "campaign"),
                    ExportModel("character", models.Character, "kinship__campaign"),
                    ExportModel("item", models.Item, "character__kinship__campaign"),
                    ExportModel("tile", models.Tile, "kinship__campaign"),
                    ExportModel("visit", models.Visit, "kinship__campaign"),
                    ExportModel("chapter_result", models.ChapterResult, "kinship__campaign"),
                    ExportModel("house_reward", models.HouseReward, "kinship__campaign"),
                    ExportModel("artifact", models.UnlockedArtifact, "campaign"),
                    ExportModel("foe", models.Foe, "kinship__campaign"),
                ),
            )
        )
        rule_links.register()
