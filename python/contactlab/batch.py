"""Sweeps of ContactLab runs and LCP solves, serially or on Dask distributed.

A *spec* (a dict, or the path of a JSON file holding one) describes a sweep of one of two
kinds:

``{"kind": "run", "scenes": [...], "settings": {key: [values...]}, "seeds": [...], "until": t}``
    Every scene x every combination of the settings' values x every seed; each task loads
    one scene with those settings (the seed as the setting ``"seed"``) and runs it to the
    simulated time ``until``. ``settings`` and ``seeds`` may be left out (the scene's own).
``{"kind": "solve", "lcp": [...], "solvers": [...] or "all", "tolerance": x, "max_iterations": n}``
    Every LCP file x every solver; each task is one :func:`contactlab.solve_lcp`. An entry
    of ``lcp`` is a file, or a folder whose ``.json``, ``.csv`` and ``.dat`` files are taken
    in sorted order (not recursively). ``solvers`` defaults to ``"all"``, ``tolerance`` to
    1e-10, ``max_iterations`` to 0 (each solver's own limit).

Both kinds also take ``"timings": bool`` (add CPU and wall seconds per task) and
``"description": str`` (ignored). Relative paths resolve against the spec file's folder, or
the current directory for a dict. The spec is checked whole before anything runs: a bad
one raises ValueError naming the key or path and what is wrong.

:func:`run` returns one row per task, in task order whatever order they finish in. Without
timings the table is the same, bit for bit, whatever the number of workers: every task
builds its own scene or problem and nothing is shared between tasks.

Distributed runs start an embedded :class:`distributed.LocalCluster` on 127.0.0.1, or join
a running scheduler (``scheduler="tcp://HOST:PORT"``). Workers must be able to import
``contactlab``: a local cluster's workers inherit this process's environment and
``sys.path`` (so ``PYTHONPATH`` is enough); the workers of a scheduler you started
yourself need the module on their own ``PYTHONPATH``, and the same paths to the scene and
LCP files (tasks carry absolute paths). A worker that dies loses only the task it was
running, which the scheduler runs again on another worker; a task that kills every worker
it runs on becomes an ``"error"`` row (``KilledWorker``).

Command line::

    python3 -m contactlab.batch SPEC.json [--out TABLE.csv|TABLE.parquet] [--workers N]
                                [--scheduler tcp://HOST:PORT] [--serial] [--no-progress]
                                [--timings]

Exit status, as ``contactlab-cli``'s: 0 when every row's status is ``"ok"``; 1 for a bad
spec or bad arguments (one ``error: ...`` line on stderr, nothing run or written); 2 when
some rows failed or are errors (the table is still written), or the sweep itself could not
go on (the scheduler cannot be reached, say); 3 when the table cannot be written (an output
that cannot be written is found before anything runs).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import itertools
import json
import math
import os
import sys
import time
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, Union

import contactlab as cl

if TYPE_CHECKING:
    import pandas as pd
    from distributed import Client, LocalCluster

__all__ = [
    "SUMMARY_KEYS",
    "SOLVE_KEYS",
    "TIMING_KEYS",
    "LCP_SUFFIXES",
    "tasks",
    "run_task",
    "run",
    "local_cluster",
    "write_table",
    "read_table",
    "main",
]

Spec = Union[Mapping[str, Any], str, "os.PathLike[str]"]
"""A sweep spec: a mapping, or the path of a JSON file holding one."""

Row = dict[str, Any]
OnResult = Callable[[Row, int, int], None]

SUMMARY_KEYS: tuple[str, ...] = (
    "time",
    "steps",
    "energy_start",
    "energy",
    "kinetic",
    "potential",
    "friction_loss",
    "state_hash",
    "contacts",
    "solves",
    "pivots",
    "max_violation",
    "collisions",
    "backups",
    "min_distance",
)
"""The result columns of a run row: the keys of ``Simulation.summary()``."""

SOLVE_KEYS: tuple[str, ...] = (
    "n",
    "solver_status",
    "ok",
    "iterations",
    "pivots",
    "residual",
    "natural_map",
    "reason",
)
"""The result columns of a solve row (``solver_status`` is ``LcpResult.status``)."""

TIMING_KEYS: tuple[str, ...] = ("cpu_seconds", "wall_seconds")
"""Timing columns, present only when timings are asked for."""

LCP_SUFFIXES: tuple[str, ...] = (".json", ".csv", ".dat")
"""The LCP files taken from a folder named in a solve spec."""

ROW_KEYS: tuple[str, ...] = ("status", "error")
"""Every row ends with these: ``status`` is "ok", "failed" or "error"; ``error`` is
"ExceptionType: message" ("" when nothing was raised)."""

# Text columns: never missing in a table (filled with ""), read back as text.
_TEXT_COLUMNS = (
    "scene", "lcp", "solver", "state_hash", "solver_status", "reason", "status", "error"
)

_COMMON_SPEC_KEYS = ("kind", "timings", "description")
_RUN_SPEC_KEYS = ("scenes", "settings", "seeds", "until")
_SOLVE_SPEC_KEYS = ("lcp", "solvers", "tolerance", "max_iterations")

# contactlab-cli's exit codes (app/cli/exit_codes.h).
EXIT_OK = 0
EXIT_BAD_INPUT = 1
EXIT_FAILED = 2
EXIT_OUTPUT_FAILED = 3


# --------------------------------------------------------------------------------------
# Specs and tasks


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return (_is_int(value) or isinstance(value, float)) and math.isfinite(value)


def _type_name(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def _load_spec(spec: Spec) -> tuple[dict[str, Any], Path, str]:
    """The spec as a dict, the folder its relative paths start from, and a message prefix."""
    if isinstance(spec, Mapping):
        return dict(spec), Path.cwd(), "spec"
    if isinstance(spec, (str, os.PathLike)):
        path = Path(spec)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            raise ValueError(f"spec {path}: cannot be read ({error.strerror or error})") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ValueError(f"spec {path}: not valid JSON ({error})") from None
        if not isinstance(data, dict):
            raise ValueError(f"spec {path}: expected a JSON object, got {_type_name(data)}")
        return data, path.absolute().parent, f"spec {path}"
    raise ValueError(f"a spec is a dict or the path of a JSON file, not {_type_name(spec)}")


def _nonempty_list(spec: Mapping[str, Any], key: str, where: str) -> list[Any]:
    value = spec[key]
    if not isinstance(value, list):
        raise ValueError(f"{where}: '{key}' must be a list, got {_type_name(value)}")
    if not value:
        raise ValueError(f"{where}: '{key}' is an empty list")
    return value


def _path_list(spec: Mapping[str, Any], key: str, where: str, base: Path) -> list[tuple[str, Path]]:
    """(as given, absolute path) for each entry of the list of paths spec[key]."""
    out = []
    for i, given in enumerate(_nonempty_list(spec, key, where)):
        if not isinstance(given, str) or not given:
            raise ValueError(
                f"{where}: '{key}'[{i}] must be a non-empty path string, got {given!r}"
            )
        path = Path(given)
        out.append((given, path if path.is_absolute() else base / path))
    return out


def _check_keys(
    spec: Mapping[str, Any], allowed: Sequence[str], required: Sequence[str], where: str
) -> None:
    for key in spec:
        if key not in allowed:
            raise ValueError(
                f"{where}: unknown key {key!r} "
                f"(a {spec.get('kind')} spec takes {', '.join(allowed)})"
            )
    for key in required:
        if key not in spec:
            raise ValueError(f"{where}: missing key '{key}'")


def _known_settings() -> set[str]:
    """The setting keys the module takes."""
    return {str(entry["key"]) for entry in cl.settings_info()}


def _check_setting_value(key: str, value: Any, where: str) -> None:
    """A bad value fails now, with its place in the spec, not in every task."""
    try:
        cl.check_setting(key, value)
    except (ValueError, TypeError) as error:
        raise ValueError(f"{where}: 'settings'[{key!r}] value {value!r}: {error}") from None


def _run_tasks(spec: Mapping[str, Any], base: Path, where: str, timings: bool) -> list[Row]:
    _check_keys(spec, _COMMON_SPEC_KEYS + _RUN_SPEC_KEYS, ("scenes", "until"), where)
    scenes = _path_list(spec, "scenes", where, base)
    for i, (given, path) in enumerate(scenes):
        if not path.exists():
            raise ValueError(f"{where}: 'scenes'[{i}] {given!r} not found ({path})")
        if not path.is_file():
            raise ValueError(f"{where}: 'scenes'[{i}] {given!r} is not a file ({path})")

    until = spec["until"]
    if not _is_number(until) or until < 0:
        raise ValueError(f"{where}: 'until' must be a finite number >= 0, got {until!r}")

    seeds: list[int] | None = None
    if "seeds" in spec:
        seeds = _nonempty_list(spec, "seeds", where)
        for i, seed in enumerate(seeds):
            if not _is_int(seed) or seed < 0:
                raise ValueError(f"{where}: 'seeds'[{i}] must be an integer >= 0, got {seed!r}")

    settings = spec.get("settings", {})
    if not isinstance(settings, dict):
        raise ValueError(
            f"{where}: 'settings' must be an object {{key: [values]}}, "
            f"got {_type_name(settings)}"
        )
    reserved = {"task", "scene", "until", *SUMMARY_KEYS, *ROW_KEYS, *TIMING_KEYS}
    known = _known_settings()
    for key, values in settings.items():
        if key == "seed" and seeds is not None:
            raise ValueError(f"{where}: 'settings' has 'seed' and the spec has 'seeds': give one")
        if key in reserved:
            raise ValueError(f"{where}: 'settings' key {key!r} is the name of a table column")
        if key not in known:
            raise ValueError(
                f"{where}: 'settings' has unknown setting {key!r} "
                f"(known: {', '.join(sorted(known))})"
            )
        values = _nonempty_list(settings, key, f"{where}: 'settings'")
        for i, value in enumerate(values):
            if not (isinstance(value, (str, bool)) or _is_number(value)):
                raise ValueError(
                    f"{where}: 'settings'[{key!r}][{i}] must be a number, a bool or a name, "
                    f"got {value!r}"
                )
            _check_setting_value(key, value, where)

    keys = list(settings)
    out: list[Row] = []
    for (given, path), *combo in itertools.product(
        scenes, *(settings[k] for k in keys), seeds if seeds is not None else [None]
    ):
        *values, seed = combo
        task: Row = {
            "index": len(out),
            "kind": "run",
            "scene": given,
            "path": str(path),
            "settings": dict(zip(keys, values)),
        }
        if seeds is not None:
            task["seed"] = seed
        task.update(until=until, timings=timings)
        out.append(task)
    return out


def _lcp_files(given: str, path: Path, i: int, where: str) -> list[tuple[str, Path]]:
    if path.is_dir():
        files = [Path(f) for f in cl.lcp_files(path)]  # those `contactlab-cli compare` takes
        if not files:
            raise ValueError(
                f"{where}: 'lcp'[{i}] folder {given!r} holds no "
                f"{', '.join(LCP_SUFFIXES)} files ({path})"
            )
        return [(str(PurePath(given) / f.name), f) for f in files]
    if path.is_file():
        return [(given, path)]
    raise ValueError(f"{where}: 'lcp'[{i}] {given!r} not found ({path})")


def _solve_tasks(spec: Mapping[str, Any], base: Path, where: str, timings: bool) -> list[Row]:
    _check_keys(spec, _COMMON_SPEC_KEYS + _SOLVE_SPEC_KEYS, ("lcp",), where)
    files: list[tuple[str, Path]] = []
    for i, (given, path) in enumerate(_path_list(spec, "lcp", where, base)):
        files.extend(_lcp_files(given, path, i, where))

    names = list(cl.solver_names())
    solvers = spec.get("solvers", "all")
    if solvers == "all":
        solvers = names
    else:
        if isinstance(solvers, str):
            raise ValueError(
                f"{where}: 'solvers' must be \"all\" or a list of names, got {solvers!r}"
            )
        solvers = _nonempty_list(spec, "solvers", where)
        for i, solver in enumerate(solvers):
            if solver not in names:
                raise ValueError(
                    f"{where}: 'solvers'[{i}] unknown solver {solver!r} (one of {', '.join(names)})"
                )

    tolerance = spec.get("tolerance", 1e-10)
    if not _is_number(tolerance) or tolerance <= 0:
        raise ValueError(f"{where}: 'tolerance' must be a finite number > 0, got {tolerance!r}")
    max_iterations = spec.get("max_iterations", 0)
    if not _is_int(max_iterations) or max_iterations < 0:
        raise ValueError(
            f"{where}: 'max_iterations' must be an integer >= 0, got {max_iterations!r}"
        )

    return [
        {
            "index": index,
            "kind": "solve",
            "lcp": given,
            "path": str(path),
            "solver": solver,
            "tolerance": tolerance,
            "max_iterations": max_iterations,
            "timings": timings,
        }
        for index, ((given, path), solver) in enumerate(itertools.product(files, solvers))
    ]


def tasks(spec: Spec) -> list[Row]:
    """The tasks of a sweep, in a fixed order, after checking the whole spec.

    Parameters
    ----------
    spec : mapping or path
        The sweep (see the module docstring), or the path of a JSON file holding it.

    Returns
    -------
    list of dict
        One dict per task, ``"index"`` 0, 1, ... in order. Runs: scenes outermost, then
        each setting in the spec's order, seeds innermost; keys ``index``, ``kind``
        ("run"), ``scene`` (as given), ``path`` (absolute), ``settings`` ({key: value}),
        ``seed`` (when the spec has seeds), ``until``, ``timings``. Solves: files outermost,
        solvers innermost; keys ``index``, ``kind`` ("solve"), ``lcp`` (as given, folder
        entries joined to the folder as given), ``path``, ``solver``, ``tolerance``,
        ``max_iterations``, ``timings``.

    Raises
    ------
    ValueError
        For a spec that cannot be read or is wrong anywhere (unknown or missing keys, wrong
        types, empty lists, missing files, folders without LCP files, unknown solvers or
        settings, bad setting values); the message names the key or path.
    """
    data, base, where = _load_spec(spec)
    kind = data.get("kind")
    timings = data.get("timings", False)
    if not isinstance(timings, bool):
        raise ValueError(f"{where}: 'timings' must be true or false, got {timings!r}")
    description = data.get("description", "")
    if not isinstance(description, str):
        raise ValueError(f"{where}: 'description' must be a string, got {_type_name(description)}")
    if kind == "run":
        return _run_tasks(data, base, where, timings)
    if kind == "solve":
        return _solve_tasks(data, base, where, timings)
    if kind is None:
        raise ValueError(f"{where}: missing key 'kind' (\"run\" or \"solve\")")
    raise ValueError(f"{where}: 'kind' must be \"run\" or \"solve\", got {kind!r}")


# --------------------------------------------------------------------------------------
# One task


def _describe(error: BaseException) -> str:
    """'ExceptionType: message', as the error column holds it."""
    if type(error).__name__ == "KilledWorker":
        # KilledWorker's own text names a worker address: keep the row the same everywhere.
        allowed = getattr(error, "allowed_failures", None)
        times = f" {allowed + 1} times" if isinstance(allowed, int) else ""
        return (
            f"KilledWorker: the workers running this task died{times} "
            "(distributed.scheduler.allowed-failures)"
        )
    message = str(error)
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


def _plain(value: Any) -> Any:
    """A numpy scalar as the Python number it holds; anything else unchanged."""
    item = getattr(value, "item", None)
    if item is not None and getattr(value, "shape", None) == ():
        return item()
    return value


def _parameters(task: Mapping[str, Any]) -> Row:
    """The parameter columns of a task's row."""
    if task["kind"] == "run":
        row: Row = {"task": task["index"], "scene": task["scene"]}
        row.update(task["settings"])
        if "seed" in task:
            row["seed"] = task["seed"]
        row["until"] = task["until"]
        return row
    if task["kind"] == "solve":
        return {
            "task": task["index"],
            "lcp": task["lcp"],
            "solver": task["solver"],
            "tolerance": task["tolerance"],
            "max_iterations": task["max_iterations"],
        }
    raise ValueError(f"unknown task kind {task['kind']!r}")


