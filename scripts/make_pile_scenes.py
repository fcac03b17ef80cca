#!/usr/bin/env python3
"""Writes resources/scenes/pile_10.json and pile_20.json: engine2D's PileTest scenes
pile_10_random_blocks and pile_20_random_blocks, blocks of random sizes dropped into a
V-shaped pit; pile_10_friction.json (pile_10 with friction); and pile_50, pile_100 and
pile_200.json for bench_pile_scale: pile_20's blocks with further rows of ten drawn the same
way stacked above them (each 0.1 clear of the one below), the side walls raised to 1 above
the top row. `make_pile_scenes.py N ...` writes pile_N.json for other N >= 20. The blocks are drawn here as engine2D's PileConfig draws them (its RandomLCG
with build seed 0) and stored in the files, so the scenes do not depend on this script.

The pit (PileConfig's V pit): two fixed 15.3 x 1 walls at -45 and +45 degrees centred on
(-5, -5) and (5, -5), and two 1 x 15 side walls at x = +-10.5, each colliding only through
its face towards the pit (its special edge). Each block is
(0.2 + u) x (0.2 + u) with u uniform in [0, 1], tilted pi * u, its centre of mass moved to
(width u / 4, height u / 4) in body coordinates, mass width * height and moment
mass (width^2 + height^2) / 12 (engine2D's, about the centroid), placed with its left
edge at x and the next block 0.05 to its right. Three draws between the tilt and the centre
of mass are a colour engine2D keeps for its old test results; they are drawn and dropped."""
import json
import math
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class RandomLCG:
    """engine2D's generator (engine/math/random_lcg.h): seed <- 1664525 seed + 1013904223 mod 2^32."""

    def __init__(self, seed):
        self.seed = seed

    def next_float(self):
        self.seed = (1664525 * self.seed + 1013904223) % 2**32
        return self.seed / 4294967295.0


def world_corners(width, height, cm, position, angle):
    """The block's corners in world coordinates: position + R(angle) (corner - cm)."""
    c, s = math.cos(angle), math.sin(angle)
    corners = []
    for bx, by in ((-width / 2, -height / 2), (width / 2, -height / 2),
                   (width / 2, height / 2), (-width / 2, height / 2)):
        dx, dy = bx - cm[0], by - cm[1]
        # engine2D's bodyToWorld: the rotated offset first, then the position.
        corners.append((position[0] + (c * dx - s * dy), position[1] + (s * dx + c * dy)))
    return corners


def drop_colour(rng):
    """PileConfig's random colour: three draws, drawn again while all three are near white."""
    while True:
        # All three are drawn before any is tested (all() over a generator would stop at
        # the first dark component and leave the rest undrawn, shifting every later block).
        colour = [min(1.0, max(0.0, 0.1 + 1.5 * rng.next_float())) for _ in range(3)]
        if not all(c >= 0.9 for c in colour):
            return


def random_blocks(rng, count, x, y, first_index):
    blocks = []
    for k in range(count):
        width = 0.2 + rng.next_float()
        height = 0.2 + rng.next_float()
        angle = math.pi * rng.next_float()
        # engine2D's block keeps the moment of its centroid when the centre of mass moves.
        moment = (width * width + height * height) / 12
        drop_colour(rng)
        # Each draw is made even though the clamp to 0.9 of the half size never acts here.
        cm = (min(width * rng.next_float() / 4, 0.9 * width / 2),
              min(height * rng.next_float() / 4, 0.9 * height / 2))
        left = min(p[0] for p in world_corners(width, height, cm, (x, y), angle))
        position = (x + (x - left), y)
        right = max(p[0] for p in world_corners(width, height, cm, position, angle))
        blocks.append({"name": f"block{first_index + k}", "shape": "block",
                       "width": width, "height": height,
                       "mass": width * height, "moment": width * height * moment,
                       "center_of_mass": list(cm), "position": list(position), "angle": angle,
                       "elasticity": 0.5})
        x = right + 0.05
    return blocks


