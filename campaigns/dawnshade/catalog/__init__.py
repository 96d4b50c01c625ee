"""Rulebook data for Dawnshade: The Watchers Prophecy (seed 001), as immutable Python values.

One module per topic: ``watchers`` (the six Watchers, their elements and colours), ``vaki``
(elements, tiers, combinations), ``conditions`` (positive and negative condition per element),
``modes`` (game modes, difficulty), ``rewards`` (quest tile rewards per mode), ``outposts``
(upgrade levels and Foundry prices), ``blessings``, ``quest_deck`` (tiles, outposts,
outcomes), ``characters`` (stats, Skill Dice), ``items`` (types, tiers), ``currency`` and
``solo``. Every item names
the rulebook section it comes from in its ``source``; keys are stable snake_case strings that
the database stores. A value the rulebook does not print is ``None`` (or a ``missing`` flag),
never a guess.
"""
