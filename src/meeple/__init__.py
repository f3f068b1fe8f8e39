"""meeple: modern board games by their full rules, for players, bots and researchers."""

__version__ = "0.1.0"
