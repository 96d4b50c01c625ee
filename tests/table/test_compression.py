"""Pages compressed at gzip level 3 (campaigns/table/compression.py), padded against BREACH
as Django pads them, and only where Django's own middleware would compress."""

import gzip

from django.http import HttpResponse
from django.test import RequestFactory

from campaigns.table.compression import GZipMiddleware, compress_page

PAGE = ("<li>Pim rolled a 6 on the Long Dark</li>\n" * 300).encode()


def _through_middleware(response, accept="gzip, deflate, br"):
    request = RequestFactory().get("/", headers={"Accept-Encoding": accept})
    return GZipMiddleware(lambda request: response)(request)


def test_a_page_decompresses_to_itself_and_is_padded_by_a_random_file_name():
    compressed = [compress_page(PAGE, max_random_bytes=100) for _ in range(40)]
    assert all(gzip.decompress(each) == PAGE for each in compressed)
    assert all(each[3] & gzip.FNAME for each in compressed)
    assert len({len(each) for each in compressed}) > 5  # the same page, many lengths


def test_level_three_is_what_the_page_gets():
    unpadded = gzip.compress(PAGE, compresslevel=3, mtime=0)
    padded = compress_page(PAGE, max_random_bytes=1)  # a name of no bytes: only its end
    assert padded[10:11] == b"\x00" and padded[11:] == unpadded[10:]


def test_the_middleware_compresses_a_page_for_a_browser_that_accepts_gzip():
    response = _through_middleware(HttpResponse(PAGE, headers={"ETag": '"v1"'}))
    assert response["Content-Encoding"] == "gzip"
    assert gzip.decompress(response.content) == PAGE
    assert response["Content-Length"] == str(len(response.content))
    assert "Accept-Encoding" in response["Vary"]
    assert response["ETag"] == 'W/"v1"'


def test_what_django_leaves_alone_is_left_alone():
    plain = _through_middleware(HttpResponse(PAGE), accept="identity")
    assert plain.content == PAGE and not plain.has_header("Content-Encoding")
    assert "Accept-Encoding" in plain["Vary"]
    short = _through_middleware(HttpResponse(b"ok 1"))
    assert short.content == b"ok 1" and not short.has_header("Content-Encoding")
    encoded = _through_middleware(HttpResponse(PAGE, headers={"Content-Encoding": "br"}))
    assert encoded.content == PAGE and encoded["Content-Encoding"] == "br"


def test_a_streamed_response_is_compressed_by_djangos_own_code():
    from django.http import StreamingHttpResponse

    response = _through_middleware(StreamingHttpResponse(iter([PAGE[:500], PAGE[500:]])))
    assert response["Content-Encoding"] == "gzip"
    assert gzip.decompress(b"".join(response.streaming_content)) == PAGE