def _summary(sim: Any) -> Row:
    return {str(key): _plain(value) for key, value in dict(sim.summary()).items()}


def _run_one(task: Mapping[str, Any]) -> Row:
    settings = dict(task["settings"])
    if "seed" in task:
        settings["seed"] = task["seed"]
    scene = cl.load_scene(task["path"], settings)
    sim = cl.Simulation(scene)
    try:
        sim.run_to(task["until"])
    except cl.SimulationError as failure:
        row = _summary(sim)
        row.update(status="failed", error=_describe(failure))
        return row
    row = _summary(sim)
    row.update(status="ok", error="")
    return row


def _solve_one(task: Mapping[str, Any]) -> Row:
    lcp = cl.read_lcp(task["path"])
    result = cl.solve_lcp(
        lcp.A,
        lcp.b,
        joint=lcp.joint,
        solver=task["solver"],
        tolerance=task["tolerance"],
        max_iterations=task["max_iterations"],
    )
    ok = bool(result.ok)
    return {
        "n": int(len(lcp.b)),
        "solver_status": str(result.status),
        "ok": ok,
        "iterations": int(result.iterations),
        "pivots": int(result.pivots),
        "residual": float(result.residual),
        "natural_map": float(result.natural_map),
        "reason": str(result.reason),
        "status": "ok" if ok else "failed",
        "error": "",
    }


