def render(state, seat=None):
    return str(state.view(seat))
