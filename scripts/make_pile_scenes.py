#!/usr/bin/env python3
"""Writes resources/scenes/pile_10.json and pile_20.json: blocks of random sizes dropped
into a V-shaped pit (the pile test of myPhysicsLab's engine2D, with our own layout).
The sizes and tilts are drawn here once, with a fixed seed, and stored in the files, so
the scenes do not depend on this script; run it only to change the layout."""
import json
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pile(count, seed):
    rng = random.Random(seed)
    bodies = []
    # The pit: two fixed walls tilted 30 degrees, meeting at the bottom near (0, 0).
    half = math.radians(30)
    for side, sign in (("left", -1), ("right", 1)):
        length = 16.0
        cx = sign * (length / 2) * math.cos(half)
        cy = (length / 2) * math.sin(half) - 0.5 / math.cos(half)
        bodies.append({"name": f"pit_{side}", "shape": "wall", "width": length, "height": 1,
                       "position": [round(cx, 6), round(cy, 6)],
                       "angle": round(sign * half, 12)})
    columns = 5
    for k in range(count):
        w = round(rng.uniform(0.5, 1.2), 3)
        h = round(rng.uniform(0.4, 1.0), 3)
        row, col = divmod(k, columns)
        x = (col - (columns - 1) / 2) * 1.6 + rng.uniform(-0.1, 0.1)
        y = 4.5 + row * 1.6
        bodies.append({"name": f"block{k + 1}", "shape": "block", "width": w, "height": h,
                       "mass": round(w * h, 6), "position": [round(x, 4), round(y, 4)],
                       "angle": round(rng.uniform(-0.5, 0.5), 4), "elasticity": 0.5})
    return {
        "format": "contactlab-scene",
        "version": 3,
        "title": f"Pile of {count} blocks",
        "description": (f"{count} blocks of random sizes (0.5 to 1.2 by 0.4 to 1.0, density 1, "
                        "elasticity 0.5), tilted at random, dropped into a V-shaped pit of two "
                        "fixed walls at 30 degrees. They collide, ricochet and settle into a pile "
                        "that comes fully to rest (a light damping, k = 0.2, stands in for the friction the "
                        "engine does not have yet): the test of CollisionAdvance's back-ups, the "
                        "serial impulses and resting contact together."),
        "settings": {"time_step": 0.025, "integrator": "runge-kutta", "seed": seed},
        "bodies": bodies,
        # Frictionless blocks keep sliding on one another forever; a light damping stands
        # in for the friction the engine does not model yet, so the pile comes to rest.
        "forces": [{"kind": "gravity", "g": 9.8}, {"kind": "damping", "k": 0.2}],
    }


def main():
    for count, seed in ((10, 10), (20, 20)):
        path = ROOT / "resources" / "scenes" / f"pile_{count}.json"
        path.write_text(json.dumps(pile(count, seed), indent=2) + "\n")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
