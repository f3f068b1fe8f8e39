"""Matches between bots, and what simulation reports are built from."""
