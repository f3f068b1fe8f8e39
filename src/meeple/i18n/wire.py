"""Texts sent as data, for a client that renders them in its reader's language itself
(the browser, whose catalogs hold every game domain): a message becomes JSON, not a
sentence, so one answer serves every language (a table's WebSocket pushes carry no
language).

A text on the wire is one of:

- a string or a number: shown as it is (notation, names; numbers the language's way);
- ``{"msg": "little_town:move.place", "params": {name: text}}``: a message of a domain
  (``domain:id``, the browser catalogs' keys), its parameters texts themselves; a
  plural message picks its form from the parameter ``n``;
- ``{"seat": 1}``: the player at that seat, by the reader's names;
- ``{"items": [text, ...], "style": "standard"}``: a list joined as the language joins
  lists (``Items``'s styles: standard, or, comma, parts, sentences).

``moves`` describes a seat's legal moves for a client's move list: each move's notation,
what it does (``Game.describe``) and why it would gain nothing (``Game.futile``).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any, Protocol

from meeple.i18n.message import Items, Msg, Seat


class _Move(Protocol):
    """A legal move as ``moves`` needs it (core's ``Action``; i18n imports nothing above)."""

    @property
    def text(self) -> str: ...


class _Describer(Protocol):
    """What ``moves`` asks of a game (core's ``Game``): its name and its two text hooks."""

    name: str

    def describe(self, action: Any, view: dict[str, Any]) -> Any: ...

    def futile(self, action: Any, view: dict[str, Any]) -> Any: ...


log = logging.getLogger("meeple.i18n")


def encode(text: Any) -> Any:
    """``text`` (a message, a seat, a list, a string, a number) as JSON data."""
    if isinstance(text, Msg):
        return {"msg": f"{text.domain}:{text.id}", "params": {k: encode(v) for k, v in text.params}}
    if isinstance(text, Seat):
        return {"seat": text.n}
    if isinstance(text, bool):
        return {"msg": "meeple:yes" if text else "meeple:no", "params": {}}
    if isinstance(text, Items):
        return {"items": [encode(v) for v in text.items], "style": text.style}
    if isinstance(text, tuple | list):
        return {"items": [encode(v) for v in text], "style": "standard"}
    if text is None or isinstance(text, str | int | float):
        return text
    return str(text)


def decode(data: Any) -> Any:
    """The text ``encode`` turned into ``data`` (for Python clients and tests)."""
    if isinstance(data, dict):
        if "msg" in data:
            domain, _, id = data["msg"].partition(":")
            return Msg(domain, id, **{k: decode(v) for k, v in data.get("params", {}).items()})
        if "seat" in data:
            return Seat(data["seat"])
        if "items" in data:
            return Items(tuple(decode(v) for v in data["items"]), data.get("style", "standard"))
    return data


def moves(game: _Describer, actions: Iterable[_Move], view: dict[str, Any]) -> list[dict[str, Any]]:
    """``[{"action", "text", "futile"}]`` for each of ``actions`` (legal for the seat whose
    ``view`` this is): ``text`` null when the notation says it all, ``futile`` null when
    the move gains something. A hook that raises is logged and says nothing."""
    out = []
    for action in actions:
        try:
            text, futile = game.describe(action, view), game.futile(action, view)
        except Exception:  # noqa: BLE001 - a broken hook must not break the table
            log.exception("describing %s in %s failed", action.text, game.name)
            text = futile = None
        out.append({"action": action.text, "text": encode(text), "futile": encode(futile)})
    return out
