#include "engine/run/run_recording.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <utility>

#include "engine/contact/contact_sim.h"
#include "engine/edit/sim_edit_json.h"
#include "engine/io/detail/byte_stream.h"
#include "engine/io/detail/field_reader.h"
#include "engine/io/detail/json_read.h"
#include "engine/io/text_file.h"
#include "engine/run/state_json.h"
#include "engine/scene/scene_write.h"
#include "engine/time_stepping/make_advance.h"

namespace cl {
namespace {

static_assert(sizeof(long long) == 8 && sizeof(int) == 4 && sizeof(double) == 8);

constexpr char kMagic[8] = {'C', 'L', 'R', 'U', 'N', '\r', '\n', '\x1a'};
constexpr std::string_view kFormatName = "contactlab-recording";
// Frame kinds: the header, a step, the end mark.
constexpr char kHeaderFrame = 'H', kStepFrame = 'S', kEndFrame = 'E';
// No frame is longer (a pile_200 step takes about 80 kB): a larger length is damage.
constexpr std::uint32_t kMaxFrameBytes = 1u << 30;

// ---- The fields of a record, listed once for writing and reading. `ar(a, b, ...)` writes or
// reads each field in turn; ar.choice writes an enum as a byte (reading checks it is one of
// `count` values); ar.list a vector as its count and elements; ar.text a string.

template <class Ar>
void io(Ar& ar, Vec2& p) {
  ar(p.x, p.y);
}
template <class Ar>
void io(Ar& ar, BodyState& s) {
  ar(s.x, s.vx, s.y, s.vy, s.angle, s.omega);
}
template <class Ar>
void io(Ar& ar, EnergyInfo& e) {
  ar(e.translational, e.rotational, e.potential, e.frictionLoss);
}
template <class Ar>
void io(Ar& ar, WarmStart::Carrier& c) {
  ar(c.low, c.high, c.point, c.normal);
  if (ar.version >= 3) ar(c.force, c.friction);  // the friction warm start's forces
  if (ar.version >= 5) ar(c.heldCompliant);
  // Before version 6 only the compliant held solves were marked, and those were held static.
  if (ar.version >= 6)
    ar(c.heldStatic);
  else
    c.heldStatic = c.heldCompliant;
}
template <class Ar>
void io(Ar& ar, CollisionCounters& c) {
  ar(c.collisions, c.backups, c.odeSteps, c.binarySteps, c.impulses, c.contacts, c.estimates,
     c.stuck, c.jams);
}
template <class Ar>
void io(Ar& ar, ContactSim::SolveTotals& t) {
  ar(t.solves, t.pivots, t.maxViolation, t.warmStarts, t.warmPartials, t.warmRejects,
     t.frictionHeld, t.frictionRegularized, t.frictionByLemke);
  if (ar.version >= 4) ar(t.frictionCompliant, t.compliantViolation);  // friction_compliance
  if (ar.version >= 5) ar(t.frictionCompliantFirst);
  if (ar.version >= 6) ar(t.frictionHeldAtOnce);
}
template <class Ar>
void io(Ar& ar, SimState& s) {  // all but the structure, which is rebuilt
  ar(s.time);
  ar.list(s.vars);
  ar(s.frictionLoss);
  std::uint32_t seed = s.random.seed();
  ar(seed);
  s.random.setSeed(seed);
  std::vector<WarmStart::Carrier> carriers = s.warmStart.carriers();
  ar.list(carriers);
  if constexpr (Ar::kReading) s.warmStart.restore(std::move(carriers));
  ar.choice(s.advance, valuesOf<AdvanceKind>().size());
  ar.choice(s.integrator, valuesOf<IntegratorKind>().size());
  ar(s.timeStep, s.counters);
}
template <class Ar>
void io(Ar& ar, StepStats& s) {
  ar(s.time, s.energy, s.contacts, s.solves, s.minDistance, s.maxJointGap, s.contactForce,
     s.backups, s.collisions, s.binarySteps, s.stuck, s.iterations);
  ar.choice(s.timeStepStatus, 6);  // TimeStepStatus's values
  ar(s.wallSeconds);
  if (ar.version >= 2)
    ar(s.stepSize);
  else
    s.stepSize = std::numeric_limits<double>::quiet_NaN();
}
template <class Ar>
void io(Ar& ar, ContactMark& c) {
  ar(c.point, c.otherPoint, c.normal, c.force, c.frictionForce, c.primaryBody, c.normalBody,
     c.slip);
  ar.choice(c.mode, valuesOf<ContactMode>().size());
}
template <class Ar>
void io(Ar& ar, ConnectorMark& c) {
  ar.choice(c.kind, 3);  // joint, rod, rope
  ar.text(c.name);
  ar(c.body1, c.body2, c.point1, c.point2, c.length, c.taut, c.joints, c.force);
}
template <class Ar>
void io(Ar& ar, SpringMark& s) {
  ar(s.point1, s.point2, s.restLength, s.compressOnly);
}
template <class Ar>
void io(Ar& ar, ThrusterMark& t) {
  ar(t.body, t.location, t.thrust);
}
template <class Ar>
void io(Ar& ar, DrawData& d) {
  ar(d.time, d.steps);
  ar.list(d.states);
  ar(d.energy);
  ar.list(d.contacts);
  ar.list(d.connectors);
  ar.list(d.springs);
  ar.list(d.thrusters);
  ar(d.referenceForce);
}
template <class Ar>
void io(Ar& ar, StepRecord& r) {
  ar(r.step, r.state, r.stats, r.draw);
}

// Writing: each field by its bytes.
struct Out {
  static constexpr bool kReading = false;
  static constexpr std::uint32_t version = kRecordingFormatVersion;
  ByteWriter w;
  template <class... T>
  void operator()(T&... v) {
    (field(v), ...);
  }
  template <class T>
  void field(T& v) {
    if constexpr (std::is_same_v<T, bool>)
      w.put<std::uint8_t>(v ? 1 : 0);
    else if constexpr (std::is_arithmetic_v<T>)
      w.put(v);
    else
      io(*this, v);
  }
  template <class E>
  void choice(E& e, std::size_t) {
    w.put(static_cast<std::uint8_t>(e));
  }
  template <class T>
  void list(std::vector<T>& v) {
    w.put(static_cast<std::uint32_t>(v.size()));
    for (T& e : v) field(e);
  }
  void text(std::string& s) { w.putString(s); }
};

// The fewest bytes a T takes written (its lists and strings empty): what a list's count is
// checked against before its elements are allocated.
template <class T>
std::size_t minBytes() {
  static const std::size_t n = [] {
    Out out;
    T v{};
    out.field(v);
    return out.w.bytes().size();
  }();
  return n;
}

// Reading: each field from its bytes, checked as far as the bytes tell (a bool is 0 or 1, an
// enum one of its values, a count fits in what is left).
struct In {
  static constexpr bool kReading = true;
  ByteReader r;
  std::uint32_t version;  // of the file: the fields it has
  template <class... T>
  void operator()(T&... v) {
    (field(v), ...);
  }
  template <class T>
  void field(T& v) {
    if constexpr (std::is_same_v<T, bool>) {
      const auto b = r.get<std::uint8_t>();
      if (b > 1) fail(fmt::format("a flag reads {}, not 0 or 1", b));
      v = b == 1;
    } else if constexpr (std::is_arithmetic_v<T>) {
      v = r.get<T>();
    } else {
      io(*this, v);
    }
  }
  template <class E>
  void choice(E& e, std::size_t count) {
    const auto b = r.get<std::uint8_t>();
    if (b >= count) fail(fmt::format("a choice reads {}, not one of 0 to {}", b, count - 1));
    e = static_cast<E>(b);
  }
  template <class T>
  void list(std::vector<T>& v) {
    v.resize(r.getCount(minBytes<T>()));
    for (T& e : v) field(e);
  }
  void text(std::string& s) { s = r.getString(); }
  [[noreturn]] void fail(const std::string& what) const {
    throw ByteStreamError(fmt::format("at byte {}: {}", r.offset(), what));
  }
};

std::string recordBytes(const StepRecord& record) {
  Out out;
  // Out only reads the record; io's one field list takes it by reference for both ways.
  io(out, const_cast<StepRecord&>(record));
  return out.w.take();
}

// About the heap bytes of a copy of `sim`: its bodies' shapes (the bulk), its variables and
// its force laws. An estimate for the reader's budget, not an exact count.
std::size_t structureBytes(const RigidBodySim& sim) {
  std::size_t n =
      sizeof(ContactSim) + sim.vars().size() * sizeof(double) + sim.forceLaws().size() * 256;
  for (const Polygon& p : sim.bodies()) {
    n += sizeof(Polygon) + p.vertices().size() * sizeof(Vertex);
    for (const Path& path : p.paths()) n += sizeof(Path) + path.edges.size() * sizeof(Edge);
  }
  return n;
}

// ---- Checks of a record read against the scene, so that no view or re-run is handed a body
// index out of range, a state of the wrong size or a non-finite position.

bool finite(Vec2 p) {
  return std::isfinite(p.x) && std::isfinite(p.y);
}

std::string recordProblem(const StepRecord& r, int bodies) {
  const auto body = [&](int b, bool scrim) {
    return (scrim && b == kScrim) || (b >= 0 && b < bodies);
  };
  const std::size_t vars = static_cast<std::size_t>(bodies) * kVarsPerBody;
  if (r.state.vars.size() != vars)
    return fmt::format("the state has {} variables; the scene's {} bodies have {}",
                       r.state.vars.size(), bodies, vars);
  if (r.draw.states.size() != static_cast<std::size_t>(bodies))
    return fmt::format("the picture has {} bodies; the scene has {}", r.draw.states.size(), bodies);
  for (std::size_t i = 0; i < vars; ++i)
    if (!std::isfinite(r.state.vars[i]))
      return fmt::format("state variable {} is not finite", i + 1);
  if (!std::isfinite(r.state.time)) return "the time is not finite";
  if (!(r.state.timeStep >= kMinTimeStep && r.state.timeStep <= kMaxTimeStep))
    return fmt::format("the time step {} is not from {} to {} s", r.state.timeStep, kMinTimeStep,
                       kMaxTimeStep);
  for (const BodyState& s : r.draw.states)
    if (!std::isfinite(s.x) || !std::isfinite(s.y) || !std::isfinite(s.angle))
      return "a body's picture is not at a finite place";
  for (const WarmStart::Carrier& c : r.state.warmStart.carriers())
    if (!body(c.low, true) || !body(c.high, true))
      return "a warm-start carrier names a body the scene does not have";
  for (std::size_t i = 0; i < r.draw.contacts.size(); ++i) {
    const ContactMark& c = r.draw.contacts[i];
    if (!body(c.primaryBody, true) || !body(c.normalBody, true))
      return fmt::format("contact {} names a body the scene does not have", i + 1);
    if (!finite(c.point) || !finite(c.otherPoint) || !finite(c.normal))
      return fmt::format("contact {} is not at a finite place", i + 1);
  }
  for (const ConnectorMark& c : r.draw.connectors)
    if (!body(c.body1, true) || !body(c.body2, true))
      return fmt::format("connector '{}' names a body the scene does not have", c.name);
  for (const ThrusterMark& t : r.draw.thrusters)
    if (!body(t.body, false)) return "a thruster names a body the scene does not have";
  return {};
}

// ---- Reading frames from a stream of known length.

class FrameReader {
 public:
  FrameReader(std::istream& in, std::string source) : mIn(in), mSource(std::move(source)) {
    mIn.seekg(0, std::ios::end);
    const std::streamoff size = mIn.tellg();
    mIn.seekg(0, std::ios::beg);
    if (size < 0 || !mIn) fail("cannot be read");
    mSize = static_cast<std::uint64_t>(size);
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw RecordingError(fmt::format("{}: {}", mSource, what));
  }
  std::string bytes(std::uint64_t n, const std::string& what) {
    if (n > mSize - mAt)
      fail(
          fmt::format("{} needs {} bytes at byte {}, but the file ends {} bytes on: it was cut "
                      "short",
                      what, n, mAt, mSize - mAt));
    std::string b(n, '\0');
    mIn.read(b.data(), static_cast<std::streamsize>(n));
    if (!mIn) fail(fmt::format("could not read {} at byte {}", what, mAt));
    mAt += n;
    return b;
  }
  bool atEnd() const { return mAt == mSize; }
  // The next frame's kind and checked payload; `number` names it in messages.
  std::pair<char, std::string> frame(long long number) {
    const std::string head = bytes(13, fmt::format("frame {}", number));
    ByteReader h(head);
    const auto kind = static_cast<char>(h.get<std::uint8_t>());
    const auto length = h.get<std::uint32_t>();
    const auto check = h.get<std::uint64_t>();
    if (kind != kHeaderFrame && kind != kStepFrame && kind != kEndFrame)
      fail(fmt::format("frame {} at byte {} is of no known kind (byte {}): the file is damaged",
                       number, mAt - 13, static_cast<int>(static_cast<unsigned char>(kind))));
    if (length > kMaxFrameBytes)
      fail(fmt::format("frame {} claims {} bytes: the file is damaged", number, length));
    std::string payload = bytes(length, fmt::format("frame {}", number));
    if (fnv1a64(payload) != check)
      fail(fmt::format("frame {} (bytes {} to {}) fails its check: the file is damaged", number,
                       mAt - length, mAt));
    return {kind, std::move(payload)};
  }