def run_task(task: Mapping[str, Any]) -> Row:
    """Runs one task of :func:`tasks` and returns its row; never raises.

    Parameters
    ----------
    task : mapping
        One task of :func:`tasks`.

    Returns
    -------
    dict
        The task's parameters (``task``; ``scene``, each setting, ``seed``, ``until`` for a
        run; ``lcp``, ``solver``, ``tolerance``, ``max_iterations`` for a solve), then its
        results (the :data:`SUMMARY_KEYS` of ``Simulation.summary()``, or the
        :data:`SOLVE_KEYS`), then ``status`` and ``error``, then the :data:`TIMING_KEYS`
        when ``task["timings"]`` is true (``time.process_time`` of the task, and wall time).

        ``status`` is "ok"; "failed" for a run that raised ``contactlab.SimulationError``
        (the row keeps the summary of how far it got, ``error`` the exception) or a solve
        whose result is not ``ok``; "error" when anything else was raised (``error`` is
        "ExceptionType: message", the results are left out).
    """
    cpu_start = time.process_time()
    wall_start = time.perf_counter()
    row: Row = {}
    timings = False
    try:
        timings = bool(task.get("timings", False))
        row.update(_parameters(task))
        if task["kind"] == "run":
            row.update(_run_one(task))
        else:
            row.update(_solve_one(task))
    except Exception as error:  # every failure is a row: the sweep goes on
        row["status"] = "error"
        row["error"] = _describe(error)
    if timings:
        row["cpu_seconds"] = time.process_time() - cpu_start
        row["wall_seconds"] = time.perf_counter() - wall_start
    return row


