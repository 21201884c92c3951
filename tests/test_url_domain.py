"""``grounding.url_domain`` against the urlsplit path it used for every URL before it read plain ones itself.

The mail lexicon takes the domain of every distinct URL of an index (141,000 at 250k messages), and urlsplit
was most of that. ``urlsplit_domain`` is the old function, which url_domain still calls for any URL that is not
plain; both are compared on hand-written URLs
(schemes, ports, users, brackets, odd dots and a later '://') and on random strings made of the characters
that change how urlsplit cuts a URL.
"""

from __future__ import annotations

import random

import pytest

from queryweaver.reader.grounding import url_domain, urlsplit_domain

HAND_WRITTEN = [
    "https://www.GitHub.com/x?y=1", "www.king.test/shop", "http://localhost/", "", "  ", "http://", "https://.",
    "HTTPS://WWW.Example.COM", "http://example.com.", "http://example.com..", "http://www.", "www.", "www.a",
    "https://a.b:8080/x", "https://user@a.b/", "https://user:pw@a.b/", "http://[::1]/", "http://[bad/",
    "www.x.com/redirect?u=http://y.com", "https://x.com/?u=http://y.com", "//x.com/a", "http:////x.com",
    "ftp://files.example.org/a", "mailto:someone@example.org", "www.x.com?a=b", "www.x.com#frag",
    "http://x.com\t/a", "http://ex ample.com", "http://exämple.com/", "http://%41.com/", "http://a_b.com/",
    "https://-a-.com/", "http://..com", "www..com", "https://sub.www.example.com/", "http://www.www.x.org",
    "https://x.com:/", "https://x.com:abc/", "http:x.com", "http:/x.com", "https://x.com/path with space",
    "http://x.com/\x00", "\x01http://x.com", "https://x.com/é", "WWW.Shop.Example", "http://1.2.3.4/a",
]


@pytest.mark.parametrize("url", HAND_WRITTEN)
def test_hand_written_urls_give_what_urlsplit_gave(url):
    assert url_domain(url) == urlsplit_domain(url)


def test_random_urls_give_what_urlsplit_gave():
    rng = random.Random(20261127)
    starts = ["", "http://", "https://", "HTTP://", "www.", "WWW.", "ftp://", "http:/", "//", " ", "http://www."]
    pieces = ["a", "b", "Z", "0", "9", ".", "-", "_", "/", "?", "#", ":", "@", "[", "]", "%", "=", "&", "~", " ",
              "\t", "\n", "é", "x.com", "www.", "://", "..", "\x00", "+", "!", "'", "(", ")"]
    for _ in range(20_000):
        url = rng.choice(starts) + "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 12)))
        assert url_domain(url) == urlsplit_domain(url), url
