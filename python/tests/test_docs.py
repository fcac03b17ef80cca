"""Every Python example of docs/python.md runs as written, from a folder that looks like the
repository's root (its resources and tests linked in), so that what it writes lands under the
test's temporary folder."""

import contextlib
import io
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "python.md").read_text(), re.S)


def test_the_page_has_examples():
    assert len(EXAMPLES) >= 5


@pytest.mark.parametrize("index", range(len(EXAMPLES)))
def test_example_runs(tmp_path, monkeypatch, index):
    for name in ("resources", "tests"):
        (tmp_path / name).symlink_to(ROOT / name)
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = compile(EXAMPLES[index], f"docs/python.md example {index + 1}", "exec")
        exec(code, {"__name__": "__main__"})
    assert out.getvalue().strip(), "an example shows something"
    written = {p.name for p in tmp_path.iterdir()} - {"resources", "tests"}
    assert written <= {"two.dat", "profile.png", "sweep.csv"}