 private:
  std::istream& mIn;
  std::string mSource;
  std::uint64_t mSize = 0;
  std::uint64_t mAt = 0;
};

struct Header {
  std::string source;
  std::string sceneText;
  std::vector<RecordedEdit> edits;
};

Header readHeader(const std::string& text, const std::string& where) {
  JsonReadResult parsed = readJson(text);
  std::vector<JsonProblem> problems = std::move(parsed.problems);
  Header h;
  if (parsed.value) {
    FieldReader r(*parsed.value, "", problems, "the header");
    const auto format = r.string("format", Need::kRequired);
    if (format && *format != kFormatName)
      r.report(r.fieldPath("format"), fmt::format("is '{}', not '{}'", *format, kFormatName));
    r.integer("version", Need::kRequired, 1, kRecordingFormatVersion);
    if (const auto s = r.string("source", Need::kOptional)) h.source = *s;
    if (const nlohmann::json* scene = r.object("scene", Need::kRequired))
      h.sceneText = scene->dump();
    if (const nlohmann::json* edits = r.array("edits", Need::kRequired)) {
      for (std::size_t i = 0; i < edits->size(); ++i) {
        FieldReader e((*edits)[i], pointerChild("/edits", i), problems, "an edit entry");
        const auto after =
            e.integer("after_step", Need::kRequired, 0, std::numeric_limits<long long>::max());
        const nlohmann::json* edit = e.object("edit", Need::kRequired);
        std::optional<SimEdit> read;
        if (edit) read = readSimEdit(*edit, e.fieldPath("edit"), problems);
        e.rejectUnknown(" in an edit entry");
        if (after && read) {
          if (!h.edits.empty() && *after < h.edits.back().afterStep)
            e.report(e.fieldPath("after_step"), "edits must be listed in the order of their steps");
          h.edits.push_back({*after, std::move(*read)});
        }
      }
    }
    r.rejectUnknown(" in a recording's header");
  }
  if (!problems.empty())
    throw RecordingError(fmt::format("{}: header:{}", where, listProblems(problems)));
  return h;
}

std::string headerText(const SceneDoc& scene, const std::string& source,
                       std::span<const RecordedEdit> edits) {
  nlohmann::ordered_json h;
  h["format"] = kFormatName;
  h["version"] = kRecordingFormatVersion;
  h["source"] = source;
  h["scene"] = sceneDocToJson(scene);
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const RecordedEdit& e : edits)
    list.push_back({{"after_step", e.afterStep}, {"edit", simEditToJson(e.edit)}});
  h["edits"] = std::move(list);
  return h.dump();
}

}  // namespace

