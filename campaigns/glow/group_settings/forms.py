"""Forms of the group settings: values the expansion does not print, entered once."""

import re

from django import forms

from campaigns.glow.catalog.butterflies import SPECIAL_KINDS
from campaigns.glow.catalog.solo import TOM_TILE_SIDES, TOM_TILES
from campaigns.glow.rules.errors import RuleViolation
from campaigns.glow.rules.tom import ArchipelagoMap, Island, SeaPath
from campaigns.table.fields import COUNT_MAX, BoundedIntegerField
from campaigns.table.form_base import Form


def _whole(part: str) -> int:
    """A number typed in a list: digits 0-9 only (not "٣"), and short (never 10 kB)."""
    if not re.fullmatch(r"-?[0-9]{1,6}", part):
        raise ValueError(part)
    return int(part)


def _lines(text: str) -> list[list[str]]:
    return [line.split() for line in text.splitlines() if line.strip()]


class TrackBonusForm(Form):
    space = BoundedIntegerField(
        min_value=-COUNT_MAX, max_value=COUNT_MAX, label="Score-track space"
    )
    bonus = BoundedIntegerField(
        min_value=-COUNT_MAX,
        max_value=COUNT_MAX,
        label="Number printed beside it",
        required=False,
        help_text="0 if none; empty forgets it.",
    )


class VillagesForm(Form):
    villages = forms.CharField(
        label="Province of Shadows: villages",
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text="One village a line, lowest first: its shards of light, then the footprints "
        "it costs (for example “15 2”).",
    )

    def clean_villages(self):
        villages = []
        for number, parts in enumerate(_lines(self.cleaned_data["villages"]), start=1):
            try:
                shards, footprints = (_whole(part) for part in parts)
            except ValueError:
                raise forms.ValidationError(
                    f"Line {number}: write the shards, then the footprint cost (“15 2”)."
                ) from None
            villages.append((shards, footprints))
        return villages


class ArchipelagoForm(Form):
    islands = forms.CharField(
        label="Archipelago of Darkness: islands",
        widget=forms.Textarea(attrs={"rows": 5}),
        help_text="One island a line: a short name, then its shards of light (“north 6”). "
        "The central island is “central”.",
    )
    paths = forms.CharField(
        label="Paths between islands",
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text="One path a line: from, to, the value Tom ranks it by, and “forbidden” for "
        "the one under the prohibition token (“central east 1 forbidden”).",
    )

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        try:
            islands = tuple(
                Island(parts[0], _whole(parts[1])) for parts in _lines(cleaned["islands"])
            )
            paths = tuple(
                SeaPath(
                    parts[0],
                    parts[1],
                    _whole(parts[2]),
                    label=parts[2],
                    forbidden="forbidden" in parts[3:],
                )
                for parts in _lines(cleaned["paths"])
            )
        except (IndexError, ValueError):
            self.add_error(
                "paths", "Write each island as “name shards” and each path as “from to value”."
            )
            return cleaned
        try:
            cleaned["archipelago"] = ArchipelagoMap(islands, paths)
        except RuleViolation as refusal:
            self.add_error("paths", str(refusal))
        return cleaned


class TileFacesForm(Form):
    """Tom's 8 tiles: arrows and side each (not printed in the expansion)."""

    def __init__(self, *args, faces=None, **kwargs):
        super().__init__(*args, **kwargs)
        faces = faces or []
        for tile in range(1, TOM_TILES + 1):
            arrows, side = faces[tile - 1] if len(faces) >= tile else (None, "+")
            self.fields[f"tile{tile}_arrows"] = BoundedIntegerField(
                min_value=-COUNT_MAX,
                max_value=COUNT_MAX,
                label=f"Tile {tile}: arrows",
                initial=arrows,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )
            self.fields[f"tile{tile}_side"] = forms.ChoiceField(
                label=f"Tile {tile}: side", choices=[(s, s) for s in TOM_TILE_SIDES], initial=side
            )

    def tiles(self):
        return [
            (self[f"tile{tile}_arrows"], self[f"tile{tile}_side"])
            for tile in range(1, TOM_TILES + 1)
        ]

    def faces(self) -> list[tuple[int, str]]:
        return [
            (self.cleaned_data[f"tile{tile}_arrows"], self.cleaned_data[f"tile{tile}_side"])
            for tile in range(1, TOM_TILES + 1)
        ]


class SpecialCountsForm(Form):
    def __init__(self, *args, counts=None, **kwargs):
        super().__init__(*args, **kwargs)
        counts = counts or {}
        for key, kind in SPECIAL_KINDS.items():
            self.fields[key] = BoundedIntegerField(
                label=kind.name,
                initial=counts.get(key, 0),
                min_value=0,
                max_value=12,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )

    def counts(self) -> dict[str, int]:
        return {key: self.cleaned_data[key] for key in SPECIAL_KINDS}


class AdventurersForm(Form):
    names = forms.CharField(
        label="Core adventurers the group plays",
        required=False,
        widget=forms.Textarea(attrs={"rows": 5}),
        help_text="One name a line; Hulios, Zay'Drel and Elldir are always there.",
    )

    def clean_names(self):
        return self.cleaned_data["names"].splitlines()


class BggForm(Form):
    bgg_id = BoundedIntegerField(
        label="BoardGameGeek id of Glow (for BG Stats)",
        required=False,
        min_value=1,
        max_value=2**31 - 1,
    )
