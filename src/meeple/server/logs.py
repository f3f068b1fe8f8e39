"""The server's logging: uvicorn's own configuration with every token taken out.

At ``--log-level debug`` uvicorn's WebSocket layer prints each frame and the handshake's
headers, so a socket's first message (``{"type": "auth", "token": ...}``) or a client's
``Authorization`` header would reach the log. A filter on both handlers rewrites any
token-shaped value before a record is written, whatever logger it comes from.
"""

from __future__ import annotations

import copy
import logging
import re
from typing import Any

#: a token after the places a client can put one: a JSON "token" field, a bearer header,
#: a query parameter (refused, but a hostile client may still send it); a "%" never starts
#: one, so a format string's own "Bearer %s" keeps its placeholder
TOKEN = re.compile(r"""(?i)("token"\s*:\s*"|\bbearer\s+|\btoken=)[^"&\s'%]+""")
REDACTED = r"\1[redacted]"


def redact(text: str) -> str:
    return TOKEN.sub(REDACTED, text)


class RedactTokens(logging.Filter):
    """Rewrites a record's message and arguments with every token redacted; numbers stay
    numbers, so the access log's formatter still gets the arguments it expects."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_clean(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: _clean(v) for k, v in record.args.items()}
        if record.args:  # a token split between the format and an argument ("Bearer %s")
            try:
                whole = record.getMessage()
            except (TypeError, ValueError):
                return True
            if redact(whole) != whole:
                record.msg, record.args = redact(whole), None
        return True


def _clean(value: Any) -> Any:
    if value is None or isinstance(value, int | float):
        return value
    text = str(value)
    cleaned = redact(text)
    return value if cleaned == text else cleaned


def log_config() -> dict[str, Any]:
    """uvicorn's default logging configuration with ``RedactTokens`` on every handler."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact_tokens"] = {"()": RedactTokens}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("redact_tokens")
    return config
