"""The rules reference as loaded from rulesref/entries (see content.py)."""

from django.db import models

from .content import GAMES


class Entry(models.Model):
    """One rule, table or procedure, written in our own words, citing its rulebook section.

    `search_title`, `search_aliases`, `search_keywords` and `search_body` are accent-folded
    copies that the full-text indexes read (an FTS5 table on SQLite, a generated tsvector
    column on PostgreSQL; see the migrations).
    """

    game = models.CharField(max_length=20)
    slug = models.SlugField(max_length=120)
    title = models.CharField(max_length=200)
    section = models.CharField(max_length=300)
    aliases = models.JSONField(default=list)
    keywords = models.JSONField(default=list)
    related = models.JSONField(default=list)
    gap = models.BooleanField(default=False)
    body_html = models.TextField()
    search_title = models.TextField()
    search_aliases = models.TextField(blank=True)
    search_keywords = models.TextField(blank=True)
    search_body = models.TextField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="one_entry_per_slug")]
        ordering = ["game", "title"]
        verbose_name_plural = "entries"

    def __str__(self) -> str:
        return self.title

    @property
    def key(self) -> str:
        return f"{self.game}/{self.slug}"

    @property
    def game_name(self) -> str:
        return GAMES.get(self.game, self.game)


class SearchRevision(models.Model):
    """Which copy of the entries the search's in-process texts belong to (see
    `search._entry_texts`): one row, its `token` replaced by a fresh random one whenever
    `loading.sync_reference` (the entries' only writer) changes an entry. Random, not a
    counter, so a rolled-back change can never leave a token that named other texts."""

    token = models.CharField(max_length=32)

    def __str__(self) -> str:
        return self.token
