"""Bots against bots: single matches, quick simulations, and stored, rated tournaments and SPRTs."""
