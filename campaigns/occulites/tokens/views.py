"""The Tribal Tokens page: every tribe's token pools for the game in progress (a live panel)
and the form to add a tribe by name. Each action posts one form to one service through the
platform's `form_action`."""

from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from campaigns.occulites.queries import campaign_tribes
from campaigns.occulites.rules.tribal_tokens import (
    CHIEF_OCCULITE_TOKENS,
    LUFTLE_CHIEF_TOKENS,
    TRIBAL_TOKEN_USES,
)
from campaigns.table.access import campaign_view
from campaigns.table.form_markup import fresh_form
from campaigns.table.htmx import campaign_context, form_action, render_page

from . import services
from .forms import ChiefForm, ExpectedCountForm, TokenPoolForm, TokenSpendForm, TokensTribeForm

TEMPLATE = "occulites/tokens/tokens.html"
POOL_TITLES = {
    services.CHIEF_POOL: "Chief's tokens",
    services.LUFTLE_CHIEF_POOL: "Luftle Chief's tokens",
}


def _board(game: services.TokensGame) -> list[dict]:
    """Each tribe's pools with what the page shows: tokens left, this turn's spends, and the
    figures each pool can be spent on (a Luftle Chief's only on Luftles; Luftles from the
    Chief's only with Friend of the Luftles)."""
    tribes = []
    for tribe in game.tribes:
        pools = []
        chief_on_board = True
        for key, tokens in tribe.pools.items():
            chief_on_board = tokens.chief_on_board
            figures = [
                {"name": name, "luftle": luftle, "spent": tokens.spent_on_this_turn(name)}
                for name, luftle in tribe.figures
                if (luftle if tokens.luftles_only else not luftle or tribe.friend_of_the_luftles)
            ]
            pools.append(
                {
                    "key": key,
                    "title": POOL_TITLES.get(key, key),
                    "tokens": tokens,
                    "left": tokens.tokens_left,
                    "pips": [index < tokens.tokens_left for index in range(tokens.tokens_at_start)],
                    "spent": len(tokens.spends),
                    "spends": [
                        {
                            "figure": spend.figure,
                            "use": TRIBAL_TOKEN_USES[spend.use].name,
                            "turn": spend.turn,
                        }
                        for spend in tokens.spends
                    ],
                    "figures": figures,
                }
            )
        tribes.append(
            {
                "key": tribe.key,
                "name": tribe.name,
                "friend": tribe.friend_of_the_luftles,
                "chief_on_board": chief_on_board,
                "pools": pools,
            }
        )
    return tribes


def _tribes_founded_since(campaign, game: services.TokensGame) -> list[str]:
    """Campaign tribes the game in progress doesn't know yet (founded after it started)."""
    in_game = {tribe.key for tribe in game.tribes}
    return [tribe.name for tribe in campaign_tribes(campaign) if f"tribe-{tribe.pk}" not in in_game]


def _context(membership, tribe_form=None, error="") -> dict:
    game = services.tokens_state(membership.campaign)
    return campaign_context(
        membership,
        "tokens",
        founded_since=_tribes_founded_since(membership.campaign, game),
        turn=game.turn,
        tribes=_board(game),
        tribe_form=tribe_form or fresh_form(TokensTribeForm, None),
        error=error,
        how=f"Each Chief starts a game with {CHIEF_OCCULITE_TOKENS} Tribal Tokens (a Luftle "
        f"Chief brings {LUFTLE_CHIEF_TOKENS} for Luftles only): one token per figure per turn, "
        "and none while the Chief is off the board.",
    )


def _action(request, membership, form, service, *, form_name=None, **arguments):
    """Post `form` to `service`: the panel comes back (with the refusal or conflict in it),
    or, for the form named `form_name`, a refusal comes back beside that form."""

    def call(data):
        values = {name: data[key] for name, key in arguments.items()}
        return service(campaign=membership.campaign, actor=request.user, **values)

    def render_fragment(outcome):
        if form_name and outcome.status == 422:
            context = _context(membership, tribe_form=form)
            return render_page(request, TEMPLATE, context, partial=form_name)
        return render_page(
            request, TEMPLATE, _context(membership, error=outcome.message), partial="panel"
        )

    return form_action(
        request,
        form,
        call,
        success_url=reverse("occulites:tokens", args=[membership.campaign_id]) + "#tokens-panel",
        render_fragment=render_fragment,
        retarget_to="#tribe-form" if form_name else None,
    )


@campaign_view(game="occulites")
@require_GET
def tokens(request, membership):
    return render_page(request, TEMPLATE, _context(membership), partial="panel")


@campaign_view(game="occulites")
@require_POST
def tokens_new_game(request, membership):
    return _action(request, membership, ExpectedCountForm(request.POST), services.tokens_new_game)


@campaign_view(game="occulites")
@require_POST
def tokens_add_tribe(request, membership):
    return _action(
        request,
        membership,
        TokensTribeForm(request.POST),
        services.tokens_add_tribe,
        form_name="tribe_form",
        name="name",
        occulites="occulites",
        luftles="luftles",
        luftle_chief="luftle_chief",
        friend_of_the_luftles="friend_of_the_luftles",
    )


@campaign_view(game="occulites")
@require_POST
def tokens_spend(request, membership):
    return _action(
        request,
        membership,
        TokenSpendForm(request.POST),
        services.tokens_spend,
        tribe="tribe",
        pool="pool",
        figure="figure",
        use="use",
    )


@campaign_view(game="occulites")
@require_POST
def tokens_undo(request, membership):
    return _action(
        request,
        membership,
        TokenPoolForm(request.POST),
        services.tokens_undo,
        tribe="tribe",
        pool="pool",
        expected_spent="expected",
    )


@campaign_view(game="occulites")
@require_POST
def tokens_chief(request, membership):
    return _action(
        request,
        membership,
        ChiefForm(request.POST),
        services.tokens_chief_on_board,
        tribe="tribe",
        on_board="on_board",
    )


@campaign_view(game="occulites")
@require_POST
def tokens_next_turn(request, membership):
    return _action(
        request,
        membership,
        ExpectedCountForm(request.POST),
        services.tokens_next_turn,
        expected_turn="expected",
    )
