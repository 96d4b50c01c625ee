"""Small middleware of the table platform: HEAD like GET, and headers every page carries."""

from django.conf import settings

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
    tablet must not show the last player's campaign), and every response says which browser
    features the app does not use."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        user = getattr(request, "user", None)
        is_static = request.path.startswith(settings.STATIC_URL)
        if user is not None and user.is_authenticated and not is_static:
            response["Cache-Control"] = "private, no-store"
        response.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        return response
