"""contactlab.Simulation: the same bits as the CLI, analytic motion, going on from a saved
state, recordings, progress, and failures that leave the simulation usable."""

import json
import math
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import contactlab as cl

ROOT = Path(__file__).resolve().parents[2]
SCENES = ROOT / "resources" / "scenes"
CLI = os.environ.get("CONTACTLAB_CLI", str(ROOT / "build" / "app" / "cli" / "contactlab-cli"))


def cli(*args):
    return subprocess.run([CLI, *map(str, args)], capture_output=True, text=True, timeout=300)


def bits(values):
    return [float(v).hex() for v in np.ravel(values)]


def cli_final_state(tmp_path, scene, until, *extra):
    out = tmp_path / "final.json"
    done = cli("run", scene, "--until", until, "--final-state", out, *extra)
    assert done.returncode == 0, done.stderr
    saved = json.loads(out.read_text())
    return saved, [[b[k] for k in cl.STATE_COLUMNS] for b in saved["bodies"]]


@pytest.mark.parametrize(
    "scene, settings, extra",
    [
        ("pile_10.json", {}, []),
        ("stack_hit_by_block.json", {"contact_solver": "lemke", "seed": 3},
         ["--set", "contact_solver=lemke", "--seed", "3"]),
        ("pile_10_friction.json", {"time_step": 0.01}, ["--dt", "0.01"]),
        ("pendulum_rope.json", {"advance": "newton_release"}, ["--advance", "newton_release"]),
    ],
)
def test_same_bits_as_the_cli(tmp_path, scene, settings, extra):
    until = 1.3  # off the step grid of 0.025 and 0.01: the plan's short last step too
    saved, rows = cli_final_state(tmp_path, SCENES / scene, until, *extra)
    sim = cl.Simulation(SCENES / scene, settings=settings)
    sim.run_to(until)
    assert sim.steps == saved["steps"]
    assert sim.time == saved["time"]
    assert bits(sim.state) == bits(rows)
    assert sim.body_names == [b["name"] for b in saved["bodies"]]


@pytest.mark.parametrize("warm_start, expected", [(False, "97dd26bfbd9771be"),
                                                  (True, "435a1c3094ea58e2")])
def test_pile_10_ends_on_the_benchmark_hashes(warm_start, expected):
    # bench_pile's 12 s of pile_10 with the warm start off and on (docs/performance.md): the
    # final state's FNV-1a hash, computed by another program over the same bits.
    sim = cl.Simulation(SCENES / "pile_10.json", settings={"warm_start": warm_start})
    sim.run_to(12.0)
    assert f"{sim.state_hash:016x}" == expected
    assert sim.summary()["state_hash"] == expected


def test_free_fall_follows_the_parabola():
    # x = x0 + vx0 t, y = y0 + vy0 t - g t^2 / 2: Runge-Kutta integrates a quadratic exactly.
    sim = cl.Simulation(SCENES / "free_fall.json")
    sim.run_to(1.0)
    t = sim.time
    x, vx, y, vy, angle, omega = sim.state[0]
    assert t == pytest.approx(1.0, abs=1e-12)
    assert x == pytest.approx(0 + 1 * t, abs=1e-12)
    assert y == pytest.approx(10 + 2 * t - 9.8 * t * t / 2, abs=1e-12)
    assert vy == pytest.approx(2 - 9.8 * t, abs=1e-12)
    assert (vx, angle, omega) == (1.0, 0.0, 0.0)
    e = sim.energy
    # m g y + m v^2 / 2 with m = 1, zero energy level 0.
    assert e.total == pytest.approx(9.8 * 10 + (1 + 4) / 2, rel=1e-12)
    assert e.total == pytest.approx(sim.energy_start.total, rel=1e-12)


def test_state_is_a_copy_with_one_row_per_body():
    sim = cl.Simulation(SCENES / "stack_of_three.json")
    state = sim.state
    assert state.shape == (len(sim.body_names), 6) and state.dtype == np.float64
    state[:] = 99
    assert not np.any(sim.state == 99)


def test_going_on_from_a_saved_state_repeats_the_bits(tmp_path):
    through = cl.Simulation(SCENES / "pile_20.json")
    through.run_to(3.0)
    first = cl.Simulation(SCENES / "pile_20.json")
    first.run_to(1.5)
    first.save_state(tmp_path / "half.json")
    second = cl.Simulation(SCENES / "pile_20.json")
    second.load_state(tmp_path / "half.json")
    assert second.steps == first.steps and second.time == first.time
    second.run_to(3.0)
    assert second.steps == through.steps
    assert bits(second.state) == bits(through.state)
    # The CLI goes on from the module's state file to the same bits.
    out = tmp_path / "cli.json"
    done = cli("run", SCENES / "pile_20.json", "--until", 3.0, "--initial-state",
               tmp_path / "half.json", "--final-state", out)
    assert done.returncode == 0, done.stderr
    rows = [[b[k] for k in cl.STATE_COLUMNS] for b in json.loads(out.read_text())["bodies"]]
    assert bits(rows) == bits(through.state)


def test_a_state_of_another_scene_is_refused_and_changes_nothing(tmp_path):
    other = cl.Simulation(SCENES / "pile_10.json")
    other.save_state(tmp_path / "pile10.json")
    sim = cl.Simulation(SCENES / "stack_of_three.json")
    before = bits(sim.state)
    with pytest.raises(cl.StateFileError):
        sim.load_state(tmp_path / "pile10.json")
    with pytest.raises(cl.StateFileError, match="missing.json"):
        sim.load_state(tmp_path / "missing.json")
    with pytest.raises(cl.StateFileError):
        sim.load_state_json("{not json")
    assert bits(sim.state) == before


