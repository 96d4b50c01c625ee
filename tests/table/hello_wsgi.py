"""The smallest WSGI app, for tests that exercise gunicorn itself (its workers), not Django."""

import os


def application(environ, start_response):
    body = str(os.getpid()).encode()
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", str(len(body)))])
    return [body]
