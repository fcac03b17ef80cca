"""Tests of contactlab.batch: task lists, serial and distributed sweeps, error rows, the CLI.

Run with the built module on the path, e.g.
``PYTHONPATH=build/python /usr/bin/python3 -m pytest python/tests/test_batch.py``.
The cluster tests need Dask distributed and are skipped without it. Everything written goes
under pytest's tmp_path (Dask's worker folders too).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pandas.testing as pdt
import pytest

import contactlab as cl
from contactlab import batch

ROOT = Path(__file__).resolve().parents[2]
SCENES = ROOT / "resources" / "scenes"
LCP = ROOT / "tests" / "data" / "lcp"

try:
    import dask
    from distributed import Client

    HAVE_DISTRIBUTED = True
except ImportError:  # pragma: no cover - depends on the machine
    HAVE_DISTRIBUTED = False

needs_distributed = pytest.mark.skipif(
    not HAVE_DISTRIBUTED,
    reason="dask.distributed is not importable (Debian: apt install python3-distributed)",
)

SMALL_SCENES = ["stack_of_three.json", "ball_bounce.json", "block_on_floor.json"]
SOLVERS = ["compute_forces", "lemke"]


def run_spec(scenes: list[str] = SMALL_SCENES, until: float = 5.0, **extra: Any) -> dict[str, Any]:
    """A run sweep over scenes of resources/scenes (absolute paths)."""
    spec: dict[str, Any] = {
        "kind": "run",
        "scenes": [str(SCENES / name) for name in scenes],
        "settings": {"contact_solver": list(SOLVERS)},
        "seeds": [0, 1],
        "until": until,
    }
    spec.update(extra)
    return spec


def solve_spec(**extra: Any) -> dict[str, Any]:
    spec: dict[str, Any] = {
        "kind": "solve",
        "lcp": [str(LCP / "others"), str(LCP / "siconos")],
        "solvers": "all",
    }
    spec.update(extra)
    return spec


def lcp_files(*folders: str) -> list[Path]:
    suffixes = (".json", ".csv", ".dat")
    return [p for f in folders for p in sorted((LCP / f).iterdir()) if p.suffix in suffixes]


def serial(spec: Any, **kwargs: Any) -> pd.DataFrame:
    return batch.run(spec, workers=0, progress=False, **kwargs)


def same_table(left: pd.DataFrame, right: pd.DataFrame) -> None:
    pdt.assert_frame_equal(left, right, check_exact=True)


def module_env() -> dict[str, str]:
    """This environment with the folder contactlab was imported from first on PYTHONPATH."""
    env = dict(os.environ)
    here = str(Path(cl.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (here, env.get("PYTHONPATH")) if p)
    return env


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Two single-threaded worker processes on 127.0.0.1; one death allowed per task."""
    if not HAVE_DISTRIBUTED:
        pytest.skip("dask.distributed is not importable")
    dask_tmp = {"temporary-directory": str(tmp_path_factory.mktemp("dask"))}
    with batch.local_cluster(2, allowed_failures=1, **dask_tmp) as cluster, Client(
        cluster
    ) as connected:
        yield connected


# ---------------------------------------------------------------------------------------
# tasks()


def test_run_tasks_are_the_product_in_order() -> None:
    spec = run_spec()
    task_list = batch.tasks(spec)
    assert len(task_list) == 3 * 2 * 2
    assert [t["index"] for t in task_list] == list(range(12))
    order = [(Path(t["scene"]).name, t["settings"]["contact_solver"], t["seed"]) for t in task_list]
    assert order == [(s, c, seed) for s in SMALL_SCENES for c in SOLVERS for seed in (0, 1)]
    assert all(t["until"] == 5.0 and t["kind"] == "run" for t in task_list)
    assert batch.tasks(spec) == task_list


