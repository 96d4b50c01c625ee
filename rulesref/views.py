"""The rules search page (results update while typing) and the entry page."""

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from campaigns.table.models import Campaign

from .content import GAMES
from .forms import RulesSearchForm
from .models import Entry
from .search import query_tokens, search_entries
from .tools import tools_for


@require_GET
def search(request):
    form = RulesSearchForm(request.GET)
    form.is_valid()  # every field is optional; bad values just fall back to defaults
    query = form.cleaned_data.get("q", "")
    game = form.cleaned_data.get("game") or None
    results = search_entries(query, game=game) if query else []
    if not query.strip():
        message = "Type a word or two: “boost”, “long dark”, “training points”…"
    elif not query_tokens(query):
        message = "Search with words or numbers; symbols on their own match nothing."
    elif not results:
        message = "Nothing matches. Try fewer or simpler words, or another game."
    else:
        message = ""
    context = {
        "form": form,
        "rules_query": query,
        "results": results,
        "message": message,
        "games": GAMES,
    }
    template = "rulesref/search.html"
    if request.htmx and request.htmx.target == "rules-results":
        template += "#results"
    elif request.htmx and request.htmx.target == "main":
        template += "#search_main"
    return render(request, template, context)


@require_GET
def entry_detail(request, game: str, slug: str):
    entry = Entry.objects.filter(game=game, slug=slug).first()
    if entry is None:
        raise Http404("No such rule")
    related_keys = [key.split("/", 1) for key in entry.related]
    related = sorted(
        (
            e
            for e in Entry.objects.filter(slug__in=[s for _, s in related_keys])
            if e.key in entry.related
        ),
        key=lambda e: entry.related.index(e.key),
    )
    tools = []
    links = tools_for(entry.key)
    campaigns = []
    if request.user.is_authenticated and any(link.needs_campaign for link in links):
        campaigns = list(Campaign.objects.filter(memberships__user=request.user, game=game))
    for link in links:
        if not link.needs_campaign:
            tools.append((link.label, reverse(link.url_name)))
        for campaign in campaigns if link.needs_campaign else ():
            tools.append(
                (f"{link.label} · {campaign.name}", reverse(link.url_name, args=[campaign.pk]))
            )
    return render(
        request,
        "rulesref/entry.html",
        {"entry": entry, "related": related, "tools": tools, "game_name": GAMES.get(game, game)},
    )
