"""Small middleware of the table platform: HEAD like GET, and headers every page carries."""

from django.conf import settings

# Everything the app loads is its own: no inline script or style, no eval (htmx is configured
# with allowEval off and without injected indicator styles; see base.html).
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; manifest-src 'self'; worker-src 'self'; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)
PERMISSIONS_POLICY = (
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), "
    "accelerometer=(), gyroscope=(), magnetometer=(), screen-wake-lock=(self)"
)


class HeadAsGetMiddleware:
    """Answer HEAD wherever GET is answered (views declare GET only): the same status and
    headers, no body."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method != "HEAD":
            return self.get_response(request)
        request.method = "GET"
        response = self.get_response(request)
        request.method = "HEAD"
        if not getattr(response, "streaming", False):
            length = len(response.content)
            response.content = b""
            response["Content-Length"] = str(length)
        return response


class PrivatePagesMiddleware:
    """A page for a signed-in member is never kept by a browser or proxy cache (a shared
    tablet must not show the last player's campaign); every response carries the Content
    Security Policy and says which browser features the app does not use."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        # A response already marked no-store (the ticketed live-refresh check) is left so
        # without loading the session and user it did without.
        if "no-store" not in response.get("Cache-Control", ""):
            user = getattr(request, "user", None)
            is_static = request.path.startswith(settings.STATIC_URL)
            if user is not None and user.is_authenticated and not is_static:
                response["Cache-Control"] = "private, no-store"
        response.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        response.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        return response
