"""Reversed URLs, remembered: a URL is a pure function of the URL configuration, the script
prefix, the name and the arguments, and pages reverse the same few dozen again and again
(tabs, campaign links, form actions): about 40 µs each through Django's `reverse`.

`cached_reverse` is `reverse` with a bounded memory; the template library `url_cache`,
loaded as a builtin, gives every template a `{% url %}` that uses it. The memory is emptied
whenever the URL configuration may have changed (tests overriding ROOT_URLCONF).
"""

from contextvars import ContextVar
from functools import lru_cache

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template import Library
from django.template.defaulttags import URLNode
from django.template.defaulttags import url as django_url_tag
from django.urls import NoReverseMatch, get_script_prefix, get_urlconf, reverse
from django.utils.html import conditional_escape


@lru_cache(maxsize=8192)
def _reverse(view_name, args, kwargs, current_app, prefix, urlconf) -> str:
    return reverse(view_name, args=args, kwargs=dict(kwargs), current_app=current_app)


def cached_reverse(view_name, args=(), kwargs=None, current_app=None, *, urls=None) -> str:
    """`django.urls.reverse`, answered from memory when these arguments were seen before.
    `urls`: the (script prefix, URLconf) pair when the caller has looked it up already."""
    key_kwargs = tuple(sorted((kwargs or {}).items()))
    prefix, urlconf = urls or request_urls()
    try:
        return _reverse(view_name, tuple(args), key_kwargs, current_app, prefix, urlconf)
    except TypeError:  # an argument that cannot be a key: reverse it every time
        return reverse(view_name, args=args, kwargs=kwargs, current_app=current_app)


def reverse_around_id(view_name, args=()) -> tuple[str, str]:
    """The URL of `view_name` for `args` and an integer id last, as the two halves around
    that id: `head + str(id) + tail` is its URL for any id (a list of fifty rows writes each
    row's link without reversing it). For URLs whose last argument is an `<int:>`."""
    return _around_id(view_name, tuple(args), *request_urls())


@lru_cache(maxsize=1024)
def _around_id(view_name, args, prefix, urlconf) -> tuple[str, str]:
    one, two = (reverse(view_name, args=(*args, n)) for n in (1, 2))
    at = next(i for i, (a, b) in enumerate(zip(one, two, strict=True)) if a != b)
    head, tail = one[:at], one[at + 1 :]
    if two != f"{head}2{tail}":
        raise ValueError(f"{view_name}: its last argument is not written as given")
    return head, tail


# The request's (script prefix, URLconf) pair, looked up at its first reversal: both are
# thread-local reads (3 µs the pair) that cost seven times the remembered URL, and a page
# reverses dozens (its tabs, a history row's undo link, a play's link). Both are set before
# the middleware runs and this app never changes them during a request (no request.urlconf).
_REQUEST_URLS: ContextVar = ContextVar("dawn_request_urls", default=None)


def request_urls() -> tuple:
    """The (script prefix, URLconf) pair in force: the request's, looked up once a request
    (RequestURLsMiddleware); outside a request, looked up each time."""
    remembered = _REQUEST_URLS.get()
    if remembered is None:
        return get_script_prefix(), get_urlconf()
    if not remembered:
        remembered.append((get_script_prefix(), get_urlconf()))
    return remembered[0]


class RequestURLsMiddleware:
    """Gives each request its own memory of the (script prefix, URLconf) pair, filled at its
    first reversal and gone when it ends (so a request that reverses nothing pays nothing)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        token = _REQUEST_URLS.set([])
        try:
            return self.get_response(request)
        finally:
            _REQUEST_URLS.reset(token)


_URLS = "table.url_cache.urls"


def render_urls(context) -> tuple:
    """The (script prefix, URLconf) pair for this render, looked up once: both are
    thread-local reads that cost more than the remembered URL, and a page reverses dozens."""
    urls = context.render_context.get(_URLS)
    if urls is None:
        urls = context.render_context[_URLS] = request_urls()
    return urls


@receiver(setting_changed)
def _forget_urls(setting, **kwargs):
    if setting in {"ROOT_URLCONF", "FORCE_SCRIPT_NAME"}:
        _reverse.cache_clear()
        _around_id.cache_clear()


class CachedURLNode(URLNode):
    """Django's {% url %} node, reversing through `cached_reverse`."""

    def render(self, context):
        args = [arg.resolve(context) for arg in self.args]
        kwargs = {k: v.resolve(context) for k, v in self.kwargs.items()}
        view_name = self.view_name.resolve(context)
        try:
            current_app = context.request.current_app
        except AttributeError:
            try:
                current_app = context.request.resolver_match.namespace
            except AttributeError:
                current_app = None
        url = ""
        try:
            url = cached_reverse(view_name, args, kwargs, current_app, urls=render_urls(context))
        except NoReverseMatch:
            if self.asvar is None:
                raise
        if self.asvar:
            context[self.asvar] = url
            return ""
        return conditional_escape(url) if context.autoescape else url


register = Library()


@register.tag
def url(parser, token):
    """{% url %} exactly as Django parses it, with a node that remembers reversed URLs."""
    node = django_url_tag(parser, token)
    return CachedURLNode(node.view_name, node.args, node.kwargs, node.asvar)
