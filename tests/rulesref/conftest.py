import pytest

from rulesref.loading import sync_reference


@pytest.fixture
def reference(db):
    """The whole rules reference, loaded into the test database."""
    sync_reference()
