"""Forms of the table platform: they parse and check input; services do the work."""

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import PasswordChangeForm, UserCreationForm

from campaigns.table.fields import BoundedIntegerField

from . import dice
from .form_base import Form
from .games import game_choices
from .models import EditPolicy, Role


class SignUpForm(UserCreationForm):
    class Meta:
        model = get_user_model()
        fields = ("username",)


class ThrottledPasswordChangeForm(PasswordChangeForm):
    """A wrong old password counts as a failed login (so it locks like one), and a locked
    account cannot try at all."""

    def __init__(self, user, *args, request=None, **kwargs):
        self.request = request
        super().__init__(user, *args, **kwargs)

    def clean_old_password(self):
        from axes.handlers.proxy import AxesProxyHandler
        from django.contrib.auth.signals import user_login_failed

        credentials = {"username": self.user.get_username()}
        if self.request is not None:
            AxesProxyHandler.update_request(self.request)
            if AxesProxyHandler.is_locked(self.request, credentials):
                raise forms.ValidationError(
                    "Too many wrong passwords: try again in 15 minutes.", code="locked"
                )
        try:
            return super().clean_old_password()
        except forms.ValidationError:
            if self.request is not None:
                user_login_failed.send(
                    sender=type(self), credentials=credentials, request=self.request
                )
            raise


class CampaignCreateForm(Form):
    game = forms.ChoiceField(choices=game_choices)
    name = forms.CharField(max_length=80, label="Campaign name")


class CampaignRenameForm(Form):
    name = forms.CharField(max_length=80, label="Campaign name")
    # The name the user saw when the form was drawn, to catch a rename made meanwhile.
    expected_name = forms.CharField(
        max_length=80,
        widget=forms.HiddenInput,
        error_messages={"required": "Reload the page: the form lost the name you saw."},
    )


class CampaignDeleteForm(Form):
    confirm_name = forms.CharField(max_length=80, label="Type the campaign's name to delete it")


class EditPolicyForm(Form):
    edit_policy = forms.ChoiceField(
        choices=EditPolicy.choices, widget=forms.RadioSelect, label="Who may change what"
    )


class RoleForm(Form):
    role = forms.ChoiceField(choices=Role.choices)


class DiceForm(Form):
    count = BoundedIntegerField(
        min_value=1, max_value=dice.MAX_DICE, initial=2, label="Number of dice"
    )
    sides = forms.TypedChoiceField(
        choices=[(s, f"d{s}") for s in dice.SIDES_ALLOWED],
        coerce=int,
        initial=10,
        label="Dice type",
    )


class HistoryFilterForm(Form):
    subject = forms.CharField(required=False, max_length=80)

    def subject_filter(self) -> tuple[str, str] | None:
        """("tribe", "3") from "tribe:3"; None when absent or malformed."""
        if not self.is_valid() or ":" not in self.cleaned_data["subject"]:
            return None
        subject_type, subject_id = self.cleaned_data["subject"].split(":", 1)
        return subject_type, subject_id


BACKUP_MAX_BYTES = 20 * 1024 * 1024


class CampaignImportForm(Form):
    backup = forms.FileField(label="Backup file (.json)")
    attach_members = forms.BooleanField(
        required=False,
        label="Add the backup's members who have an account here",
    )

    def clean_backup(self):
        import json

        upload = self.cleaned_data["backup"]
        if upload.size > BACKUP_MAX_BYTES:
            raise forms.ValidationError("That file is too large to be a campaign backup.")
        try:
            return json.loads(upload.read().decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise forms.ValidationError("That file is not a JSON backup.") from None
