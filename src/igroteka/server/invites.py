"""Where others open this server: the base of an invite link, and its QR code.

A page's own address is not always one others can open: a teacher who opened
``http://127.0.0.1:8000`` would hand out a link that works on no pupil's phone. The
server is told where it can be reached (``igroteka serve`` finds it): a public address
(``--public-url``, a school's site behind its proxy), else this machine's addresses on its
networks when it listens on them all (``--host 0.0.0.0``). An invite is made on that base
when the page's own address is one only this machine can open (``localhost``, ``127.x``,
``::1``); otherwise on the page's own address, which others reach as the page did.

    public_url("https://games.school.example/")     # 'https://games.school.example'
    reachable_at("0.0.0.0", 8000)                   # ('http://192.168.1.20:8000',)
    invite_base("http://127.0.0.1:8000", None, ("http://192.168.1.20:8000",))

Nothing here knows a game or a room's rules.
"""

from __future__ import annotations

import functools
import ipaddress
import socket
from urllib.parse import urlsplit

from igroteka.server.guard import origin_of
from igroteka.server.people import qr_svg

__all__ = [
    "MAX_LINK",
    "here_only",
    "invite_base",
    "invite_qr",
    "is_loopback",
    "is_wildcard",
    "network_addresses",
    "public_url",
    "reachable_at",
]

MAX_LINK = 300
"""The longest link a QR code is made of (an origin of at most 200 characters and a room)."""


def public_url(text: str) -> str | None:
    """The address others open the server at, as an origin (``https://host[:port]``), or
    None when ``text`` is none: not http or https, no host, or a path, query or fragment
    (the pages and the API are at the root of their site).

    >>> public_url("https://Games.School.example/"), public_url("games.school.example")
    ('https://games.school.example', None)
    >>> public_url("https://games.school.example/igroteka") is None
    True
    """
    return origin_of(text)


def is_loopback(host: str) -> bool:
    """Whether a host is one only this machine reaches: ``localhost``, ``127.x``, ``::1``.

    >>> [is_loopback(h) for h in ("localhost", "127.0.0.1", "[::1]", "192.168.1.2", "a.b")]
    [True, True, True, False, False]
    """
    host = host.strip("[]").lower().rstrip(".")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def is_wildcard(host: str) -> bool:
    """Whether a server bound to ``host`` listens on every address of the machine.

    >>> is_wildcard("0.0.0.0"), is_wildcard("::"), is_wildcard("127.0.0.1")
    (True, True, False)
    """
    try:
        return ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        return host == ""


def _usable(address: str) -> bool:
    try:
        found = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (
        found.is_loopback or found.is_link_local or found.is_unspecified or found.is_multicast
    )


def network_addresses() -> tuple[str, ...]:
    """This machine's IPv4 addresses on its networks, private ones first (none on a machine
    with no network). No packet is sent: a UDP socket "connected" to a private address only
    asks the kernel which address of ours it would leave from; and the addresses of the
    machine's own name."""
    found: list[str] = []
    for target in ("10.254.254.254", "192.168.254.254", "172.31.254.254"):
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            try:
                probe.connect((target, 9))
                found.append(probe.getsockname()[0])
            except OSError:  # no route there
                continue
    try:
        named = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except (OSError, UnicodeError):
        named = []
    found += [str(info[4][0]) for info in named]
    usable = [address for address in dict.fromkeys(found) if _usable(address)]
    return tuple(sorted(usable, key=lambda a: not ipaddress.ip_address(a).is_private))


def reachable_at(host: str, port: int) -> tuple[str, ...]:
    """The addresses (origins) others may open a server bound to ``host`` at: none when it
    listens on this machine alone (loopback), its network addresses when it listens on them
    all (0.0.0.0, ::), else the host itself."""
    if is_loopback(host):
        return ()
    if is_wildcard(host):
        return tuple(f"http://{address}:{port}" for address in network_addresses())
    shown = f"[{host}]" if ":" in host else host
    return (f"http://{shown}:{port}",)


def invite_base(page: str | None, public: str | None, addresses: tuple[str, ...]) -> str | None:
    """The base (an origin) of the links a page hands out: the public address when there is
    one; the page's own, unless only this machine can open it (then this machine's first
    network address, if it has one); None when the page's address is unknown and nothing
    else is.

    >>> lan = ("http://192.168.1.20:8000",)
    >>> invite_base("http://127.0.0.1:8000", None, lan)
    'http://192.168.1.20:8000'
    >>> invite_base("http://teacher.local:8000", None, lan)
    'http://teacher.local:8000'
    >>> invite_base("http://localhost:8000", "https://games.school.example", lan)
    'https://games.school.example'
    >>> invite_base("http://localhost:8000", None, ())
    'http://localhost:8000'
    """
    if public:
        return public
    own = origin_of(page) if page else None
    if own is not None and not is_loopback(urlsplit(own).hostname or ""):
        return own
    return addresses[0] if addresses else own


def here_only(link: str) -> bool:
    """Whether only this machine can open a link (its host is loopback).

    >>> here_only("http://127.0.0.1:8000/r/abc"), here_only("http://192.168.1.20:8000/r/abc")
    (True, False)
    """
    return is_loopback(urlsplit(link).hostname or "")


@functools.lru_cache(maxsize=256)
def invite_qr(link: str) -> str:
    """The QR code of an invite link (an SVG document), made once per link: a room's page
    asks for it whenever it is opened. A link longer than :data:`MAX_LINK` has none."""
    if len(link) > MAX_LINK:
        raise ValueError("an invite link is at most 300 characters")
    return qr_svg(link)
