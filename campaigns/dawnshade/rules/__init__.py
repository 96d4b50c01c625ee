"""Pure rules for Dawnshade: The Watchers Prophecy (seed 001); no Django imports.

Kinship campaign rules: ``kinship`` (XP, levels, training points), ``training`` (Guild Hall),
``alignment`` (Watchers Alignment and shifts), ``vaki`` (pool, combining), ``threat``,
``challenges`` (Stat and Cogbot Challenges), ``rewards`` (quest tile rewards per mode),
``items`` (ITEMS cap, Mercantile), ``foundry`` (transmuting, Cogbot Fighter, Cogbehemoth),
``outposts`` (Guild Hall tiers, Boomshot Gallery), ``currency``, ``movement`` (Move Kinship,
Active Player), ``quest_deck`` (deck order, solo blessings), ``chapters`` (narratives, outpost
levels, alignment reset, Artifact). Every refusal raises ``errors.RuleViolation``; randomness
comes in as a ``random.Random``.
"""
