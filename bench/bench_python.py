"""What the Python module costs over the CLI, and how a sweep scales with local workers.

    PYTHONPATH=build/python /usr/bin/python3 bench/bench_python.py [REPEATS]
    cmake --build build --target bench_python      (the same, 5 repeats)

Prints a table (medians over REPEATS runs, CPU seconds; ratios against the CLI measured in the
same run):
  - a pile_20 run of 12 s: `contactlab-cli run` (a child process: its CPU time, load included)
    against Simulation(...).run_to(12) in this process (load included);
  - a comparison of 1000 LCPs (pile_20's contact-force solves, exported by the CLI): `contactlab-cli
    compare DIR --repeats 1` against compare_solvers(DIR, repeats=1);
  - a sweep of 8 pile_50 runs of 8 s (contactlab.batch) serially in this process, and on a
    LocalCluster of 1 and of 2 workers (wall time: the workers' CPU is spent in other
    processes; the cluster's start, about a second, is timed apart).
"""

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import contactlab as cl
from contactlab import batch

ROOT = Path(__file__).resolve().parents[1]
SCENES = ROOT / "resources" / "scenes"
CLI = os.environ.get("CONTACTLAB_CLI", str(ROOT / "build" / "app" / "cli" / "contactlab-cli"))


def child_cpu(args):
    """CPU seconds (user + system) of a CLI run, which must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([CLI, *map(str, args)], check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def own_cpu(work):
    t0 = time.process_time()
    work()
    return time.process_time() - t0


def wall(work):
    t0 = time.perf_counter()
    work()
    return time.perf_counter() - t0


def median_of(repeats, measure):
    return statistics.median(measure() for _ in range(repeats))


def export_lcps(folder, count):
    """pile_20's first `count` contact-force solves as LCP files in `folder`."""
    args = ["run", SCENES / "pile_20.json", "--until", 12, "--lcp-dir", folder, "--lcp-steps",
            "1:480", "--lcp-kinds", "forces"]
    subprocess.run([CLI, *map(str, args)], check=True, stdout=subprocess.DEVNULL)
    files = sorted(folder.iterdir())
    for extra in files[count:]:
        extra.unlink()
    return min(count, len(files))


def main(argv):  # called under `if __name__ == "__main__"`: Dask spawns worker processes
    repeats = int(argv[1]) if len(argv) > 1 else 5
    rows = []

    def pile_20():
        cl.Simulation(SCENES / "pile_20.json").run_to(12.0)

    cli_run = median_of(repeats, lambda: child_cpu(["run", SCENES / "pile_20.json", "--until", 12]))
    py_run = median_of(repeats, lambda: own_cpu(pile_20))
    rows.append(("pile_20, 12 s", "CPU", cli_run, py_run))

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "lcps"
        folder.mkdir()
        n = export_lcps(folder, 1000)
        cli_cmp = median_of(repeats, lambda: child_cpu(["compare", folder, "--repeats", 1]))
        py_cmp = median_of(repeats, lambda: own_cpu(lambda: cl.compare_solvers(folder, repeats=1)))
        rows.append((f"compare {n} LCPs, 5 solvers", "CPU", cli_cmp, py_cmp))
        shutil.rmtree(folder)

    spec = {"kind": "run", "scenes": [str(SCENES / "pile_50.json")],
            "settings": {"warm_start": [False, True]}, "seeds": [0, 1, 2, 3], "until": 8.0}
    serial = median_of(repeats, lambda: wall(lambda: batch.run(spec, workers=0, progress=False)))
    sweeps, starts = {}, {}
    for w in (1, 2):
        from distributed import Client

        t0 = time.perf_counter()
        with batch.local_cluster(w) as cluster, Client(cluster) as client:
            starts[w] = time.perf_counter() - t0
            sweeps[w] = median_of(repeats, lambda: wall(
                lambda: batch.run(spec, client=client, progress=False)))

    print(f"| measure (median of {repeats}) | kind | CLI s | Python s | Python / CLI |")
    print("|---|---|--:|--:|--:|")
    for name, kind, a, b in rows:
        print(f"| {name} | {kind} | {a:.3f} | {b:.3f} | {b / a:.2f} |")
    print()
    print("| sweep of 8 pile_50 runs of 8 s | wall s | speed-up over 1 worker | cluster start s |")
    print("|---|--:|--:|--:|")
    print(f"| serial, in this process | {serial:.2f} | {sweeps[1] / serial:.2f} | |")
    for w, seconds in sweeps.items():
        print(f"| LocalCluster, {w} worker{'s' if w > 1 else ''} | {seconds:.2f} | "
              f"{sweeps[1] / seconds:.2f} | {starts[w]:.2f} |")
    print(f"\n{os.cpu_count()} cores")


if __name__ == "__main__":
    main(sys.argv)