def test_a_recording_is_what_the_cli_can_check(tmp_path):
    path = tmp_path / "run.clrun"
    sim = cl.Simulation(SCENES / "stack_hit_by_block.json")
    sim.run_to(0.5)
    with sim.record(path):
        assert sim.recording
        sim.run_to(1.5)
    assert not sim.recording and path.exists()
    done = cli("check-recording", path)
    assert done.returncode == 0, done.stdout + done.stderr
    # 0.5 s to 1.5 s in steps of 0.025: steps 21 to 60 after the state of step 20, each re-run
    # from the one before.
    assert "steps 20 to 60" in done.stdout
    assert "every step from 21 to 60 reproduced to the bit: 40 steps" in done.stdout


def test_a_dropped_recording_leaves_no_file(tmp_path):
    path = tmp_path / "dropped.clrun"
    sim = cl.Simulation(SCENES / "stack_of_three.json").record(path)
    sim.run_to(0.2)
    sim.close_recording(commit=False)
    assert not path.exists()
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(cl.FileWriteError):
        cl.Simulation(SCENES / "stack_of_three.json").record(tmp_path / "no" / "such" / "dir.clrun")


def test_progress_is_called_and_can_stop_the_run():
    seen = []

    def progress(time, until):
        seen.append((time, until))
        return time < 0.5

    sim = cl.Simulation(SCENES / "pile_20.json")
    taken = sim.run_to(100.0, progress=progress)
    assert seen and seen[-1][1] == 100.0
    assert sim.time == seen[-1][0] and 0.5 <= sim.time < 100
    assert taken == sim.steps


def test_an_error_in_progress_propagates_and_the_run_stays_usable():
    def progress(time, until):
        raise RuntimeError("stop here")

    sim = cl.Simulation(SCENES / "pile_20.json")
    with pytest.raises(RuntimeError, match="stop here"):
        sim.run_to(100.0, progress=progress)
    reached = sim.time
    assert reached > 0
    sim.run_to(reached + 0.1)
    assert sim.time == pytest.approx(reached + 0.1)


def test_a_failed_step_raises_and_leaves_the_last_good_step():
    # PGS limited to 2 sweeps cannot solve a pile's contacts: the acceptance check stops it.
    sim = cl.Simulation(SCENES / "pile_10.json",
                        settings={"contact_solver": "pgs", "solver_tolerance": 1e-14})
    good = None
    with pytest.raises(cl.SimulationError) as failure:
        for _ in range(2000):
            sim.step(trace=True)
            good = (sim.steps, bits(sim.state))
    error = failure.value
    assert error.steps == sim.steps and error.time == sim.time
    assert good is None or (sim.steps, bits(sim.state)) == good
    assert isinstance(error.trace, cl.Trace) and error.trace.solves
    assert error.trace.solves[-1].status != "ok"


def test_bad_arguments_are_errors_not_crashes():
    sim = cl.Simulation(SCENES / "stack_of_three.json")
    for until in (math.inf, math.nan, 1e30):
        with pytest.raises(ValueError):
            sim.run_to(until)
    with pytest.raises(ValueError):
        sim.step(trace="everything")
    with pytest.raises(ValueError, match="time_step"):
        cl.Simulation(SCENES / "stack_of_three.json", settings={"time_step": -1})
    with pytest.raises(ValueError, match="no_such_setting"):
        cl.Simulation(SCENES / "stack_of_three.json", settings={"no_such_setting": 1})
    with pytest.raises(TypeError):
        cl.Simulation(SCENES / "stack_of_three.json", settings={"time_step": [0.1]})
    with pytest.raises(ValueError):
        cl.set_threads(0)
    assert sim.steps == 0


def test_steps_release_the_gil_and_threads_keep_their_own_bits():
    import threading
    from concurrent.futures import ThreadPoolExecutor

    def run(settings):
        sim = cl.Simulation(SCENES / "pile_20.json", settings=settings)
        sim.run_to(3.0)
        return sim.state_hash

    variants = [{"warm_start": False}, {"warm_start": True, "seed": 5}]
    serial = [run(v) for v in variants]
    with ThreadPoolExecutor(2) as pool:
        assert list(pool.map(run, variants)) == serial

    # While a run goes on in another thread, this one keeps the interpreter: it counts at a good
    # fraction of its own rate (with the GIL held through run_to, it could count only until the
    # interpreter's 5 ms switch interval handed the GIL back, some 3 % of the run).
    import time

    def count_for(seconds):
        end, n = time.perf_counter() + seconds, 0
        while time.perf_counter() < end:
            n += 1
        return n

    rate = count_for(0.05) / 0.05
    started, done, took = threading.Event(), threading.Event(), []

    def work():
        sim = cl.Simulation(SCENES / "pile_20.json")
        started.set()
        t0 = time.perf_counter()
        sim.run_to(12.0)
        took.append(time.perf_counter() - t0)
        done.set()

    worker = threading.Thread(target=work)
    worker.start()
    started.wait()
    counted = 0
    while not done.is_set():
        counted += 1
        time.perf_counter()  # the same work per count as count_for
    worker.join()
    assert counted > 0.2 * rate * took[0], (counted, rate, took)
