from django.apps import AppConfig

DEMO_CALLS = []


def fill_demo(*, campaign, owner, friend):
    DEMO_CALLS.append((campaign.pk, owner.username, friend.username))


class ThrowawayGameConfig(AppConfig):
    name = "tests.table.throwaway_game"
    label = "throwaway_game"

    def ready(self):
        from campaigns.table.games import GameRegistration, StandAlonePage, Tab, register_game

        register_game(
            GameRegistration(
                key="marbles",
                name="Marbles: a test game",
                urls="tests.table.throwaway_game.urls",
                tabs=(Tab("bag", "Bag", "marbles:bag"),),
                demo_campaign_name="Demo: Marbles",
                demo=fill_demo,
                stand_alone=(StandAlonePage("Marbles: counting help", "marbles:help"),),
            )
        )
