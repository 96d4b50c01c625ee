"""The tribe page's latest changes (``tribe_history_items``): the tribe's own entries, newest
first, what was undone marked, a reason a player typed escaped, at most the newest
``TRIBE_HISTORY_LENGTH``, and a link to all of them on the History page."""

import re

from django.urls import reverse

from campaigns.occulites import services
from campaigns.occulites.sheet.views import TRIBE_HISTORY_LENGTH
from campaigns.occulites.templatetags.occulites import tribe_history_items
from campaigns.table.ledger import last_undoable_entry, ledger_undo


def _latest(html: str) -> list[str]:
    listed = re.search(r'<ol class="history">(.*?)</ol>', html, re.S)[1]
    return re.findall(r"<li[^>]*>.*?</li>", listed, re.S)


def test_the_tribes_latest_changes_newest_first_with_undone_marked(
    owner_client, campaign, palaudis, hydris, user
):
    for n in range(3):
        services.tribe_sungems_change(tribe=palaudis, actor=user, amount=1, reason=f"<b>{n}</b>")
    services.tribe_sungems_change(tribe=hydris, actor=user, amount=1, reason="Not Palaudis")
    ledger_undo(campaign=campaign, actor=user, entry_id=last_undoable_entry(campaign).pk)
    page = reverse("occulites:tribe_sheet", args=[campaign.pk, palaudis.pk])
    items = _latest(owner_client.get(page).content.decode())
    reasons = [re.search(r"<strong>(.*?)</strong>", item)[1] for item in items]
    assert reasons[:3] == [f"+1 Sungems: &lt;b&gt;{n}&lt;/b&gt;" for n in (2, 1, 0)]
    assert not any("Not Palaudis" in reason for reason in reasons)
    assert all('<p class="muted">owner · <time datetime="' in item for item in items)
    assert not any('<span class="badge">undone</span>' in item for item in items)

    ledger_undo(campaign=campaign, actor=user, entry_id=last_undoable_entry(campaign).pk)
    items = _latest(owner_client.get(page).content.decode())
    assert "<strong>Undo: +1 Sungems: &lt;b&gt;2&lt;/b&gt;</strong>" in items[0]
    assert items[1].startswith('<li class="undone">') and 'badge">undone<' in items[1]


def test_at_most_the_newest_are_listed_with_a_link_to_all(owner_client, campaign, palaudis, user):
    for n in range(TRIBE_HISTORY_LENGTH + 5):
        services.tribe_sungems_change(tribe=palaudis, actor=user, amount=1, reason=f"Found {n}")
    html = owner_client.get(
        reverse("occulites:tribe_sheet", args=[campaign.pk, palaudis.pk])
    ).content.decode()
    assert len(_latest(html)) == TRIBE_HISTORY_LENGTH
    assert f"(the newest {TRIBE_HISTORY_LENGTH} are above)" in html
    assert f'?subject=tribe%3A{palaudis.pk}" data-full-history>' in html


def test_no_changes_yet_says_so():
    assert tribe_history_items([]) == '<li class="muted">Nothing recorded yet.</li>'