def test_solve_tasks_list_folders_sorted_times_solvers() -> None:
    task_list = batch.tasks(solve_spec())
    solvers = list(cl.solver_names())
    files = lcp_files("others", "siconos")
    assert len(task_list) == len(files) * len(solvers)
    expected = [(f, s) for f in files for s in solvers]
    assert [(Path(t["path"]), t["solver"]) for t in task_list] == expected
    assert task_list[0]["lcp"] == str(Path(str(LCP / "others")) / files[0].name)
    assert all(t["tolerance"] == 1e-10 and t["max_iterations"] == 0 for t in task_list)


def test_relative_paths_resolve_against_the_spec_folder_or_cwd(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = run_spec(scenes=["stack_of_three.json"])
    spec["scenes"] = [os.path.relpath(SCENES / "stack_of_three.json", tmp_path)]
    (tmp_path / "spec.json").write_text(json.dumps(spec))
    from_file = batch.tasks(tmp_path / "spec.json")
    assert Path(from_file[0]["path"]).resolve() == SCENES / "stack_of_three.json"
    assert from_file[0]["scene"] == spec["scenes"][0]
    monkeypatch.chdir(SCENES)
    from_dict = batch.tasks(run_spec(scenes=[]) | {"scenes": ["stack_of_three.json"]})
    assert Path(from_dict[0]["path"]).resolve() == SCENES / "stack_of_three.json"


@pytest.mark.parametrize(
    "change, named",
    [
        ({"colour": "red"}, "colour"),
        ({"kind": "walk"}, "kind"),
        ({"scenes": []}, "scenes"),
        ({"scenes": ["no_such_scene.json"]}, "no_such_scene.json"),
        ({"seeds": []}, "seeds"),
        ({"seeds": [1.5]}, "seeds"),
        ({"until": "5"}, "until"),
        ({"settings": {"contact_solver": []}}, "contact_solver"),
        ({"settings": {"contact_solver": ["lemkee"]}}, "lemkee"),
        ({"settings": {"seed": [3]}}, "seed"),
    ],
)
def test_bad_run_spec_raises_naming_the_key(change: dict[str, Any], named: str) -> None:
    with pytest.raises(ValueError, match=named):
        batch.tasks(run_spec() | change)


def test_unknown_setting_is_named() -> None:
    with pytest.raises(ValueError, match="contact_solvr"):
        batch.tasks(run_spec() | {"settings": {"contact_solvr": ["lemke"]}})


@pytest.mark.parametrize(
    "change, named",
    [
        ({"solvers": ["lemke", "dantzig"]}, "dantzig"),
        ({"solvers": []}, "solvers"),
        ({"lcp": [str(LCP / "missing_folder")]}, "missing_folder"),
        ({"tolerance": -1}, "tolerance"),
        ({"max_iterations": 2.5}, "max_iterations"),
        ({"until": 3}, "until"),
    ],
)
def test_bad_solve_spec_raises_naming_the_key(change: dict[str, Any], named: str) -> None:
    with pytest.raises(ValueError, match=named):
        batch.tasks(solve_spec() | change)


def test_bad_spec_runs_nothing(tmp_path: Path) -> None:
    seen: list[Any] = []
    with pytest.raises(ValueError, match="colour"):
        batch.run(
            run_spec() | {"colour": 1},
            workers=0,
            progress=False,
            on_result=lambda *args: seen.append(args),
        )
    assert seen == []
    (tmp_path / "bad.json").write_text("{not json")
    with pytest.raises(ValueError, match="bad.json"):
        batch.tasks(tmp_path / "bad.json")


# ---------------------------------------------------------------------------------------
# Serial runs, error rows


def test_serial_run_rows_and_callback() -> None:
    calls: list[tuple[int, int, int]] = []
    def record(row: dict[str, Any], done: int, total: int) -> None:
        calls.append((row["task"], done, total))

    table = batch.run(run_spec(), workers=0, progress=False, on_result=record)
    assert calls == [(i, i + 1, 12) for i in range(12)]
    assert list(table["task"]) == list(range(12))
    assert list(table.columns[:5]) == ["task", "scene", "contact_solver", "seed", "until"]
    assert set(batch.SUMMARY_KEYS) <= set(table.columns)
    assert list(table.columns[-2:]) == ["status", "error"]
    assert (table["status"] == "ok").all() and (table["error"] == "").all()
    assert (table["time"] >= 5.0 - 1e-9).all()
    assert table["state_hash"].str.fullmatch("[0-9a-f]{16}").all()
    assert not set(batch.TIMING_KEYS) & set(table.columns)
    same_table(table, serial(run_spec()))


def test_timings_only_when_asked() -> None:
    spec = run_spec(scenes=["block_on_floor.json"])
    timed = serial(spec, timings=True)
    assert list(timed.columns[-2:]) == list(batch.TIMING_KEYS)
    assert (timed["cpu_seconds"] >= 0).all()
    same_table(timed.drop(columns=list(batch.TIMING_KEYS)), serial(spec))
    assert "cpu_seconds" in serial(spec | {"timings": True}).columns


def test_bad_scene_file_gives_an_error_row(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "contactlab-scene", "bodies": [')
    spec = run_spec(scenes=["block_on_floor.json"])
    spec["scenes"].append(str(broken))
    table = serial(spec)
    bad = table[table["scene"] == str(broken)]
    good = table[table["scene"] != str(broken)]
    assert len(bad) == 4 and len(good) == 4
    assert (bad["status"] == "error").all()
    assert bad["error"].str.startswith("SceneError: ").all()
    assert bad["steps"].isna().all()
    assert (good["status"] == "ok").all()
    alone = serial(run_spec(scenes=["block_on_floor.json"]))
    same_table(good.reset_index(drop=True), alone.astype(good.dtypes.to_dict()))


def test_failed_run_keeps_how_far_it_got() -> None:
    # pile_10 with projected Gauss-Seidel stops near t = 2.9 (a solve fails its check).
    spec = {
        "kind": "run",
        "scenes": [str(SCENES / "pile_10.json")],
        "settings": {"contact_solver": ["pgs"]},
        "until": 4.0,
    }
    row = serial(spec).iloc[0]
    assert row["status"] == "failed"
    assert row["error"].startswith("SimulationError: ")
    assert 0 < row["time"] < 4.0 and row["steps"] > 0 and len(row["state_hash"]) == 16


def test_run_task_never_raises() -> None:
    task = {
        "index": 7,
        "kind": "solve",
        "lcp": "x",
        "path": "/nonexistent/x.json",
        "solver": "lemke",
        "tolerance": 1e-10,
        "max_iterations": 0,
    }
    row = batch.run_task(task)
    assert row["status"] == "error" and row["task"] == 7
    assert row["error"].startswith("LcpFileError: ")
    assert batch.run_task({"kind": "nothing"})["status"] == "error"
    assert batch.run_task(None)["error"].startswith("AttributeError")  # type: ignore[arg-type]


def test_serial_solves() -> None:
    table = serial(solve_spec())
    assert list(table.columns[:5]) == ["task", "lcp", "solver", "tolerance", "max_iterations"]
    assert set(batch.SOLVE_KEYS) <= set(table.columns)
    assert set(table["status"]) <= {"ok", "failed"}
    assert ((table["status"] == "ok") == table["ok"]).all()
    lemke = table[(table["solver"] == "lemke") & table["lcp"].str.endswith("murty_8.json")].iloc[0]
    assert lemke["status"] == "ok" and lemke["solver_status"] == "ok" and lemke["pivots"] > 0


# ---------------------------------------------------------------------------------------
# Tables and the command line


def test_csv_round_trip_is_exact(tmp_path: Path) -> None:
    table = serial(run_spec(scenes=["stack_of_three.json"]))
    batch.write_table(table, tmp_path / "t.csv")
    same_table(batch.read_table(tmp_path / "t.csv"), table)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.csv"]


def test_write_table_is_all_or_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = serial(run_spec(scenes=["block_on_floor.json"]))
    with pytest.raises(OSError):
        batch.write_table(table, tmp_path / "missing" / "t.csv")
    with pytest.raises(ValueError, match="xlsx"):
        batch.write_table(table, tmp_path / "t.xlsx")
    (tmp_path / "t.csv").write_text("old")
    def full_disk(*args: Any, **kwargs: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(pd.DataFrame, "to_csv", full_disk)
    with pytest.raises(OSError, match="disk full"):
        batch.write_table(table, tmp_path / "t.csv")
    assert [p.name for p in tmp_path.iterdir()] == ["t.csv"]
    assert (tmp_path / "t.csv").read_text() == "old"


def test_parquet_needs_an_engine(tmp_path: Path) -> None:
    import importlib.util

    table = serial(run_spec(scenes=["block_on_floor.json"]))
    if importlib.util.find_spec("pyarrow") or importlib.util.find_spec("fastparquet"):
        batch.write_table(table, tmp_path / "t.parquet")
        assert (tmp_path / "t.parquet").stat().st_size > 0
    else:
        with pytest.raises(ImportError, match="pyarrow"):
            batch.write_table(table, tmp_path / "t.parquet")
        assert list(tmp_path.iterdir()) == []


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "contactlab.batch", *args],
        cwd=cwd, env=module_env(), capture_output=True, text=True, timeout=120,
    )


def test_cli_writes_the_table_of_run(tmp_path: Path) -> None:
    spec = run_spec(scenes=["stack_of_three.json", "ball_bounce.json"])
    spec["scenes"] = [os.path.relpath(p, tmp_path) for p in spec["scenes"]]
    (tmp_path / "spec.json").write_text(json.dumps(spec))
    done = cli("spec.json", "--out", "t.csv", "--serial", "--no-progress", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "8 tasks: 8 ok, 0 failed, 0 errors" in done.stdout and "t.csv" in done.stdout
    same_table(batch.read_table(tmp_path / "t.csv"), serial(tmp_path / "spec.json"))


def test_cli_exit_2_when_a_row_is_not_ok_and_prints_the_head(tmp_path: Path) -> None:
    (tmp_path / "broken.json").write_text("[")
    spec = run_spec(scenes=["block_on_floor.json"]) | {"seeds": [0]}
    spec["scenes"].append("broken.json")
    (tmp_path / "spec.json").write_text(json.dumps(spec))
    done = cli("spec.json", "--serial", "--no-progress", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert "4 tasks: 2 ok, 0 failed, 2 errors" in done.stdout and "SceneError" in done.stdout
    assert "block_on_floor" in done.stdout  # the table's head


@pytest.mark.parametrize(
    "spec_text, named",
    [
        (json.dumps(run_spec() | {"colour": "red"}), "colour"),
        (json.dumps(solve_spec() | {"solvers": ["dantzig"]}), "dantzig"),
        ("{not json", "JSON"),
    ],
)
def test_cli_bad_spec_exits_1_and_writes_nothing(
    tmp_path: Path, spec_text: str, named: str
) -> None:
    (tmp_path / "spec.json").write_text(spec_text)
    done = cli("spec.json", "--out", "t.csv", "--serial", "--no-progress", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.startswith("error: ") and named in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert [p.name for p in tmp_path.iterdir()] == ["spec.json"]


@pytest.mark.skipif("CONTACTLAB_CLI" not in os.environ, reason="run by ctest, which names the CLI")
def test_contactlab_cli_batch_runs_the_same_sweep(tmp_path: Path) -> None:
    # `contactlab-cli batch` becomes `python3 -m contactlab.batch` with the build's module on
    # PYTHONPATH: the same table, and the same exit codes.
    (tmp_path / "spec.json").write_text(json.dumps(run_spec(scenes=["stack_of_three.json"])))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [os.environ["CONTACTLAB_CLI"], "batch", "spec.json", "--out", "t.csv", "--serial",
         "--no-progress"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    same_table(batch.read_table(tmp_path / "t.csv"), serial(tmp_path / "spec.json"))
    (tmp_path / "bad.json").write_text("{}")
    done = subprocess.run([os.environ["CONTACTLAB_CLI"], "batch", "bad.json"], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and done.stderr.startswith("error: ")


def test_cli_unwritable_output_exits_3_before_running(tmp_path: Path) -> None:
    (tmp_path / "spec.json").write_text(json.dumps(run_spec()))
    done = cli("spec.json", "--out", "nowhere/t.csv", "--serial", "--no-progress", cwd=tmp_path)
    assert done.returncode == 3 and done.stderr.startswith("error: ")
    assert "Traceback" not in done.stderr and done.stdout == ""


# ---------------------------------------------------------------------------------------
# Dask distributed


@needs_distributed
def test_local_cluster_table_equals_serial(tmp_path: Path) -> None:
    spec = run_spec()
    arrived: list[int] = []
    with dask.config.set({"temporary-directory": str(tmp_path)}):
        table = batch.run(
            spec, workers=2, progress=False, on_result=lambda row, done, total: arrived.append(done)
        )
    assert arrived == list(range(1, 13))
    same_table(table, serial(spec))


@needs_distributed
def test_local_cluster_workers_keep_the_default_malloc_trimming(client: Any) -> None:
    # Dask sets MALLOC_TRIM_THRESHOLD_=65536 in the workers it spawns, which makes the engine's
    # steps cost about 1.5x the CPU; local_cluster leaves it out.
    environ = client.run(lambda: dict(os.environ))
    assert len(environ) == 2
    for worker_env in environ.values():
        assert "MALLOC_TRIM_THRESHOLD_" not in worker_env
        assert worker_env.get("OMP_NUM_THREADS") == "1"  # Dask's other settings are kept


@needs_distributed
def test_client_solves_equal_serial(client: Any) -> None:
    spec = solve_spec()
    same_table(batch.run(spec, client=client, progress=False), serial(spec))


@needs_distributed
def test_killed_worker_loses_only_its_task(client: Any) -> None:
    # pile_10 takes long enough for a task to be running when the first row arrives.
    spec = run_spec(scenes=["pile_10.json", "stack_of_three.json"], until=20.0)
    killed: list[int] = []

    def kill_a_busy_worker(row: dict[str, Any], done: int, total: int) -> None:
        if killed:
            return
        busy = [address for address, keys in client.processing().items() if keys]
        address = busy[0] if busy else next(iter(client.scheduler_info()["workers"]))
        pid = client.run(os.getpid, workers=[address])[address]
        os.kill(pid, signal.SIGKILL)
        killed.append(pid)

    table = batch.run(spec, client=client, progress=False, on_result=kill_a_busy_worker)
    assert len(killed) == 1
    with pytest.raises(ProcessLookupError):
        os.kill(killed[0], 0)
    same_table(table, serial(spec))


@needs_distributed
def test_task_that_kills_every_worker_is_an_error_row(client: Any) -> None:
    task_list = batch.tasks(run_spec(scenes=["block_on_floor.json"]))
    victim = 2

    def killer(task: dict[str, Any]) -> dict[str, Any]:  # pickled by value (a local function)
        import os as os_
        import signal as signal_

        from contactlab import batch as batch_

        if task["index"] == victim:
            os_.kill(os_.getpid(), signal_.SIGKILL)
        return batch_.run_task(task)

    rows: dict[int, dict[str, Any]] = {}
    batch._gather(client, killer, task_list, lambda i, row: rows.__setitem__(i, row))
    assert sorted(rows) == list(range(len(task_list)))
    assert rows[victim]["status"] == "error" and rows[victim]["error"].startswith("KilledWorker: ")
    assert rows[victim]["task"] == victim
    expected = serial(run_spec(scenes=["block_on_floor.json"]))
    got = batch._table(task_list, [rows[i] for i in range(len(task_list))])
    keep = got["task"] != victim
    same_table(got[keep], expected[keep].astype(got.dtypes.to_dict()))
