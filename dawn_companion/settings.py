"""Settings for Dawn Companion: one module, configured by environment variables.

Development needs none of them. Production sets SECRET_KEY, DEBUG=0, ALLOWED_HOSTS and
DATABASE_URL (see README "Production").
"""

import os
from pathlib import Path

import dj_database_url
from django.conf.locale.en_GB import formats as en_gb_formats

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)
# The development key is only ever used with DEBUG on; production must set SECRET_KEY.
SECRET_KEY = os.environ.get("SECRET_KEY", "dev-only-insecure-key-change-me" if DEBUG else "")
if not SECRET_KEY:
    raise RuntimeError("SECRET_KEY must be set when DEBUG is off")
# Phones on the LAN reach the dev server by the machine's address, so debug allows any host.
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "*" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "axes",
    "campaigns.table",
    "campaigns.occulites",
    "campaigns.dawnshade",
    "campaigns.glow",
    "rulesref",
]

MIDDLEWARE = [
    # First: the live-refresh check with its ticket needs none of the rest (poll_ticket.py).
    "campaigns.table.middleware.TicketedPollMiddleware",
    # Next: a request's reversed URLs look up the script prefix and URLconf once (url_cache).
    "campaigns.table.url_cache.RequestURLsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "campaigns.table.middleware.HeadAsGetMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # HTML goes out gzip-compressed (level 3, with Django's padding against BREACH; see
    # compression.py). Below WhiteNoise, which answers static files itself, precompressed in
    # production; above everything that only sets headers, so it compresses the finished
    # response.
    "campaigns.table.compression.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "campaigns.table.middleware.PrivatePagesMiddleware",
    # Last, so it sees the authentication result of every login attempt.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "dawn_companion.urls"
WSGI_APPLICATION = "dawn_companion.wsgi.application"

TEMPLATES = [
    {
        # Django's backend printing numbers without the per-number locale lookups
        # (campaigns/table/template_backend.py): the same characters for this one language.
        "BACKEND": "campaigns.table.template_backend.PlainNumberTemplates",
        "NAME": "django",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # Compiled templates are kept in every environment (the cached loader), wrapped by
            # django-template-partials so "page.html#partial" works. `runserver`'s autoreloader
            # resets the cache when a template file changes, so edits still show at once.
            "loaders": [
                (
                    "template_partials.loader.Loader",
                    [
                        (
                            "django.template.loaders.cached.Loader",
                            [
                                "django.template.loaders.filesystem.Loader",
                                "django.template.loaders.app_directories.Loader",
                            ],
                        )
                    ],
                )
            ],
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "campaigns.table.context_processors.top_bar",
            ],
            # url_cache: every template's {% url %} remembers reversed URLs; field_tags:
            # {% field %} and {% checkbox_field %} draw a form field (see the modules).
            "builtins": [
                "template_partials.templatetags.partials",
                "campaigns.table.url_cache",
                "campaigns.table.field_tags",
            ],
        },
    }
]

# Plain widgets are written out in Python, the same markup as Django's widget templates (much
# faster on pages with many controls); forms and fields still use templates.
FORM_RENDERER = "campaigns.table.form_renderer.WidgetRenderer"

# SQLite by default (a file under var/); DATABASE_URL=postgres://... selects PostgreSQL.
(BASE_DIR / "var" / "static").mkdir(parents=True, exist_ok=True)
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'var' / 'dawn.sqlite3'}"),
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's backend with a health check that needs no round trip (postgresql/base.py).
    DATABASES["default"]["ENGINE"] = "dawn_companion.postgresql"
    # One test database per process, so test runs started side by side never collide.
    DATABASES["default"]["TEST"] = {"NAME": f"test_dawn_{os.getpid()}"}
    # Parameters sent apart from the SQL, so psycopg prepares a statement on the server once
    # it has run five times on a connection (psycopg's own default; Django's is never) and
    # PostgreSQL stops parsing and planning it on every request: about 40 % less PostgreSQL
    # CPU under `make load`. PG_PREPARED_STATEMENTS=0 turns it off, e.g. behind a pooler
    # that cannot keep prepared statements (PgBouncer before 1.21 in transaction mode).
    if os.environ.get("PG_PREPARED_STATEMENTS", "1") == "1":
        DATABASES["default"]["OPTIONS"] = {"server_side_binding": True, "prepare_threshold": 5}
elif DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several phones write at once: WAL lets readers continue during a write, IMMEDIATE takes
    # the write lock at BEGIN so read-then-write transactions queue (up to the timeout)
    # instead of failing at once with "database is locked".
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 10,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # Each worker keeps its connection (CONN_MAX_AGE, as on PostgreSQL) rather than opening
    # the file, running the PRAGMAs and preparing every statement anew on each request:
    # that was about 0.75 ms of every request, half the cost of the live-refresh poll.
    # Between requests the connection is in autocommit, so it holds no snapshot or lock.
    # Tests use a file too, so they exercise the same locking as the phones do.
    # One file per process, so test runs started side by side never share a database.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "var" / f"test-{os.getpid()}.sqlite3")}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    # ModelBackend, loading the signed-in user with its SQL built once (auth_backend.py).
    "campaigns.table.auth_backend.MemberBackend",
]
# Django's database sessions, read with their SQL built once (session_store.py).
SESSION_ENGINE = "campaigns.table.session_store"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

# Failed logins: five tries per username and address, then a 15-minute lock-out.
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
# Across usernames from one address, and across addresses for one username (same window).
AXES_ADDRESS_FAILURE_LIMIT = int(os.environ.get("AXES_ADDRESS_FAILURE_LIMIT", "30"))
AXES_USERNAME_FAILURE_LIMIT = int(os.environ.get("AXES_USERNAME_FAILURE_LIMIT", "10"))
AXES_HANDLER = "campaigns.table.login_throttle.TableLoginHandler"
AXES_COOLOFF_TIME = 0.25  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_RESET_ON_SUCCESS = True
AXES_IPWARE_PROXY_COUNT = int(os.environ.get("PROXY_COUNT", "0")) or None

LANGUAGE_CODE = "en-gb"
# The templates print dates and times not given a format with these (their localisation is
# off, see campaigns/table/template_backend.py), so they are British English's own.
DATE_FORMAT = en_gb_formats.DATE_FORMAT
DATETIME_FORMAT = en_gb_formats.DATETIME_FORMAT
TIME_FORMAT = en_gb_formats.TIME_FORMAT
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "var" / "static"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

MESSAGE_STORAGE = "django.contrib.messages.storage.session.SessionStorage"

# How often a campaign page asks whether anything changed (milliseconds).
LIVE_REFRESH_INTERVAL_MS = int(os.environ.get("LIVE_REFRESH_INTERVAL_MS", "2000"))

if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

LOG_LEVEL = os.environ.get("LOG_LEVEL", "WARNING")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # The level on the handler too: Django's loggers (a 422 is a django.request warning)
    # pass their records up to it whatever the root logger's own level.
    "handlers": {"console": {"class": "logging.StreamHandler", "level": LOG_LEVEL}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
}
