#include "widgets/setting_editor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QSpinBox>
#include <algorithm>
#include <cmath>
#include <type_traits>

namespace cl::widgets {

namespace {

// A number shown in its shortest general form (1e-10, 0.025). The arrows step by `step`,
// or by factors of ten when step is 0 (tolerances span many decades).
class NumberSpinBox : public QDoubleSpinBox {
 public:
  NumberSpinBox(const SettingControl& c) : mDecades(c.step == 0) {
    setDecimals(30);  // QDoubleSpinBox rounds to its decimals: keep tiny values exact
    setRange(c.low, c.high);
    if (!mDecades) setSingleStep(c.step);
    // Applied when typing is done (Enter, focus out, arrows), not at every key.
    setKeyboardTracking(false);
  }
  QString textFromValue(double value) const override { return QString::number(value, 'g', 6); }
  double valueFromText(const QString& text) const override { return text.trimmed().toDouble(); }
  QValidator::State validate(QString& text, int&) const override {
    const QString t = text.trimmed();
    if (t.isEmpty()) return QValidator::Intermediate;
    bool ok = false;
    const double v = t.toDouble(&ok);
    if (!ok) {
      // "1e", "1e-", "0." and the like on the way to a number.
      static const QRegularExpression partial(QStringLiteral("^[0-9.]*(e[-+]?)?[0-9]*$"),
                                              QRegularExpression::CaseInsensitiveOption);
      return partial.match(t).hasMatch() ? QValidator::Intermediate : QValidator::Invalid;
    }
    return v >= minimum() && v <= maximum() ? QValidator::Acceptable : QValidator::Intermediate;
  }
  void stepBy(int steps) override {
    if (mDecades)
      setValue(value() * std::pow(10.0, steps));
    else
      QDoubleSpinBox::stepBy(steps);
  }

 private:
  bool mDecades;
};

QString toolTipOf(const SettingInfo& info) {
  return toQString(info.help) + (info.apply == SettingApply::kLive
                                     ? QObject::tr(" Applied now.")
                                     : QObject::tr(" Applies on restart."));
}

template <typename T>
SettingEditor makeEditor(const SettingInfo& info, T SimSettings::*member,
                         std::function<void()> changed) {
  SettingEditor e;
  e.info = &info;
  if constexpr (std::is_same_v<T, bool>) {
    auto* box = new QCheckBox(toQString(info.label));
    QObject::connect(box, &QCheckBox::toggled, box, [changed] { changed(); });
    e.control = box;
    e.show = [box, member](const SimSettings& s) {
      const QSignalBlocker blocker(box);
      box->setChecked(s.*member);
    };
    e.read = [box, member](SimSettings& s) { s.*member = box->isChecked(); };
    e.textOf = [member](const SimSettings& s) {
      return s.*member ? QObject::tr("on") : QObject::tr("off");
    };
  } else if constexpr (std::is_same_v<T, double>) {
    auto* box = new NumberSpinBox(info.control);
    QObject::connect(box, &QDoubleSpinBox::valueChanged, box, [changed] { changed(); });
    e.control = box;
    e.show = [box, member, low = info.control.low, high = info.control.high](const SimSettings& s) {
      const QSignalBlocker blocker(box);
      // A scene may hold a value beyond the control's usual range (a time step of 6 s): the
      // range widens to show it as it is, never clamped.
      const double v = s.*member;
      box->setRange(std::min(low, v), std::max(high, v));
      box->setValue(v);
    };
    e.read = [box, member](SimSettings& s) { s.*member = box->value(); };
    e.textOf = [member](const SimSettings& s) { return QString::number(s.*member, 'g', 6); };
  } else if constexpr (std::is_same_v<T, std::uint32_t>) {
    auto* box = new QSpinBox;
    box->setRange(static_cast<int>(info.control.low), static_cast<int>(info.control.high));
    box->setKeyboardTracking(false);
    QObject::connect(box, &QSpinBox::valueChanged, box, [changed] { changed(); });
    e.control = box;
    e.show = [box, member](const SimSettings& s) {
      const QSignalBlocker blocker(box);
      box->setValue(static_cast<int>(
          std::min<std::uint32_t>(s.*member, static_cast<std::uint32_t>(box->maximum()))));
    };
    e.read = [box, member](SimSettings& s) { s.*member = static_cast<T>(box->value()); };
    e.textOf = [member](const SimSettings& s) { return QString::number(s.*member); };
  } else {
    static_assert(std::is_enum_v<T>);
    auto* box = new QComboBox;
    // Long engine names must not make the dock wide: the box elides, the tooltip tells.
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(8);
    for (const auto& [value, name] : valuesOf<T>())
      box->addItem(readableName(name), static_cast<int>(value));
    QObject::connect(box, &QComboBox::activated, box, [changed] { changed(); });
    e.control = box;
    e.show = [box, member](const SimSettings& s) {
      const QSignalBlocker blocker(box);
      const int i = box->findData(static_cast<int>(s.*member));
      if (i >= 0) box->setCurrentIndex(i);
    };
    e.read = [box, member](SimSettings& s) {
      s.*member = static_cast<T>(box->currentData().toInt());
    };
    e.textOf = [member](const SimSettings& s) { return readableName(nameOf(s.*member)); };
  }
  e.control->setObjectName(toQString(info.name));
  e.control->setToolTip(toolTipOf(info));
  return e;
}

}  // namespace

QString readableName(const char* engineName) {
  return QString::fromLatin1(engineName)
      .replace(QLatin1Char('_'), QLatin1Char(' '))
      .replace(QLatin1Char('-'), QLatin1Char(' '));
}

QString toQString(std::string_view text) {
  return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

std::vector<SettingEditor> makeSettingEditors(std::function<void(int)> changed) {
  std::vector<SettingEditor> editors;
  forEachSetting([&](const SettingInfo& info, auto member, auto) {
    const int index = static_cast<int>(editors.size());
    editors.push_back(makeEditor(info, member, [changed, index] { changed(index); }));
  });
  return editors;
}

}  // namespace cl::widgets
