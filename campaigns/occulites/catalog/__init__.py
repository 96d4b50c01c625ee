"""Rulebook data for Dawn: Rise of the Occulites (seed 000), as immutable Python values.

One module per topic: ``blueprints`` (statistics, Genetic Blueprint, campaign maxima),
``abilities``, ``tribe_types``, ``luftles``, ``scenarios``, ``season`` (Time of the Season
table) and ``stand_alone`` (tribe levels). Every item names the rulebook section it comes from
in its ``source``; keys are stable snake_case strings that the database stores.
"""
