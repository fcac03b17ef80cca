"""contactlab.Trace: a traced step's solves hold LCPs that their f and a solve (checked here
with numpy, not by the engine), pivots whose sets partition the rows, and CollisionAdvance's
waypoints with the body states at each."""

from pathlib import Path

import numpy as np
import pytest

import contactlab as cl

SCENES = Path(__file__).resolve().parents[2] / "resources" / "scenes"


def traced_steps(scene, count, trace=True, after=0.0):
    sim = cl.Simulation(SCENES / scene)
    sim.run_to(after)
    return sim, [sim.step(trace=trace) for _ in range(count)]


def test_every_contact_solve_of_a_pile_step_solves_its_lcp():
    _, steps = traced_steps("pile_10.json", 30, after=2.5)  # the blocks have landed
    solves = [s for step in steps for s in step.trace.solves]
    assert len(solves) >= 30
    for s in solves:
        n = len(s.b)
        assert s.A.shape == (n, n) and s.f.shape == (n,) and len(s.joint) == n
        # a = A f + b, by numpy.
        scale = max(1.0, float(np.max(np.abs(s.b))), float(np.max(np.abs(s.A)) * np.max(np.abs(s.f))))
        assert np.allclose(s.a, s.A @ s.f + s.b, atol=1e-9 * scale, rtol=0)
        if s.status != "ok":
            continue
        contact = ~np.array(s.joint, dtype=bool)
        tol = 1e-8 * max(1.0, float(np.max(np.abs(s.b))))
        assert np.all(s.f[contact] >= -tol)
        assert np.all(s.a[contact] >= -tol)
        assert np.all(np.abs(s.f[contact] * s.a[contact]) <= tol * max(1.0, float(np.max(s.f))))
        assert len(s.contacts) == n
        assert all("/" in c.label for c in s.contacts)


def test_compute_forces_pivots_partition_the_rows():
    _, steps = traced_steps("stack_of_three.json", 5)
    pivots = [(s, p) for step in steps for s in step.trace.solves for p in s.pivots]
    assert pivots
    for s, p in pivots:
        n = len(s.b)
        sets = [set(p.C), set(p.NC), set(p.R), set(p.re_rejects)]
        members = [i for group in sets for i in group]
        assert len(members) == len(set(members)), "a row in two sets"
        assert set(members) <= set(range(n))
        assert p.f.shape == (n,) and p.transition
    last = pivots[-1][1]
    s = pivots[-1][0]
    # After the last decision, C holds the rows with force.
    assert set(np.flatnonzero(s.f > 0)) <= set(last.C) | {i for i, j in enumerate(s.joint) if j}


def test_arrays_are_read_only_views_that_keep_the_trace_alive():
    _, steps = traced_steps("stack_of_three.json", 1)
    solve = steps[0].trace.solves[0]
    A = solve.A
    del steps, solve
    assert A.shape[0] > 0 and np.isfinite(A).all()
    with pytest.raises(ValueError):
        A[0, 0] = 1.0


def test_a_bounce_backs_up_and_its_waypoints_hold_the_states():
    sim = cl.Simulation(SCENES / "ball_bounce.json")
    backups = []
    for _ in range(200):
        step = sim.step(trace="waypoints")
        assert step.trace.solves == [] or all(s.purpose for s in step.trace.solves)
        backups += [w for w in step.trace.waypoints if w.is_backup]
        if backups:
            break
    assert backups, "a falling ball must collide with the floor within 5 s"
    w = backups[0]
    assert w.state.shape == (len(sim.body_names), 6)
    names = {w.point for w in step.trace.waypoints}
    assert "START" in names and "FINISH" in names
    assert any(c.needs_handling or c.normal_velocity < 0 for c in w.collisions)


def test_an_untraced_step_has_no_trace():
    sim = cl.Simulation(SCENES / "stack_of_three.json")
    step = sim.step()
    assert step.trace is None
    assert step.stats.time == sim.time and step.stats.step_size == sim.time_step
    assert step.stats.contacts > 0 and step.stats.solves.solves > 0
