"""The base of every game's rules error; Django-free, so pure rules modules may import it."""


class RuleViolation(ValueError):
    """An action the rulebook does not allow.

    The message names the rule in plain words (e.g. "Thunder Leap needs Leap first"), because
    it is shown to the player next to the field that caused it. Each game's rules raise this
    or a subclass of it; the platform's action pipeline turns it into a 422 with the message.
    """
