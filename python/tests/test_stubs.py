"""The type stubs (contactlab/_core.pyi) list exactly what the compiled module has: every
public function, class and exception, and every public member of each class."""

import ast
import inspect
from pathlib import Path

import contactlab
from contactlab import _core

STUB = Path(contactlab.__file__).with_name("_core.pyi")


def public(names):
    return {n for n in names if not n.startswith("_")}


def stub_tree():
    tree = ast.parse(STUB.read_text())
    functions, classes = set(), {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            functions.add(node.name)
        elif isinstance(node, ast.ClassDef):
            classes[node.name] = public(
                item.name if isinstance(item, ast.FunctionDef) else item.target.id
                for item in node.body
                if isinstance(item, ast.FunctionDef)
                or (isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)))
    return functions, classes


def test_the_stub_names_every_function_and_class():
    functions, classes = stub_tree()
    module_functions = public(n for n, v in vars(_core).items() if callable(v)
                              and not inspect.isclass(v))
    module_classes = public(n for n, v in vars(_core).items() if inspect.isclass(v))
    assert functions == module_functions
    assert set(classes) == module_classes


def test_the_stub_names_every_member():
    _, classes = stub_tree()
    for name, members in classes.items():
        cls = getattr(_core, name)
        if issubclass(cls, BaseException):
            continue  # their attributes are set on each instance, listed in the stub
        assert members == public(vars(cls)), name


def test_the_package_exports_the_module():
    _, classes = stub_tree()
    for name in classes:
        assert getattr(contactlab, name) is getattr(_core, name)
    assert "Simulation" in contactlab.__all__ and contactlab.__version__
