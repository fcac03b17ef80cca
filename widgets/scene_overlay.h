#pragma once
// SceneOverlay: what the scene view draws between and on top of the bodies:
// springs, connectors, thrusters, contact points and contact forces, all from a
// SimSnapshot, as myPhysicsLab's apps show them; and the optional layers of the
// workbench: normals, collision impulses, velocities, bounding boxes, the selected
// contact, the collisions of a waypoint and the mouse spring.
#include <QColor>
#include <QPointF>
#include <QTransform>
#include <vector>

#include "engine/body/polygon.h"
#include "engine/math/vec2.h"
#include "engine/trace/step_trace.h"
#include "widgets/sim_snapshot.h"

class QFont;
class QPainter;
class QRectF;

namespace cl::widgets {

// World to widget pixels, as the view maps them: screen = t (world - center).
struct ScreenMap {
  QTransform t;
  Vec2 center;
  double pixelsPerUnit = 1.0;
  QPointF operator()(Vec2 world) const {
    const Vec2 d = world - center;
    return t.map(QPointF(d.x, d.y));
  }
};

// How long a force is drawn, in world units so that it zooms with the bodies.
// A force equal to the snapshot's reference force (the heaviest movable body's
// weight m g) is drawn kReferenceShare times the typical size of a movable body
// (the median of sqrt(area)): the 2 x 1 block of mass 2 resting on two corners
// shows two arrows of 9.8, half its weight, each 0.71 long (about 45 px in the
// default window); the floor contacts under a stack of three (3 + 2 + 1 kg)
// carry the bottom block's full weight each and are 1.41 long. Lines are capped
// at kMaxLengthFactor reference lengths (a bar across the tip says so), so a
// force spike or a tall stack does not cross the scene.
struct ForceScale {
  static constexpr double kReferenceShare = 1.0;
  static constexpr double kMaxLengthFactor = 2.5;

  double referenceForce = 1.0;   // newtons
  double referenceLength = 1.0;  // world units

