"""The one action pipeline every view of every game uses, and the helpers around it.

An action view parses a form, calls one service and answers:
- the form invalid, or the service refusing with `ValidationError` (field errors) or the
  rules' `RuleViolation` (a message) → 422 with the form re-rendered and the message beside
  the field;
- `Conflict` (someone else changed it first) → 409 with the fresh fragment and the message;
- success → for htmx the page's partial, without JavaScript a redirect (post/redirect/get).
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django_htmx.http import retarget

from .access import show_committed_version
from .errors import Conflict, ValidationError
from .rule_errors import RuleViolation


def render_page(request, template: str, context: dict, *, partial: str | None = None, status=200):
    """The whole page, or for an htmx request the named partial of the same template."""
    name = f"{template}#{partial}" if partial and request.htmx else template
    return render(request, name, context, status=status)


def safe_next(request, fallback: str) -> str:
    """The `next` the request carries (POST, then GET) when it is a path on this site;
    otherwise `fallback`. Never resolved as a URL name, never another host."""
    candidate = request.POST.get("next") or request.GET.get("next") or ""
    if (
        candidate.startswith("/")
        and not candidate.startswith("//")
        and url_has_allowed_host_and_scheme(
            candidate, allowed_hosts={request.get_host()}, require_https=False
        )
    ):
        return candidate
    return fallback


def redirect_next(request, fallback: str):
    """Redirect to the request's safe `next`, else to `fallback` (a path)."""
    return redirect(safe_next(request, fallback))


def campaign_context(membership, tab: str, **extra) -> dict:
    """What every campaign page's layout needs: the campaign, the member, the current tab."""
    return {"campaign": membership.campaign, "membership": membership, "tab": tab, **extra}


def add_service_errors(form, error: ValidationError) -> None:
    """Show a service's refusal beside the field it names (or above the form)."""
    if hasattr(error, "error_dict"):
        for field, field_errors in error.error_dict.items():
            form.add_error(field if field in form.fields else None, field_errors)
    else:
        form.add_error(None, error)


def form_message(form) -> str:
    """All of a form's errors as one line, for a refusal shown away from the form."""
    return " ".join(str(error) for errors in form.errors.values() for error in errors)


@dataclass(frozen=True)
class Outcome:
    """What became of an action: `status` 200 (done), 422 (refused) or 409 (conflict);
    `result` is what the service returned; `message` the refusal or conflict in words."""

    status: int
    result: Any = None
    message: str = ""

    @property
    def ok(self) -> bool:
        return self.status == 200


def run_service(form, call: Callable[[dict], Any], *, field: str | None = None) -> Outcome:
    """Validate `form`, then `call(cleaned_data)`; turn the service's refusals into form
    errors (on `field` when the form has it) and a Conflict into a 409 outcome."""
    if not form.is_valid():
        return Outcome(422, message=form_message(form))
    try:
        result = call(form.cleaned_data)
    except ValidationError as error:
        add_service_errors(form, error)
        return Outcome(422, message=" ".join(error.messages))
    except RuleViolation as refusal:
        form.add_error(field if field in form.fields else None, str(refusal))
        return Outcome(422, message=str(refusal))
    except Conflict as conflict:
        return Outcome(409, message=str(conflict))
    return Outcome(200, result=result)


def form_action(
    request,
    form,
    call: Callable[[dict], Any],
    *,
    success_url: str | Callable[[Any], str],
    render_fragment: Callable[[Outcome], HttpResponse],
    field: str | None = None,
    retarget_to: str | None = None,
    success_message: str | Callable[[Any], str] | None = None,
) -> HttpResponse:
    """The whole pipeline for one action view.

    `render_fragment(outcome)` renders the page (without JS on a refusal) or its partial
    (htmx); it sees the outcome, so it can show the form with its errors (422) or the fresh
    state with the conflict message (409). `success_url` (or a function of the service's
    result) is where a browser without JavaScript goes after a success. `retarget_to` moves a
    refused htmx answer onto the form's own element (a form that sits outside the fragment
    it normally refreshes). `success_message` (or a function of the result) is flashed on
    success, for the redirected page or the fragment's messages.
    """
    outcome = run_service(form, call, field=field)
    if outcome.ok and success_message is not None:
        text = success_message(outcome.result) if callable(success_message) else success_message
        messages.success(request, text)
    if outcome.ok and not request.htmx:
        url = success_url(outcome.result) if callable(success_url) else success_url
        return redirect(url)
    membership = getattr(request, "campaign_membership", None)
    if outcome.ok and membership is not None:
        show_committed_version(membership.campaign)
    response = render_fragment(outcome)
    response.status_code = outcome.status
    if outcome.status == 422 and retarget_to and request.htmx:
        return retarget(response, retarget_to)
    return response
