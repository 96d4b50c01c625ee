"""The exception every Dawnshade rule raises when an action breaks a rule."""

from campaigns.table.rule_errors import RuleViolation as TableRuleViolation


class RuleViolation(TableRuleViolation):
    """A Dawnshade action the rulebook does not allow (the message names the rule)."""
