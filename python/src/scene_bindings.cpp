// contactlab.Scene and load_scene: scenes from a file or a dict in the scene format
// (docs/scene-format.md), with the reader's validation and messages, settings by name as the
// CLI's `run --set` takes them, and saving.
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <type_traits>

#include "bindings.h"
#include "engine/io/atomic_file.h"
#include "engine/io/number_text.h"
#include "engine/scene/scene.h"
#include "engine/settings/sim_settings.h"

namespace cl::python {

namespace {

// A setting's value as Python has it: a number, a bool, or a value's name.
template <typename T>
py::object settingValue(const T& v) {
  if constexpr (std::is_enum_v<T>)
    return py::str(nameOf(v));
  else
    return py::cast(v);
}

// A Python value as `run --set KEY=VALUE` would type it (numbers with every digit).
std::string settingText(const std::string& key, py::handle value) {
  if (py::isinstance<py::bool_>(value)) return value.cast<bool>() ? "true" : "false";
  if (py::isinstance<py::int_>(value)) return py::str(value);
  if (py::isinstance<py::float_>(value)) return numberText(value.cast<double>());
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  throw py::type_error("settings['" + key + "']: expected a number, a bool or a name, got " +
                       std::string(py::str(py::type::of(value).attr("__name__"))));
}

py::dict settingsDict(const SimSettings& settings) {
  py::dict out;
  forEachSetting([&](const SettingInfo& info, auto member, auto) {
    out[py::str(std::string(info.key))] = settingValue(settings.*member);
  });
  return out;
}

}  // namespace

std::vector<std::string> bodyNames(const RigidBodySim& sim) {
  std::vector<std::string> names;
  for (const Polygon& body : sim.bodies()) names.push_back(body.name());
  return names;
}

SimSettings settingsWith(SimSettings settings, const py::handle& given) {
  if (given.is_none()) return settings;
  if (!py::isinstance<py::dict>(given))
    throw py::type_error("settings must be a dict {key: value}, as `run --set key=value`");
  for (const auto& [k, v] : given.cast<py::dict>()) {
    const std::string key = py::str(k);
    if (const std::string problem = setSettingFromText(settings, key, settingText(key, v));
        !problem.empty())
      throw py::value_error("settings['" + key + "']: " + problem);
  }
  if (const std::string why = settingsConflict(settings); !why.empty())
    throw py::value_error("settings: " + why);
  return settings;
}

std::shared_ptr<Scene> sceneFrom(const py::handle& source, const py::handle& settings) {
  Scene scene;
  if (py::isinstance<py::dict>(source)) {
    const std::string text = py::module_::import("json").attr("dumps")(source).cast<std::string>();
    scene = loadScene(text, "<dict>");
  } else if (py::isinstance<py::str>(source) ||
             py::isinstance(source, py::module_::import("os").attr("PathLike"))) {
    const auto path = source.cast<std::filesystem::path>();
    py::gil_scoped_release release;
    scene = loadSceneFile(path);
  } else {
    throw py::type_error("a scene is a path to a scene file or a dict in the scene format");
  }
  const SimSettings wanted = settingsWith(scene.settings, settings);
  if (wanted != scene.settings) scene = rebuildScene(scene, wanted);
  return std::make_shared<Scene>(std::move(scene));
}

void bindScene(py::module_& m) {
  py::class_<Scene, std::shared_ptr<Scene>>(
      m, "Scene",
      "A scene: its document (what load then save gives back) and the simulation built from "
      "it. Load one with load_scene(); run it with Simulation(scene).")
      .def_readonly("title", &Scene::title)
      .def_readonly("description", &Scene::description)
      .def_property_readonly(
          "settings", [](const Scene& s) { return settingsDict(s.settings); },
          "Every setting by its JSON key, defaults included: numbers, bools, names.")
      .def_property_readonly(
          "body_names", [](const Scene& s) { return bodyNames(*s.sim); },
          "The bodies' names, in the simulation's order (the rows of Simulation.state).")
      .def(
          "with_settings",
          [](const Scene& s, const py::dict& settings) {
            const SimSettings wanted = settingsWith(s.settings, settings);
            return std::make_shared<Scene>(rebuildScene(s, wanted));
          },
          py::arg("settings"),
          "The scene rebuilt with the settings given changed (a new seed redraws random "
          "shapes); the document records them, so that saving keeps them.")
      .def(
          "to_json", [](const Scene& s) { return saveScene(s); },
          "The scene's JSON text, as saving writes it.")
      .def(
          "to_dict",
          [](const Scene& s) { return py::module_::import("json").attr("loads")(saveScene(s)); },
          "The scene's document as a dict (load_scene(scene.to_dict()) builds the same scene).")
      .def(
          "save",
          [](const Scene& s, const std::filesystem::path& path) {
            writeFileAtomically(path, saveScene(s));
          },
          py::arg("path"),
          "Writes the scene file whole, or raises FileWriteError and writes nothing.")
      .def("__repr__", [](const Scene& s) {
        return "<contactlab.Scene '" + s.title + "', " + std::to_string(s.sim->bodyCount()) +
               " bodies>";
      });

  m.def(
      "load_scene",
      [](const py::object& source, const py::object& settings) {
        return sceneFrom(source, settings);
      },
      py::arg("source"), py::arg("settings") = py::none(),
      "Loads a scene from a file path or from a dict in the scene format, with the settings "
      "given changed ({key: value}, the keys and values of `run --set`). Raises SceneError "
      "listing every problem with its JSON path, ValueError for a bad setting.");

  m.def(
      "check_setting",
      [](const std::string& key, const py::object& value) {
        SimSettings settings;
        if (const std::string problem = setSettingFromText(settings, key, settingText(key, value));
            !problem.empty())
          throw py::value_error("settings['" + key + "']: " + problem);
      },
      py::arg("key"), py::arg("value"),
      "Raises ValueError (TypeError for a value of the wrong type) when load_scene would refuse "
      "the setting {key: value} for itself (a conflict with other settings aside).");

  m.def(
      "settings_info",
      [] {
        py::list out;
        const SimSettings defaults;
        const py::dict values = settingsDict(defaults);
        for (const SettingInfo& info : kSettingInfos) {
          py::dict d;
          d["key"] = std::string(info.key);
          d["label"] = std::string(info.label);
          d["help"] = std::string(info.help);
          d["default"] = values[py::str(std::string(info.key))];
          d["applies"] = info.apply == SettingApply::kLive ? "live" : "restart";
          out.append(d);
        }
        return out;
      },
      "Every setting a scene or load_scene(settings=...) takes: key, label, help, default.");
}

}  // namespace cl::python
