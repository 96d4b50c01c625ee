from django.apps import AppConfig


class OcculitesConfig(AppConfig):
    """Dawn: Rise of the Occulites: campaign sheet and table tools."""

    name = "campaigns.occulites"
    label = "occulites"
    verbose_name = "Dawn: Rise of the Occulites"

    def ready(self):
        # Registers the game with the table, the undo restorers of its ledger entries, and
        # the tools the rules reference links to.
        from campaigns.occulites import rule_links, services  # noqa: F401
        from campaigns.occulites.backup import (
            DELTA_KEY_ALIASES,
            EXPORT_MODELS,
            ID_REFERENCES,
            JSON_ID_FIELDS,
        )
        from campaigns.occulites.demo import populate_demo_season
        from campaigns.occulites.models import TribeTimeslotLine
        from campaigns.occulites.sheet import timeslot_lines
        from campaigns.table.games import GameRegistration, StandAlonePage, Tab, register_game

        register_game(
            GameRegistration(
                key="occulites",
                name="Dawn: Rise of the Occulites",
                urls="campaigns.occulites.urls",
                tabs=(
                    Tab("sheet", "Sheet", "occulites:sheet"),
                    Tab("season", "Season", "occulites:season"),
                    Tab("record", "Record", "occulites:record"),
                    Tab("d10", "Dice", "occulites:d10"),
                    Tab("combat", "Combat", "occulites:combat"),
                    Tab("helpers", "Helpers", "occulites:helpers"),
                    Tab("tokens", "Tokens", "occulites:tokens"),
                ),
                demo_campaign_name="Demo: The Season of Sungems",
                demo=populate_demo_season,
                export_models=EXPORT_MODELS,
                delta_key_aliases=DELTA_KEY_ALIASES,
                id_references=ID_REFERENCES,
                json_id_fields=JSON_ID_FIELDS,
                on_ledger_entry=timeslot_lines.record_entry,
                rebuild_derived=timeslot_lines.rebuild,
                derived_models=(TribeTimeslotLine,),
                stand_alone=(
                    StandAlonePage("Occulites: stand-alone tribe builder", "occulites:builder"),
                ),
            )
        )
        rule_links.register()