std::uint64_t recordDigest(const StepRecord& record) {
  StepStats stats = record.stats;
  stats.wallSeconds = 0;
  long long step = record.step;
  Out out;  // Out only reads; the field lists take their fields by reference both ways
  out(step, const_cast<SimState&>(record.state), stats, const_cast<DrawData&>(record.draw));
  return fnv1a64(out.w.bytes());
}

// ---- Writing

RecordingWriter::RecordingWriter(const std::filesystem::path& path, const SceneDoc& scene,
                                 const std::string& source, std::span<const RecordedEdit> edits)
    : mFile(path) {
  mFile.stream().write(kMagic, sizeof kMagic);
  ByteWriter version;
  version.put(kRecordingFormatVersion);
  mFile.stream().write(version.bytes().data(), 4);
  mBytes = sizeof kMagic + 4;
  if (!edits.empty()) mLastEdit = edits.back().afterStep;
  frame(kHeaderFrame, headerText(scene, source, edits));
}

void RecordingWriter::frame(char kind, const std::string& payload) {
  if (payload.size() > kMaxFrameBytes)
    throw RecordingError(
        fmt::format("a frame of {} bytes is more than a recording holds", payload.size()));
  ByteWriter head;
  head.put(static_cast<std::uint8_t>(kind));
  head.put(static_cast<std::uint32_t>(payload.size()));
  head.put(fnv1a64(payload));
  mFile.stream().write(head.bytes().data(), static_cast<std::streamsize>(head.bytes().size()));
  mFile.stream().write(payload.data(), static_cast<std::streamsize>(payload.size()));
  mBytes += head.bytes().size() + payload.size();
}

