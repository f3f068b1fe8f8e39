"""``python -m meeple.cli``: the ``meeple`` command without the installed script."""

from meeple.cli import main

if __name__ == "__main__":
    main()