def v_pit(side_height=15):
    """The four walls, and the zero-energy level engine2D uses: the top of the left slope
    one unit from its lower end. The side walls stand on y = 0, side_height tall (15 in
    PileConfig; taller for piles of more layers)."""
    # The last number is the wall's special edge, its face towards the pit (PileConfig's
    # makeWall: the slopes' top edges, the side walls' inner edges).
    walls = [("pit_left", 15.3, 1, (-5, -5), -math.pi / 4, 2),
             ("pit_right", 15.3, 1, (5, -5), math.pi / 4, 2),
             ("wall_right", 1, side_height, (10.5, side_height / 2), 0.0, 3),
             ("wall_left", 1, side_height, (-10.5, side_height / 2), 0.0, 1)]
    bodies = [{"name": name, "shape": "wall", "width": w, "height": h, "position": list(p),
               "angle": a, "elasticity": 0.5, "special_edge": edge}
              for name, w, h, p, a, edge in walls]
    a = -math.pi / 4
    zero = -5 + math.sin(a) * (15.3 / 2 - 1) + math.cos(a) * 0.5
    return bodies, zero


def block_corners(block):
    return world_corners(block["width"], block["height"], block["center_of_mass"],
                         block["position"], block["angle"])


def stacked_blocks(rng, count):
    """count blocks in rows of ten: pile_20's two rows first (so every larger pile begins
    with pile_20's blocks), then each further row drawn as PileConfig draws a row, alternating
    its left end between x = -5.5 and -6, and raised so that its lowest corner is 0.1 above
    the highest corner below it (blocks of rows 1.5 apart could overlap when tilted)."""
    blocks = random_blocks(rng, min(count, 10), -5.5, -2, 1)
    if count > 10:
        blocks += random_blocks(rng, min(count - 10, 10), -6, -0.5, 11)
    while len(blocks) < count:
        row = random_blocks(rng, min(count - len(blocks), 10),
                            -5.5 if len(blocks) % 20 == 0 else -6, 0, len(blocks) + 1)
        top = max(y for b in blocks for _, y in block_corners(b))
        lift = top + 0.1 - min(y for b in row for _, y in block_corners(b))
        for b in row:
            b["position"][1] += lift
        blocks += row
    return blocks


def pile(count, seed, rows, warm_start=True, friction=0.0):
    """engine2D's PileTest scene of count blocks in the given rows (n, x, y) or, with rows
    None, a larger pile of stacked rows (stacked_blocks) in a pit whose side walls reach 1
    above the top row."""
    rng = RandomLCG(0)
    if rows is None:
        blocks = stacked_blocks(rng, count)
        top = max(y for b in blocks for _, y in block_corners(b))
        bodies, zero = v_pit(max(15, math.ceil(top + 1)))
    else:
        bodies, zero = v_pit()
        blocks = []
        for n, x, y in rows:
            blocks += random_blocks(rng, n, x, y, len(blocks) + 1)
    for b in blocks:
        b["position"] = list(b["position"])
    # The workbench opens on the pit below the blocks' highest corner (and a unit above),
    # not on the tall side walls around it.
    top = max(y for b in blocks for _, y in block_corners(b))
    view = {"min": [-11, -11], "max": [11, math.ceil(top + 1)]}
    bodies += blocks
    if friction > 0:
        # After "elasticity", where saveScene writes it.
        bodies = [dict(sum(([(k, v)] + ([("friction", friction)] if k == "elasticity" else [])
                            for k, v in b.items()), [])) for b in bodies]
    engine2d = ("engine2D's PileTest pile_{count}_random_blocks: {count} blocks of random "
                "sizes (0.2 to 1.2 a side, density 1, elasticity 0.5) with their centres of "
                "mass off centre, dropped at random tilts into a V-shaped pit.")
    stacked = ("{count} blocks drawn as engine2D's PileTest draws them (0.2 to 1.2 a side, "
               "density 1, elasticity 0.5, centres of mass off centre, random tilts) in rows of "
               "ten stacked above pile_20's two rows, dropped into its V-shaped pit with the "
               "side walls raised; not one of engine2D's tests.")
    return {
        "format": "contactlab-scene",
        "version": 3,
        "title": f"Pile of {count} blocks" + (f", friction {friction}" if friction > 0 else ""),
        "description": ((engine2d if rows else stacked).format(count=count) + " They collide, "
                        "ricochet and settle into a pile that comes fully to rest: the test of "
                        "CollisionAdvance's back-ups, the serial impulses and resting contact "
                        f"together, and the scene of {'bench_pile' if rows else 'bench_pile_scale'}."
                        + ("" if warm_start else
                           " Solved cold, as engine2D solves it, so that its random draws are "
                           "engine2D's: the run follows myPhysicsLab's own to rounding through "
                           "3.5 s and settles, as PileTest asserts, with every block within "
                           "0.01 of engine2D's positions at 8 s.")
                        + ("" if friction == 0 else
                           f" Here every body has Coulomb friction {friction} (engine2D has none): "
                           "sliding contacts take mu f_N against their slip, impacts a tangential "
                           "impulse, and the pile comes to rest in about 5 s where the frictionless "
                           "one takes about 8.")),
        "view": view,
        # In the order saveScene writes the settings.
        "settings": {"time_step": 0.025, "integrator": "modified-euler", "seed": seed,
                     "extra_accel": "velocity",
                     **({} if warm_start else {"warm_start": False}),
                     "collision_handling": "serial_grouped_lastpass",
                     "collision_accuracy": 0.6, "joint_small_impacts": True},
        "bodies": bodies,
        "forces": [{"kind": "gravity", "g": 3.0, "zero_energy_level": zero},
                   {"kind": "damping", "k": 0.05, "rotate_ratio": 0.15}],
    }


