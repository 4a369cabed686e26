// Internal to src/resampling: one repeat's selection together with the warnings its run raised, so that the
// repeated result can say when repeats warn about something the full-data run did not.
#pragma once

#include <string>
#include <vector>

#include "featrel/resampling.hpp"

namespace featrel::resampling::detail {

struct TaskOutcome {
  Selection selection;
  std::vector<std::string> warnings;
};

TaskOutcome run_one(const MethodSpec& spec, const Dataset& data, const Settings& settings, const Task& task,
                    const RunContext& ctx);

}  // namespace featrel::resampling::detail