# --------------------------------------------------------------------------------------
# Sweeps


def _columns(task_list: Sequence[Mapping[str, Any]], rows: Sequence[Row]) -> list[str]:
    """The table's columns: parameters, results, any other keys met, status, error, timings."""
    first = task_list[0]
    if first["kind"] == "run":
        columns = ["task", "scene", *first["settings"]]
        if "seed" in first:
            columns.append("seed")
        columns += ["until", *SUMMARY_KEYS]
    else:
        columns = ["task", "lcp", "solver", "tolerance", "max_iterations", *SOLVE_KEYS]
    tail = [*ROW_KEYS, *TIMING_KEYS]
    seen = set(columns) | set(tail)
    for row in rows:
        for key in row:
            if key not in seen:
                seen.add(key)
                columns.append(key)
    return columns + (tail if first.get("timings") else list(ROW_KEYS))


def _table(task_list: Sequence[Mapping[str, Any]], rows: Sequence[Row]) -> pd.DataFrame:
    import pandas as pd

    frame = pd.DataFrame(list(rows), columns=_columns(task_list, rows))
    for column in _TEXT_COLUMNS:
        if column in frame.columns:
            frame[column] = frame[column].where(frame[column].notna(), "")
    return frame


def _task_function() -> Callable[[Mapping[str, Any]], Row]:
    """run_task from the importable module, so that workers unpickle it by reference."""
    if __name__ == "__main__":
        from contactlab.batch import run_task as importable

        return importable
    return run_task