def canonical(scene):
    """The text the engine's saveScene writes for the scene (the example scenes are
    canonical): two-space indentation, points and force laws on one line, whole numbers without ".0"."""
    def whole(x):
        if isinstance(x, float) and x.is_integer():
            return int(x)
        if isinstance(x, dict):
            return {k: whole(v) for k, v in x.items()}
        if isinstance(x, list):
            return [whole(v) for v in x]
        return x
    scene = whole(scene)
    forces = ",\n".join("    " + json.dumps(f) for f in scene["forces"])  # one law a line
    text = json.dumps({**scene, "forces": ["FORCES"]}, indent=2, ensure_ascii=False)
    text = re.sub(r"\[\s*(-?[0-9.e+-]+),\s*(-?[0-9.e+-]+)\s*\]", r"[\1, \2]", text)
    # A small object of points on one line, as saveScene writes the view box.
    text = re.sub(r'"view": \{\s*"min": (\[[^\]]*\]),\s*"max": (\[[^\]]*\])\s*\}',
                  r'"view": {"min": \1, "max": \2}', text)
    return text.replace('    "FORCES"', forces) + "\n"


def main(argv):
    # pile_10 is solved cold, as engine2D solves it: its contact solves then draw from the
    # simulation's generator exactly as engine2D's do, and the run settles where PileTest
    # asserts. pile_20, the benchmark, keeps the warm start.
    scenes = {10: pile(10, 13, [(10, -5.5, -2)], warm_start=False),
              20: pile(20, 14, [(10, -5.5, -2), (10, -6, -0.5)]),
              "10_friction": pile(10, 13, [(10, -5.5, -2)], warm_start=False, friction=0.5),
              # Larger piles for the scaling benchmark: pile_20's blocks and rows of ten above.
              **{n: pile(n, 14, None) for n in (50, 100, 200)}}
    if len(argv) > 1:  # only the piles asked for
        counts = [int(a) for a in argv[1:]]
        if any(n < 20 for n in counts):
            print("make_pile_scenes.py: a stacked pile has at least 20 blocks", file=sys.stderr)
            return 2
        scenes = {n: pile(n, 14, None) if n != 20 else scenes[20] for n in counts}
    for count, scene in scenes.items():
        path = ROOT / "resources" / "scenes" / f"pile_{count}.json"
        path.write_text(canonical(scene))
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
