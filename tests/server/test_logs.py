"""No token reaches a server's log (issue 23, defect 5), on SQLite and PostgreSQL: a real
``meeple serve`` logs every request at debug level while seats are created, joined,
played, watched over WebSockets, undone, hinted, and forged."""

from __future__ import annotations

import random

from tests.server.play import auth, create, play_to_end
from tests.server.procs import Server, Socket


def test_no_token_is_ever_written_to_the_log(db_url, tmp_path):
    log = tmp_path / "serve.log"
    server = Server(db_url, log, "--access-log", "--log-level", "debug")
    try:
        c = server.client
        table, tokens = create(c, "lost-cities", ["human", "open"])
        joined = c.post(f"/api/tables/{table}/join", json={"name": "Bea"})
        assert joined.status_code == 200, joined.text
        tokens[1] = joined.json()["token"]
        sockets = [Socket(server, table, tokens[0]), Socket(server, table, tokens[1])]
        seat = c.get(f"/api/tables/{table}").json()["to_move"]
        assert c.get(f"/api/tables/{table}/hint", headers=auth(tokens[seat])).status_code == 200
        forged = tokens[0][:-4] + "abcd"
        assert c.get(f"/api/tables/{table}", headers=auth(forged)).status_code in (401, 403)
        final = play_to_end(c, table, tokens, random.Random(5))
        sockets[0].states_until(lambda s: s["version"] == final["version"])
        bots, bot_tokens = create(c, "lost-cities", ["human", "bot:random"])
        Socket(server, bots, bot_tokens[0]).states_until(lambda s: s["version"] >= 0)
    finally:
        server.stop()
    text = log.read_text()
    assert f"GET /api/tables/{table}" in text  # the access log was on
    for token in [*tokens.values(), *bot_tokens.values(), forged]:
        assert token not in text, "a token was written to the log"


def test_the_log_filter_redacts_every_place_a_token_can_stand():
    import logging

    from meeple.server.logs import RedactTokens

    secret = "xMw55OQOWsAWXmDJnTKl5n3tkkq76GvOJNAjOdXEDzQ"
    cases = [
        ("< TEXT %s", (f'\'{{"type": "auth", "token": "{secret}"}}\' [72 bytes]',)),
        ("< authorization: Bearer %s", (secret,)),
        ('%s - "%s %s HTTP/%s" %d', ("127.0.0.1:5", "GET", f"/ws/tables/1?token={secret}", "1.1", 403)),
    ]
    for msg, args in cases:
        record = logging.LogRecord("uvicorn.error", logging.DEBUG, __file__, 1, msg, args, None)
        assert RedactTokens().filter(record)
        text = record.getMessage()
        assert secret not in text and "[redacted]" in text
    assert record.args[-1] == 403  # numbers stay numbers for the access formatter
