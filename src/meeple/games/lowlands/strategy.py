"""Lowlands heuristics (placeholder, replaced below)."""

from __future__ import annotations

import random

from meeple.core.actions import Action


def greedy_action(state, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions())


def rollout_action(state, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions())
