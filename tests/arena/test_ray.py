"""The Ray backend, on a real local Ray (2 CPUs), plays exactly the local pool's games."""

import ray  # the test extra installs it: CI runs a real Ray

from meeple.arena.backends import PoolBackend, RayBackend
from meeple.arena.schedule import Plan
from meeple.arena.tournament import run_tournament

from .conftest import tables


def test_ray_and_the_local_pool_agree_game_by_game(store):
    plan = Plan("lost-cities", ("random", "greedy", "ismcts:iterations=5"), 2, 4, seed=21,
                options={"rounds": 1})
    with PoolBackend(2) as pool:
        local, local_games = run_tournament(plan, store, "local", pool, live=False)
    with RayBackend(num_cpus=2) as backend:
        assert ray.is_initialized() and backend.slots == 2
        assert "Ray" in backend.describe()
        remote, remote_games = run_tournament(plan, store, "ray", backend, live=False)
    assert not ray.is_initialized()  # the backend that started Ray shut it down
    assert len(remote_games) == len(local_games) == len(plan.jobs())
    for a, b in zip(local_games, remote_games, strict=True):
        assert a.same_game(b), f"game {a.idx} differs"
    assert tables(local) == tables(remote)
