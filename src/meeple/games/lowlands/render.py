"""placeholder"""


def render(state, seat=None):
    import json

    return json.dumps(state.view(seat))
