"""``pick`` makes a page's fresh form only when the template asks, once, and gives the
refused copy instead when the request refused it."""

from campaigns.dawnshade.pages import pick


def test_pick_makes_the_form_once_and_only_when_asked():
    made = []
    picked = pick({"refused": {}}, "turn", lambda: made.append("form") or "form")
    assert made == []
    assert picked() == "form"
    assert picked() == "form"
    assert made == ["form"]


def test_pick_gives_the_refused_copy():
    refused = object()
    assert pick({"refused": {"turn": refused}}, "turn", lambda: "fresh") is refused
