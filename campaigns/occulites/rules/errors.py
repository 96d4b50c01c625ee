"""The one exception every Occulites rule raises when an action breaks a rule."""


class RuleViolation(ValueError):
    """An action the rulebook does not allow.

    The message names the rule in plain words (e.g. "Thunder Leap needs Leap first"),
    because it is shown to the player next to the field that caused it.
    """