  double worldLength(double force) const { return force / referenceForce * referenceLength; }
  double maxWorldLength() const { return kMaxLengthFactor * referenceLength; }
};

// The scale for `snapshot` over `bodies` (movable bodies give the typical size).
ForceScale forceScaleOf(const SimSnapshot& snapshot, const std::vector<Polygon>& bodies);

// Colours the tests look for.
namespace overlay_colors {
inline constexpr QRgb kForce = 0xffe01b1b;         // contact and joint forces
inline constexpr QRgb kFriction = 0xff2e7d32;      // friction forces at contacts
inline constexpr QRgb kContactPoint = 0xff7a0f0f;  // the dot at a resting contact
inline constexpr QRgb kSticking = 0xff2e7d32;      // ... at a contact friction holds
inline constexpr QRgb kSliding = 0xffef6c00;       // ... at a contact that slides
inline constexpr QRgb kImpulse = 0xff8e24aa;       // collision impulses
inline constexpr QRgb kNormal = 0xff1b6f86;        // contact normals
inline constexpr QRgb kVelocity = 0xff00897b;      // centre-of-mass velocities
inline constexpr QRgb kBoundingBox = 0xff8d8d8d;   // bounding boxes
inline constexpr QRgb kGhost = 0xff1e5fd0;         // bodies and collisions at a waypoint
inline constexpr QRgb kSecondRun = 0xffe65100;     // bodies of the scene run another way
inline constexpr QRgb kSelection = 0xffffa000;     // the selected contact
inline constexpr QRgb kMouseSpring = 0xff303030;   // the spring from a body to the mouse
}  // namespace overlay_colors

// The impulse applied at a collision point in a step: +impulse on the primary body at
// `point`, the sum of the `count` impulses applied there.
struct ImpulseMark {
  Vec2 point;
  Vec2 impulse;  // world vector, N s
  int count = 1;
};

// The impulses of a step: every collision with a non-zero impulse at its POST_COLLISION
// waypoints (one per handling), as +J n at the impact point, those of one contact summed
// into one mark at its first impact point: the same two bodies, normals within 5 degrees and
// points within kSameContactDistance. engine2D's serial loop applies thousands of impulses
// at the few hundred contacts of a pile in one step, each handling a little further on: an
// arrow each drew a tangle, and took 10 ms to draw. In the order first applied.
inline constexpr double kSameContactDistance = 0.02;  // m
std::vector<ImpulseMark> impulsesOf(const StepTrace& trace);

// Each a zig-zag between its ends: green when longer than its rest length,
// orange when shorter; a compress-only spring dashed, and thin grey when slack
// (stretched, so it exerts nothing). A spring of rest length 0 whose ends meet (the
// released mouse spring, tied to itself) is not drawn.
void drawSprings(QPainter& painter, const ScreenMap& map, const std::vector<SpringMark>& springs);

// Rods as solid dark bars, ropes as thinner lines (dashed grey when slack), a
// pin (double joint) as a ring with a centre dot, a single joint as a cross.
// With showForces, each joint's force on body2 as a thin red arrow at the pin.
void drawConnectors(QPainter& painter, const ScreenMap& map,
                    const std::vector<ConnectorMark>& connectors, const ForceScale& scale,
                    bool showForces);

// A flame from each firing thruster, opposite its thrust, as long as the force
// scale makes the thrust.
void drawThrusters(QPainter& painter, const ScreenMap& map,
                   const std::vector<ThrusterMark>& thrusters, const ForceScale& scale);

// A dot at each contact, coloured by its mode (ContactMark::mode: resting dark red,
// sticking green, sliding orange, separating hollow) and, with showForces, its force as a
// red arrow from the contact into the body it pushes: the primary body (+f n), or the
// normal body (-f n from the point on it) when the primary body is fixed; its friction
// force as a green arrow along the tangent. A force arrow stays inside the body it pushes
// (`states` place the bodies): in a pile, where the bottom contacts carry the weight of all
// above, an arrow as long as its force would run on through the bodies beyond and read as
// acting on them. One longer than its body is cut at the body's far side and marked cut,
// as one longer than the scale's cap is.
void drawContacts(QPainter& painter, const ScreenMap& map, const std::vector<ContactMark>& contacts,
                  const std::vector<Polygon>& bodies, const std::vector<BodyState>& states,
                  const ForceScale& scale, bool showForces);

// The dot colour of a contact mode.
QColor contactModeColor(ContactMode mode);

// The contact modes present in `contacts`, in kContactModeNames' order: the key's entries.
std::vector<ContactMode> contactModesPresent(const std::vector<ContactMark>& contacts);
// The key's entry for the collision impulses' marker.
inline constexpr const char* kImpulseKeyLabel = "collision impulse";

// A key to the contact dots in the bottom-left corner of `area`, above the force scale
// bar: one entry per mode present in `contacts`, and the collision impulses' marker when
// `impulses` are drawn (nothing when there are neither).
void drawContactModeKey(QPainter& painter, const QRectF& area, const QFont& font,
                        const std::vector<ContactMark>& contacts, bool impulses);

// A scale bar in the bottom-left corner of `area`: the reference length with
// the reference force it stands for.
void drawForceScaleBar(QPainter& painter, const QRectF& area, const QFont& font,
                       const ScreenMap& map, const ForceScale& scale);

// Each impulse as an arrow in the impulse colour: an impulse of J N s is drawn as
// long as a force of J N (the change of momentum a force of m g makes in one second
// is as long as m g).
void drawImpulses(QPainter& painter, const ScreenMap& map, const std::vector<ImpulseMark>& impulses,
                  const ForceScale& scale);

// The normal of each contact, a fixed kNormalPixels long, from the contact on the
// primary body (the normal points out of the normal body, towards the primary).
inline constexpr double kNormalPixels = 24.0;
void drawNormals(QPainter& painter, const ScreenMap& map, const std::vector<ContactMark>& contacts);

// The velocity of each movable body's centre of mass, an arrow to where it would be
// kVelocitySeconds later; at most kMaxVelocityPixels long.
inline constexpr double kVelocitySeconds = 0.25;
inline constexpr double kMaxVelocityPixels = 400.0;
void drawVelocities(QPainter& painter, const ScreenMap& map, const std::vector<Polygon>& bodies,
                    const std::vector<BodyState>& states);

// Each body's axis-aligned extent as a dashed rectangle.
void drawBoundingBoxes(QPainter& painter, const ScreenMap& map, const std::vector<Polygon>& bodies,
                       const std::vector<BodyState>& states);

// A ring about the selected contact and its normal, thick, in the selection colour.
inline constexpr double kSelectionRingPixels = 8.0;
void drawSelectedContact(QPainter& painter, const ScreenMap& map, Vec2 point, Vec2 normal);

// The collisions a waypoint considers: a ring at each impact with its normal, in the
// ghost colour, filled when the collision needs handling.
void drawWaypointCollisions(QPainter& painter, const ScreenMap& map,
                            const std::vector<WaypointCollision>& collisions);

// The mouse spring as a thin zig-zag from the body point to the mouse.
void drawMouseSpring(QPainter& painter, const ScreenMap& map, Vec2 bodyPoint, Vec2 mouse);

// Where drawContacts starts the force line of `c` and which way it points
// (world, unit length times force): the contact on the body being pushed, `body` (-1 for
// none that can move).
struct ForceArrow {
  Vec2 from;
  Vec2 force;
  int body = -1;
};
ForceArrow contactForceArrow(const ContactMark& c, const std::vector<Polygon>& bodies);
// The contact's friction force (+friction t on the primary body, t the normal turned +90
// degrees), drawn on the body and at the point of contactForceArrow.
ForceArrow frictionForceArrow(const ContactMark& c, const std::vector<Polygon>& bodies);

}  // namespace cl::widgets