def _gather(
    client: Client,
    function: Callable[[Mapping[str, Any]], Row],
    task_list: Sequence[Mapping[str, Any]],
    arrived: Callable[[int, Row], None],
    retries: int = 1,
) -> None:
    """Maps `function` over the tasks on `client`; `arrived(position, row)` as each ends.

    A task whose future errs (KilledWorker, a worker that cannot unpickle or import it,
    ...) gives an error row made here; a result lost with a worker that died after the
    task ended is waited for while the scheduler runs the task again. The futures still
    pending are cancelled when this returns or raises.
    """
    from distributed import as_completed

    futures = client.map(function, list(task_list), pure=False, retries=retries)
    position = {future.key: i for i, future in enumerate(futures)}
    try:
        for future in as_completed(futures):
            i = position[future.key]
            try:
                # Waits again if the result was lost with a worker that died after the task
                # ended (the scheduler runs it again); raises what ended the task otherwise.
                row = future.result()
            except Exception as error:  # KilledWorker, CancelledError, an unpickling error
                row = _parameters_or_empty(task_list[i])
                row.update(status="error", error=_describe(error))
            future.release()
            arrived(i, row)
    finally:
        pending = [future for future in futures if not future.done()]
        if pending:
            client.cancel(pending)


def _parameters_or_empty(task: Mapping[str, Any]) -> Row:
    try:
        return _parameters(task)
    except Exception:
        return {}


