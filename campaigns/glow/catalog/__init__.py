"""Rulebook data for Glow's "Dawn" expansion (seed 003), as immutable Python values.

One module per topic: ``adventurers`` (Hulios, Zay'Drel, Elldir and their dice),
``sets`` (Elemental, Anibloom, Draconic), ``butterflies`` (tokens and their scoring
table), ``setup`` (the Summary table and the 5- and 6-player features), ``solo`` (the
single-player rules and Tom) and ``journey_boards``. Every item names its rulebook
section in ``source``; keys are stable snake_case strings the database stores.

The core Glow rules are not in the source: where a value lives only there (or only in an
illustration) it is ``None`` and documented as not printed, never guessed.
"""

# Marks a value the expansion's text does not give (it is in the core rulebook or only in
# an illustration); the app asks the group for it instead.
NOT_PRINTED = None
