#pragma once
// ConnectorList: ContactSim's connectors, owned. Copying it clones each connector
// (Connector::clone), so that ContactSim copies with its defaulted copy constructor, every
// member included: a hand-written one had left out members added later.
#include <cstddef>
#include <memory>
#include <vector>

#include "engine/connectors/connector.h"

namespace cl {

class ConnectorList {
 public:
  ConnectorList() = default;
  ConnectorList(const ConnectorList& other) {
    mItems.reserve(other.mItems.size());
    for (const auto& c : other.mItems) mItems.push_back(c->clone());
  }
  ConnectorList& operator=(const ConnectorList& other) {
    if (this != &other) *this = ConnectorList(other);
    return *this;
  }
  ConnectorList(ConnectorList&&) = default;
  ConnectorList& operator=(ConnectorList&&) = default;

  void push_back(std::unique_ptr<Connector> connector) { mItems.push_back(std::move(connector)); }
  std::size_t size() const { return mItems.size(); }
  bool empty() const { return mItems.empty(); }
  const std::unique_ptr<Connector>& operator[](std::size_t i) const { return mItems[i]; }
  auto begin() const { return mItems.begin(); }
  auto end() const { return mItems.end(); }

 private:
  std::vector<std::unique_ptr<Connector>> mItems;
};

}  // namespace cl