void RecordingWriter::append(const StepRecord& record) {
  if (mRecords > 0 && record.step != mLastStep + 1)
    throw RecordingError(
        fmt::format("step {} cannot follow step {} in a recording", record.step, mLastStep));
  frame(kStepFrame, recordBytes(record));
  mLastStep = record.step;
  ++mRecords;
}

void RecordingWriter::commit() {
  if (mRecords == 0) throw RecordingError("a recording needs at least one step");
  if (mLastEdit > mLastStep)
    throw RecordingError(fmt::format("an edit after step {} comes after the last step recorded, {}",
                                     mLastEdit, mLastStep));
  ByteWriter end;
  end.put(static_cast<std::uint64_t>(mRecords));
  frame(kEndFrame, end.bytes());
  mFile.commit();
}

// ---- Reading

bool isRecordingFile(const std::filesystem::path& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return false;
  std::ifstream in(path, std::ios::binary);
  char head[sizeof kMagic] = {};
  return in.read(head, sizeof head) &&
         std::string_view(head, sizeof head) == std::string_view(kMagic, sizeof kMagic);
}

Recording readRecording(const std::filesystem::path& path, std::size_t budgetBytes) {
  try {
    requireRegularFile(path);
  } catch (const FileReadError& e) {
    throw RecordingError(fmt::format("{}: {}", path.string(), e.what()));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw RecordingError(fmt::format("{}: cannot be opened", path.string()));
  return readRecording(in, path.string(), budgetBytes);
}

Recording readRecording(std::istream& in, const std::string& source, std::size_t budgetBytes) {
  FrameReader file(in, source);
  if (file.bytes(sizeof kMagic, "the magic number") != std::string_view(kMagic, sizeof kMagic))
    file.fail("is not a ContactLab recording (it does not begin with CLRUN)");
  const std::string versionBytes = file.bytes(4, "the format version");
  const auto version = ByteReader(versionBytes).get<std::uint32_t>();
  if (version > kRecordingFormatVersion)
    file.fail(
        fmt::format("was written by a newer ContactLab (recording format version {}); this "
                    "build reads version {}",
                    version, kRecordingFormatVersion));
  if (version == 0) file.fail("declares recording format version 0, which does not exist");

  auto [kind, payload] = file.frame(1);
  if (kind != kHeaderFrame) file.fail("frame 1 is not the header: the file is damaged");
  Header header = readHeader(payload, source);

  Recording rec;
  rec.source = header.source;
  try {
    rec.scene = loadScene(header.sceneText, source + " (its scene)");
  } catch (const std::exception& e) {
    throw RecordingError(e.what());
  }
  rec.history.setBudget(budgetBytes);
  // The edits are applied to a copy: the scene stays as its document builds it (the start a
  // front end restarts from).
  std::unique_ptr<RigidBodySim> edited = rec.scene.sim->clone();
  RigidBodySim& sim = *edited;
  if (auto* cs = dynamic_cast<ContactSim*>(&sim)) cs->setTraceSink(nullptr);
  std::unique_ptr<AdvanceStrategy> advance = makeAdvanceFor(
      sim, rec.scene.settings.advance, rec.scene.settings.integrator, rec.scene.settings.timeStep);
  std::shared_ptr<const RigidBodySim> structure = sim.clone();
  // Each step after an edit runs with a copy of the simulation, which the history's budget
  // does not count: a file of many small edits (a mouse drag moves the spring every step)
  // could ask for more copies than memory holds. They are counted here against the budget.
  const std::size_t copyBytes = structureBytes(sim);
  std::size_t copies = 1;
  std::size_t nextEdit = 0;
  long long steps = 0;
  for (long long number = 2;; ++number) {
    if (file.atEnd()) file.fail("ends without its end mark: it was cut short");
    auto [k, bytes] = file.frame(number);
    if (k == kHeaderFrame)
      file.fail(fmt::format("frame {} is a second header: the file is damaged", number));
    if (k == kEndFrame) {
      ByteReader end(bytes);
      std::uint64_t count = 0;
      try {
        count = end.get<std::uint64_t>();
      } catch (const ByteStreamError& e) {
        file.fail(fmt::format("the end mark: {}", e.what()));
      }
      if (count != static_cast<std::uint64_t>(steps) || end.left() != 0)
        file.fail(fmt::format("the end mark counts {} steps; the file holds {}", count, steps));
      if (!file.atEnd()) file.fail("has bytes after its end mark: the file is damaged");
      break;
    }
    StepRecord r;
    In reader{ByteReader(bytes), version};
    try {
      io(reader, r);
      if (reader.r.left() != 0) reader.fail(fmt::format("{} bytes are left over", reader.r.left()));
    } catch (const ByteStreamError& e) {
      file.fail(fmt::format("frame {} (the {}th step): {}", number, steps + 1, e.what()));
    }
    const std::string where = fmt::format("frame {} (step {})", number, r.step);
    if (steps > 0 && r.step != rec.history.back().step + 1)
      file.fail(fmt::format("{} does not follow step {}", where, rec.history.back().step));
    if (r.step < 0 || r.step > kMaxStepCount)
      file.fail(fmt::format("{}: a step number is from 0 to 2^53", where));
    if (const std::string why = recordProblem(r, sim.bodyCount()); !why.empty())
      file.fail(fmt::format("{}: {}", where, why));
    // The edits made up to this step, applied to the scene as the run applied them.
    bool changed = false;
    for (; nextEdit < header.edits.size() && header.edits[nextEdit].afterStep <= r.step;
         ++nextEdit) {
      bool applied = false;
      try {
        applied = applyEdit(header.edits[nextEdit].edit, sim, *advance);
      } catch (const std::exception& e) {
        file.fail(fmt::format("edit {} cannot be applied: {}", nextEdit + 1, e.what()));
      }
      if (!applied)
        file.fail(fmt::format(
            "edit {} cannot be applied: it changes nothing (a body, spring or thruster the "
            "scene does not have)",
            nextEdit + 1));
      if (std::holds_alternative<SetSettings>(header.edits[nextEdit].edit)) {
        SimSettings settings;
        readSettings(sim, settings);
        readSettings(*advance, settings);
        if (const std::string why = settingsProblem(settings); !why.empty())
          file.fail(fmt::format("edit {} leaves settings no run can take: {}", nextEdit + 1, why));
      }
      changed = true;
    }
    if (changed) {
      if (++copies > budgetBytes / std::max<std::size_t>(1, copyBytes))
        file.fail(fmt::format(
            "{}: its edits need {} copies of the simulation of about {} kB each, more than the "
            "memory budget of {} MB holds",
            where, copies, copyBytes / 1024, budgetBytes >> 20));
      structure = sim.clone();
    }
    r.state.structure = structure;
    rec.history.append(std::move(r));
    ++steps;
  }
  if (steps == 0) file.fail("holds no step");
  if (nextEdit < header.edits.size())
    file.fail(fmt::format("edit {} comes after step {}, the last recorded", nextEdit + 1,
                          rec.history.back().step));
  rec.edits = std::move(header.edits);
  return rec;
}

}  // namespace cl
