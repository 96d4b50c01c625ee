"""The messages list every full page and some fragments draw (``{% message_items %}``): each
message escaped with its level as a class, nothing at all when there is none, and a page
after a redirect shows the message once."""

from django.contrib.messages import constants
from django.contrib.messages.storage.base import Message
from django.urls import reverse

from campaigns.table.templatetags.table import message_items


def test_each_message_escaped_with_its_level():
    html = message_items(
        {
            "messages": [
                Message(constants.SUCCESS, "Saved <b>“Pim & Co”</b>"),
                Message(constants.ERROR, "No"),
            ]
        }
    )
    assert html == (
        '\n  <ul class="messages" role="status">\n'
        '    <li class="message success">Saved &lt;b&gt;“Pim &amp; Co”&lt;/b&gt;</li>'
        '<li class="message error">No</li>\n  </ul>\n'
    )


def test_nothing_without_messages():
    assert message_items({}) == "" and message_items({"messages": []}) == ""


def test_a_message_shows_once_after_its_redirect(owner_client, campaign):
    response = owner_client.post(
        reverse("campaign_rename", args=[campaign.pk]),
        {"name": "Renamed", "expected_name": campaign.name},
        follow=True,
    )
    page = response.content.decode()
    assert page.count('<ul class="messages" role="status">') == 1
    assert "Campaign renamed." in page
    again = owner_client.get(reverse("campaign", args=[campaign.pk])).content.decode()
    assert '<ul class="messages"' not in again
