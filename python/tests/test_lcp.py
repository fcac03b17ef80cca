"""LCPs from Python: hand-built problems with known solutions, every solver, files read and
written to the bit, comparisons and their performance profile, and bad input."""

from pathlib import Path

import numpy as np
import pytest

import contactlab as cl

LCP_DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "lcp"

# A = [2 1; 1 2], b = (-5, -6): both rows in C, A f = -b gives f = (4/3, 7/3), a = 0.
A2 = np.array([[2.0, 1.0], [1.0, 2.0]])
B2 = np.array([-5.0, -6.0])
F2 = np.array([4 / 3, 7 / 3])


@pytest.mark.parametrize("solver", cl.solver_names())
def test_every_solver_solves_a_hand_built_lcp(solver):
    r = cl.solve_lcp(A2, B2, solver=solver)
    assert r.ok and r.status == "ok" and r.solver == solver
    assert np.allclose(r.f, F2, atol=1e-9) and np.allclose(r.a, 0, atol=1e-9)
    assert r.residual <= 1e-9 and r.natural_map <= 1e-9


def test_a_row_that_needs_no_force_stays_at_zero():
    # b = (1, -2): row 0 already accelerates away; row 1 alone: f1 = 1, a0 = 1 + 1 = 2.
    r = cl.solve_lcp(A2, np.array([1.0, -2.0]), solver="lemke")
    assert np.allclose(r.f, [0, 1]) and np.allclose(r.a, [2, 0])


def test_a_joint_row_takes_any_sign():
    # a = 2 f + 4 = 0 at a joint: f = -2.
    r = cl.solve_lcp(np.array([[2.0]]), np.array([4.0]), joint=[True])
    assert r.ok and r.f[0] == pytest.approx(-2) and r.a[0] == pytest.approx(0, abs=1e-12)


def test_lemke_proves_an_lcp_has_no_solution():
    # a = -f - 1 < 0 for every f >= 0: no solution, and Lemke's ray certifies it.
    r = cl.solve_lcp(np.array([[-1.0]]), np.array([-1.0]), solver="lemke")
    assert not r.ok and r.status == "no-solution" and "certificate" in r.reason


def test_traces_of_pivots_and_iterations():
    r = cl.solve_lcp(A2, B2, trace=True)
    assert r.pivot_trace and set(r.pivot_trace[-1].C) == {0, 1}
    r = cl.solve_lcp(A2, B2, solver="pgs", trace=True)
    assert r.iteration_trace and r.iteration_trace[-1].residual <= 1e-9
    assert cl.solve_lcp(A2, B2).pivot_trace == []


@pytest.mark.parametrize("ext", [".json", ".csv", ".dat"])
def test_files_round_trip_to_the_bit(tmp_path, ext):
    rng = np.random.default_rng(7)
    M = rng.standard_normal((5, 5))
    A = M @ M.T + np.eye(5) / 3
    b = rng.standard_normal(5) / 7
    path = tmp_path / f"p{ext}"
    cl.write_lcp(path, A, b)
    back = cl.read_lcp(path)
    assert [x.hex() for x in back.A.ravel()] == [x.hex() for x in A.ravel()]
    assert [x.hex() for x in back.b] == [x.hex() for x in b]
    assert back.joint == [False] * 5


def test_a_result_written_with_its_problem_is_read_back(tmp_path):
    r = cl.solve_lcp(A2, B2)
    cl.write_lcp(tmp_path / "p.json", A2, B2, result=r)
    back = cl.read_lcp(tmp_path / "p.json").result
    assert back is not None and back.status == "ok"
    assert [x.hex() for x in back.f] == [x.hex() for x in r.f]


def test_compare_a_folder_and_its_profile():
    folder = LCP_DATA / "others"
    c = cl.compare_solvers(folder, solvers=["lemke", "pgs"], repeats=1)
    files = sorted(p.name for p in folder.iterdir() if p.suffix in (".json", ".csv", ".dat"))
    assert [Path(f).name for f in cl.lcp_files(folder)] == files
    assert c.solvers == ["lemke", "pgs"]
    assert [r["file"] for r in c.rows] == [f for f in files for _ in range(2)]
    profile = c.profile(taus=[1.0, 1e12])
    for solver in c.solvers:
        solved = [r["solved"] for r in c.rows if r["solver"] == solver]
        # At a tau past every ratio, the profile is the fraction solved at all.
        assert profile[solver][1] == pytest.approx(sum(solved) / len(solved))
    # Lemke ends every copositive-plus problem of the folder with an answer or a proof.
    for r in c.rows:
        if r["solver"] == "lemke" and r["file"].startswith("skew_no_solution"):
            assert r["status"] == "no-solution"


def test_compare_arrays_given_in_python():
    c = cl.compare_solvers([("two", A2, B2), ("joint", np.array([[2.0]]), np.array([4.0]), [True])],
                           solvers="all", repeats=1)
    assert len(c.rows) == 2 * len(cl.solver_names())
    assert all(r["solved"] for r in c.rows if r["file"] == "two")


def test_bad_input_is_an_error_not_a_crash(tmp_path):
    with pytest.raises(ValueError):
        cl.solve_lcp(np.ones((2, 3)), np.ones(2))
    with pytest.raises(ValueError):
        cl.solve_lcp(A2, np.ones(3))
    with pytest.raises(ValueError):
        cl.solve_lcp(A2, B2, joint=[True])
    with pytest.raises(ValueError, match="solver"):
        cl.solve_lcp(A2, B2, solver="simplex")
    with pytest.raises(ValueError, match="guess"):
        cl.solve_lcp(A2, B2, guess=[5])
    with pytest.raises(TypeError):
        cl.solve_lcp("A", B2)
    with pytest.raises(ValueError, match="not finite"):
        cl.solve_lcp(np.array([[np.nan]]), np.array([1.0]))
    with pytest.raises(ValueError, match="not finite"):
        cl.solve_lcp(A2, np.array([1.0, np.inf]))
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "contactlab-lcp", "A": [[1, 2]]')
    with pytest.raises(cl.LcpFileError, match="bad.json"):
        cl.read_lcp(bad)
    with pytest.raises(cl.LcpFileError):
        cl.compare_solvers(tmp_path / "no_such_folder")
    with pytest.raises(cl.LcpFileError):
        cl.write_lcp(tmp_path / "j.dat", np.array([[2.0]]), np.array([4.0]), joint=[True])
    assert not (tmp_path / "j.dat").exists()
    with pytest.raises(cl.FileWriteError):
        cl.write_lcp(tmp_path / "no" / "dir" / "p.json", A2, B2)
