"""The exception every Glow rule raises when an action breaks a rule."""

from campaigns.table.rule_errors import RuleViolation as TableRuleViolation


class RuleViolation(TableRuleViolation):
    """A Glow action the rulebook does not allow (the message names the rule)."""


class ValueNeeded(RuleViolation):
    """The step needs a value the expansion does not print (a board's score-track bonus,
    for instance); ``key`` says which, so the app can ask the group once and remember it."""

    def __init__(self, message: str, *, key: str) -> None:
        super().__init__(message)
        self.key = key
