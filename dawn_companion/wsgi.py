"""WSGI entry point (gunicorn dawn_companion.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dawn_companion.settings")
application = get_wsgi_application()
