"""Lewis & Clark heuristics (placeholder, replaced below)."""
import random


def greedy_action(state, rng: random.Random):
    return rng.choice(state.legal_actions())

rollout_action = greedy_action
