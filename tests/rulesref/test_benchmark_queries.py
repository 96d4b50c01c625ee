"""The labelled query set (rulesref/benchmark/queries.toml) is well formed and answerable."""

from collections import Counter

from rulesref.benchmark import STYLES, load_queries
from rulesref.content import GAMES, load_entry_files


def test_every_labelled_answer_is_an_existing_entry():
    keys = {entry.key for entry in load_entry_files()}
    missing = [
        (query.text, answer)
        for query in load_queries()
        for answer in query.answers
        if answer not in keys
    ]
    assert missing == []


def test_every_query_names_a_known_game_and_style_and_has_an_answer():
    for query in load_queries():
        assert query.game in GAMES, query.text
        assert query.style in STYLES, query.text
        assert query.answers, query.text


def test_the_set_covers_all_games_and_styles_in_roughly_equal_thirds():
    queries = load_queries()
    assert len(queries) >= 150
    assert set(Counter(query.game for query in queries)) == set(GAMES)
    styles = Counter(query.style for query in queries)
    assert all(count >= len(queries) // 4 for count in styles.values()), styles
    assert set(styles) == set(STYLES)


def test_no_query_is_listed_twice():
    texts = Counter(query.text.lower() for query in load_queries())
    assert [text for text, count in texts.items() if count > 1] == []
