"""Errors a table service raises; views turn them into 422 / 409 responses."""

from django.core.exceptions import ValidationError


class Conflict(Exception):
    """Someone else changed the thing first; the user should look again before retrying."""


__all__ = ["Conflict", "ValidationError"]
