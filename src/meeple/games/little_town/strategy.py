"""Placeholder strategy (replaced below)."""
import random


def greedy_action(state, rng: random.Random):
    return rng.choice(state.legal_actions())


def rollout_action(state, rng: random.Random):
    return rng.choice(state.legal_actions())
