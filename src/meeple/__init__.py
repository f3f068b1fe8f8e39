"""meeple: modern board games by their full rules, for players, bots and researchers."""

__version__ = "0.1.0"

#: Plug-ins that a lower layer finds by name, so that it never imports a layer above it
#: (the composition root's table; ``"module:attribute"``, imported on first use).
#: ``meeple.bots.plugins`` reads ``guides`` (a spec parameter of ``ismcts`` that guides
#: its search) and ``bots`` (whole bots under a name).
PLUGINS = {
    "guides": {"net": "meeple.rl.guide:guidance"},
    "bots": {"policy": "meeple.rl.guide:PolicyBot", "lesson": "meeple.lessons.bot:LessonBot"},
}
