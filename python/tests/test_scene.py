"""Scenes from files and dicts, with the scene reader's validation, settings by name, and
saving."""

import json
from pathlib import Path

import numpy as np
import pytest

import contactlab as cl

SCENES = Path(__file__).resolve().parents[2] / "resources" / "scenes"


def test_a_dict_builds_the_same_scene_as_its_file():
    from_file = cl.load_scene(SCENES / "stack_of_three.json")
    from_dict = cl.load_scene(json.loads((SCENES / "stack_of_three.json").read_text()))
    assert from_dict.to_json() == from_file.to_json()
    assert from_file.title and from_file.body_names == from_dict.body_names
    a, b = cl.Simulation(from_file), cl.Simulation(from_dict)
    a.run_to(1.0)
    b.run_to(1.0)
    assert a.state_hash == b.state_hash


def test_to_dict_round_trips():
    scene = cl.load_scene(SCENES / "pile_10.json")
    again = cl.load_scene(scene.to_dict())
    assert again.to_json() == scene.to_json()


def test_settings_by_name_as_run_set():
    scene = cl.load_scene(SCENES / "pile_10.json",
                          settings={"contact_solver": "Lemke", "time_step": 0.01, "warm_start": False})
    s = scene.settings
    assert s["contact_solver"] == "lemke" and s["time_step"] == 0.01 and s["warm_start"] is False
    # The document records them: saving keeps them.
    assert cl.load_scene(scene.to_dict()).settings == s
    keys = [info["key"] for info in cl.settings_info()]
    assert keys == list(s.keys())
    assert cl.load_scene(SCENES / "pile_10.json").settings["contact_solver"] == "compute_forces"
    assert scene.with_settings({"seed": 9}).settings["seed"] == 9


def test_check_setting_says_what_load_scene_would():
    cl.check_setting("contact_solver", "pgs")
    cl.check_setting("time_step", 0.01)
    with pytest.raises(ValueError, match="time_step"):
        cl.check_setting("time_step", 0)
    with pytest.raises(ValueError, match="lemkee"):
        cl.check_setting("contact_solver", "lemkee")
    with pytest.raises(ValueError, match="bogus"):
        cl.check_setting("bogus", 1)
    with pytest.raises(TypeError):
        cl.check_setting("seed", [1])


def test_settings_in_conflict_are_refused():
    with pytest.raises(ValueError, match="engine"):
        cl.load_scene(SCENES / "pile_10.json",
                      settings={"advance": "newton_release", "engine": "impulse"})


def test_every_problem_of_a_bad_scene_is_named_with_its_path():
    doc = json.loads((SCENES / "stack_of_three.json").read_text())
    doc["bodies"][1]["mass"] = -2
    doc["settings"]["time_step"] = 0
    with pytest.raises(cl.SceneError) as raised:
        cl.load_scene(doc)
    e = raised.value
    paths = [p for p, _ in e.problems]
    assert "/bodies/1/mass" in paths and "/settings/time_step" in paths
    assert e.source == "<dict>" and "/bodies/1/mass" in str(e)
    assert isinstance(e, ValueError) and isinstance(e, cl.Error)


def test_bad_sources(tmp_path):
    with pytest.raises(cl.SceneError, match="missing.json"):
        cl.load_scene(tmp_path / "missing.json")
    (tmp_path / "half.json").write_text('{"format": "contactlab-scene", "bodies": [')
    with pytest.raises(cl.SceneError, match="half.json"):
        cl.load_scene(tmp_path / "half.json")
    with pytest.raises(TypeError):
        cl.load_scene(42)
    with pytest.raises(cl.SceneError):
        cl.load_scene({"format": "contactlab-scene", "version": 1, "bodies": [{"shape": 5}]})
    with pytest.raises((cl.SceneError, ValueError)):
        cl.load_scene({"bodies": [], "x": float("nan")})


def test_save_writes_the_scene_whole(tmp_path):
    scene = cl.load_scene(SCENES / "stack_of_three.json", settings={"seed": 4})
    scene.save(tmp_path / "saved.json")
    assert cl.load_scene(tmp_path / "saved.json").to_json() == scene.to_json()
    with pytest.raises(cl.FileWriteError):
        scene.save(tmp_path / "no" / "dir" / "s.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["saved.json"]


def test_the_state_rows_follow_the_body_names():
    sim = cl.Simulation(SCENES / "stack_of_three.json")
    doc = json.loads((SCENES / "stack_of_three.json").read_text())
    by_name = {b["name"]: b for b in doc["bodies"] if "position" in b}
    for row, name in zip(sim.state, sim.body_names):
        if name in by_name:
            assert np.allclose(row[[0, 2]], by_name[name]["position"], atol=1e-12)