def local_cluster(
    workers: int | None = None, allowed_failures: int = 3, **config: Any
) -> LocalCluster:
    """A Dask LocalCluster for sweeps: `workers` processes of one thread each, on 127.0.0.1.

    One task at a time per worker (worker saturation 1.0, not Dask's default 1.1, which
    queues a second one on it): a worker that dies takes only the task it was running with
    it, and the scheduler runs that task again, up to `allowed_failures` deaths. The workers
    keep glibc's own malloc trimming: Dask's default MALLOC_TRIM_THRESHOLD_=65536 for the
    processes it spawns makes the engine's steps cost about 1.5x the CPU (measured on
    pile_50). Further ``dask.config`` keys may be given as `config` (by their full names).

    Parameters
    ----------
    workers : int, optional
        Worker processes (None: one per core).
    allowed_failures : int
        Worker deaths a task may cause before it is given up as ``KilledWorker``.
    **config
        Extra Dask configuration while the cluster is made.
    """
    import dask
    from distributed import LocalCluster

    environ = dict(dask.config.get("distributed.nanny.pre-spawn-environ", default={}))
    environ.pop("MALLOC_TRIM_THRESHOLD_", None)
    settings = {
        "distributed.scheduler.allowed-failures": allowed_failures,
        "distributed.scheduler.worker-saturation": 1.0,
        "distributed.nanny.pre-spawn-environ": environ,
        **config,
    }
    with dask.config.set(settings):
        return LocalCluster(
            n_workers=workers or os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        )


@contextlib.contextmanager
def _connect(
    scheduler: str | None, workers: int | None, client: Client | None, allowed_failures: int
) -> Iterator[Client]:
    """The client to use: the one given, one to `scheduler`, or an embedded local cluster's."""
    if client is not None:
        yield client
        return
    from distributed import Client as DaskClient

    if scheduler is not None:
        with DaskClient(scheduler) as connected:
            yield connected
        return
    cluster = local_cluster(workers, allowed_failures)
    with cluster, DaskClient(cluster) as local:
        yield local


