"""ContactLab from Python: the engine's scenes, simulations, traces and LCP solvers.

>>> import contactlab as cl
>>> sim = cl.Simulation("resources/scenes/pile_10.json", settings={"contact_solver": "lemke"})
>>> sim.run_to(2.0)
>>> sim.state            # one row per body: x, vx, y, vy, angle, omega
>>> step = sim.step(trace=True)
>>> step.trace.solves[0].A, step.trace.solves[0].pivots[0].C

Scripted sweeps over scenes, settings and seeds, or LCP folders and solvers, on one machine
or a Dask cluster: :mod:`contactlab.batch`. See docs/python.md.
"""

from ._core import (
    Comparison,
    Energy,
    Error,
    FileReadError,
    FileWriteError,
    Iteration,
    LcpFile,
    LcpFileError,
    LcpResult,
    Pivot,
    RecordingError,
    Scene,
    SceneError,
    Simulation,
    SimulationError,
    Solve,
    SolveContact,
    SolveTotals,
    StateFileError,
    Step,
    StepStats,
    Trace,
    Waypoint,
    WaypointCollision,
    __version__,
    check_setting,
    compare_solvers,
    lcp_files,
    load_scene,
    read_lcp,
    set_threads,
    settings_info,
    solve_lcp,
    solver_names,
    write_lcp,
)

#: The columns of Simulation.state and Waypoint.state, one row per body.
STATE_COLUMNS = ("x", "vx", "y", "vy", "angle", "omega")

__all__ = [name for name in dir() if not name.startswith("_")] + ["__version__"]
