"""The exception every Occulites rule raises when an action breaks a rule."""

from campaigns.table.rule_errors import RuleViolation as TableRuleViolation


class RuleViolation(TableRuleViolation):
    """An Occulites action the rulebook does not allow (the message names the rule)."""