class _NoBar:
    def update(self, n: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


def _progress_bar(total: int, progress: bool) -> Any:
    if not progress:
        return _NoBar()
    try:
        from tqdm import tqdm
    except ImportError:
        return _NoBar()
    return tqdm(total=total, unit="task", file=sys.stderr, dynamic_ncols=True)


def run(
    spec: Spec,
    scheduler: str | None = None,
    workers: int | None = None,
    progress: bool = True,
    timings: bool = False,
    on_result: OnResult | None = None,
    client: Client | None = None,
    retries: int = 1,
    allowed_failures: int = 3,
) -> pd.DataFrame:
    """Runs a sweep and returns its table, one row per task in task order.

    Parameters
    ----------
    spec : mapping or path
        The sweep (module docstring); checked whole before anything runs.
    scheduler : str, optional
        "tcp://HOST:PORT" of a running Dask scheduler to send the tasks to. Its workers
        must import ``contactlab`` and see the files at the tasks' absolute paths.
    workers : int, optional
        With no scheduler or client: 0 or 1 runs the tasks serially in this process; N > 1
        (or None: ``os.cpu_count()``) starts a ``distributed.LocalCluster`` of N
        single-threaded worker processes on 127.0.0.1, closed afterwards even on error.
        Its workers inherit this process's environment (PYTHONPATH) and ``sys.path``, and
        each takes one task at a time (``distributed.scheduler.worker-saturation`` 1.0), so
        a worker that dies takes only the task it was running.
    progress : bool
        Show a tqdm progress bar over the tasks on stderr.
    timings : bool
        Add the :data:`TIMING_KEYS` columns (also when the spec says ``"timings": true``).
        Without them the table is the same bit for bit however and wherever it ran.
    on_result : callable, optional
        ``on_result(row, done, total)``, called in this process as each row arrives
        (in the order the tasks end); an exception from it stops the sweep.
    client : distributed.Client, optional
        An existing client to use (then `scheduler` and `workers` must be None); it is
        left open.
    retries : int
        Dask retries of a task whose future raises. run_task never raises, so this covers
        only failures around it (a worker that cannot unpickle the task).
    allowed_failures : int
        For an embedded cluster: how many workers may die running one task before it is
        given up as ``KilledWorker`` (``distributed.scheduler.allowed-failures``). A
        running scheduler or a client's cluster keeps its own setting.

    Returns
    -------
    pandas.DataFrame
        Columns as :func:`run_task` makes them (a missing result is NaN; text columns are
        "" rather than missing), rows sorted by task.

    Raises
    ------
    ValueError
        For a bad spec or contradictory arguments, before anything runs.
    OSError
        When the scheduler cannot be reached.
    """
    if client is not None and (scheduler is not None or workers is not None):
        raise ValueError("give either client or scheduler/workers, not both")
    if scheduler is not None and workers is not None:
        raise ValueError("workers is for an embedded cluster: a scheduler has its own workers")
    if workers is not None and (not _is_int(workers) or workers < 0):
        raise ValueError(f"workers must be an integer >= 0, got {workers!r}")
    if not _is_int(allowed_failures) or allowed_failures < 0:
        raise ValueError(f"allowed_failures must be an integer >= 0, got {allowed_failures!r}")
    task_list = tasks(spec)
    if timings:
        for task in task_list:
            task["timings"] = True
    total = len(task_list)
    rows: list[Row] = [{} for _ in task_list]
    done = 0
    bar = _progress_bar(total, progress)

    def arrived(position: int, row: Row) -> None:
        nonlocal done
        rows[position] = row
        done += 1
        bar.update(1)
        if on_result is not None:
            on_result(row, done, total)

    try:
        if client is None and scheduler is None and workers in (0, 1):
            for position, task in enumerate(task_list):
                arrived(position, run_task(task))
        else:
            with _connect(scheduler, workers, client, allowed_failures) as connected:
                _gather(connected, _task_function(), task_list, arrived, retries)
    finally:
        bar.close()
    return _table(task_list, rows)


# --------------------------------------------------------------------------------------
# Tables


def _parquet_engine() -> str:
    for engine in ("pyarrow", "fastparquet"):
        if importlib.util.find_spec(engine) is not None:
            return engine
    raise ImportError(
        "writing .parquet needs pyarrow or fastparquet, and neither is installed "
        "(pip install pyarrow); write .csv instead"
    )


def _check_output(path: str | os.PathLike[str]) -> Path:
    """Checks that a table can be written at `path` (suffix, engine, folder); no writing."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in (".csv", ".parquet"):
        raise ValueError(
            f"{target}: a table is written as .csv or .parquet, not {suffix or 'no suffix'!r}"
        )
    if suffix == ".parquet":
        _parquet_engine()
    folder = target.parent
    if not folder.is_dir():
        raise OSError(f"{target}: folder {folder} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OSError(f"{target}: folder {folder} is not writable")
    if target.is_dir():
        raise OSError(f"{target}: is a folder")
    return target


def write_table(df: pd.DataFrame, path: str | os.PathLike[str]) -> None:
    """Writes a sweep's table as CSV or Parquet, whole or not at all.

    The table goes to a temporary file in the same folder, which then replaces `path`
    (``os.replace``): a failed write leaves no file and the old one, if any, untouched.

    Parameters
    ----------
    df : pandas.DataFrame
        The table of :func:`run`.
    path : str or PathLike
        ``*.csv`` (no index; floats in their shortest round-trip form) or ``*.parquet``
        (needs pyarrow or fastparquet). Read it back with :func:`read_table`.

    Raises
    ------
    ValueError
        For another suffix.
    ImportError
        For .parquet without pyarrow or fastparquet (before anything is written).
    OSError
        When the file cannot be written.
    """
    target = _check_output(path)
    engine = _parquet_engine() if target.suffix.lower() == ".parquet" else None
    temporary = target.parent / f".{target.name}.{os.getpid()}.{uuid.uuid4().hex[:12]}.tmp"
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        if engine is None:
            with os.fdopen(descriptor, "w", encoding="utf-8", newline="") as stream:
                df.to_csv(stream, index=False)
                stream.flush()
                os.fsync(stream.fileno())
        else:
            os.close(descriptor)
            df.to_parquet(temporary, engine=engine, index=False)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def read_table(path: str | os.PathLike[str]) -> pd.DataFrame:
    """Reads a table written by :func:`write_table` back as :func:`run` returned it.

    CSV is read with exact floats (``float_precision="round_trip"``) and its text columns
    as text (a ``state_hash`` of digits stays a string, an empty ``error`` stays "").

    Parameters
    ----------
    path : str or PathLike
        A ``.csv`` or ``.parquet`` file.

    Returns
    -------
    pandas.DataFrame
    """
    import pandas as pd

    target = Path(path)
    if target.suffix.lower() == ".parquet":
        return pd.read_parquet(target, engine=_parquet_engine())
    header = pd.read_csv(target, nrows=0).columns
    text = {column: str for column in _TEXT_COLUMNS if column in header}
    return pd.read_csv(target, float_precision="round_trip", converters=text)


# --------------------------------------------------------------------------------------
# Command line


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python3 -m contactlab.batch",
        description="Run a sweep of ContactLab runs or LCP solves (a JSON spec) serially or on "
        "Dask distributed, and write its table.",
        epilog="Exit status: 0 all rows ok, 3 some rows failed or are errors, 2 bad spec, "
        "arguments or output, 1 the sweep could not go on.",
    )
    parser.add_argument("spec", help="the sweep's spec (JSON)")
    parser.add_argument("--out", metavar="TABLE", help="write the table here (.csv or .parquet)")
    parser.add_argument(
        "--workers", type=int, metavar="N", help="local worker processes (default: CPU count)"
    )
    parser.add_argument(
        "--scheduler", metavar="tcp://HOST:PORT", help="send the tasks to this Dask scheduler"
    )
    parser.add_argument(
        "--serial", action="store_true", help="run the tasks one after another in this process"
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument(
        "--timings", action="store_true", help="add the CPU and wall seconds of each task"
    )
    return parser


def _report(df: pd.DataFrame, out: str | None) -> str:
    counts = df["status"].value_counts()
    lines = [
        f"{len(df)} tasks: {counts.get('ok', 0)} ok, {counts.get('failed', 0)} failed, "
        f"{counts.get('error', 0)} errors"
    ]
    bad = df[df["status"] != "ok"]
    for _, row in bad.head(5).iterrows():
        why = str(row["error"] or row.get("reason", "") or row.get("solver_status", ""))
        first, *rest = why.splitlines() or [""]
        more = f" (and {len(rest)} more lines in the table)" if rest else ""
        lines.append(f"  task {row['task']} {row['status']}: {first}{more}")
    if len(bad) > 5:
        lines.append(f"  ... and {len(bad) - 5} more")
    if out is not None:
        lines.append(f"table: {out} ({len(df)} rows, {len(df.columns)} columns)")
    else:
        lines.append("table (not written: give --out):")
        lines.append(df.head(10).to_string(index=False))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line; returns the exit status (see the module docstring).

    Parameters
    ----------
    argv : sequence of str, optional
        The arguments after the program name (default ``sys.argv[1:]``).

    Returns
    -------
    int
        0 every row ok, 1 bad arguments or spec (with one ``error: ...`` line on stderr),
        2 some rows failed or are errors or the sweep could not go on, 3 the table cannot be
        written.
    """
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # --help (0), or argparse's usage error (2 there, 1 here)
        return EXIT_OK if not exit_.code else EXIT_BAD_INPUT

    def fail(status: int, message: str) -> int:
        print(f"error: {message}", file=sys.stderr)
        return status

    if args.serial and (args.scheduler is not None or args.workers is not None):
        return fail(
            EXIT_BAD_INPUT, "--serial runs in this process: it takes no --scheduler or --workers"
        )
    if args.scheduler is not None and args.workers is not None:
        return fail(EXIT_BAD_INPUT, "--workers is for a local cluster: a scheduler has its own workers")
    if args.workers is not None and args.workers < 0:
        return fail(EXIT_BAD_INPUT, f"--workers must be >= 0, got {args.workers}")
    try:
        tasks(args.spec)
    except (ValueError, OSError) as error:
        return fail(EXIT_BAD_INPUT, str(error))
    if args.out is not None:
        try:
            _check_output(args.out)
        except (ValueError, ImportError) as error:
            return fail(EXIT_BAD_INPUT, str(error))
        except OSError as error:
            return fail(EXIT_OUTPUT_FAILED, str(error))

    try:
        table = run(
            args.spec,
            scheduler=args.scheduler,
            workers=0 if args.serial else args.workers,
            progress=not args.no_progress,
            timings=args.timings,
        )
    except KeyboardInterrupt:
        return fail(130, "interrupted")
    except Exception as error:
        return fail(EXIT_FAILED, f"the sweep could not go on: {_describe(error)}")

    if args.out is not None:
        try:
            write_table(table, args.out)
        except (ValueError, ImportError, OSError) as error:
            return fail(EXIT_OUTPUT_FAILED, f"cannot write {args.out}: {error}")
    print(_report(table, args.out))
    return EXIT_OK if bool((table["status"] == "ok").all()) else EXIT_FAILED


if __name__ == "__main__":
    sys.exit(main())
