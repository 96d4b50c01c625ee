"""Poll tickets spoilt the ways a client could spoil them, for each place that trusts a
ticket (the poll, a campaign page's htmx reads): `spoil(ticket, other_user_id)`."""

import pytest

SPOILT_TICKETS = pytest.mark.parametrize(
    "spoil",
    [
        lambda ticket, other_id: ticket[:-1] + ("0" if ticket[-1] != "0" else "1"),
        lambda ticket, other_id: f"{other_id}." + ticket.split(".", 1)[1],
        lambda ticket, other_id: "",
        lambda ticket, other_id: "1.2",
        lambda ticket, other_id: "99999999999999999999999.1.abc",
    ],
    ids=["forged signature", "another member's id", "empty", "malformed", "huge id"],
)
