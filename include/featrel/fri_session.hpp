// A persistent FRI fit for interactive use (featrel explore, docs/explore.md): the data, the fitted baseline
// with its budgets and warm-start basis, the unconstrained intervals and the probe thresholds are computed once;
// constrain() then applies presets (docs/fri.md#preset-constraints) by re-solving only the bound LPs, each
// warm-started from the baseline basis. The Result of constrain(presets) is the Result of fri::run with those
// presets on the same data, options and seed (timing aside), errors included: an unknown, malformed or
// infeasible pin is the same PresetError naming the feature.
#pragma once

#include <memory>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/fri.hpp"
#include "featrel/run_context.hpp"

namespace featrel::fri {

class Session {
 public:
  // Fits FRI on `data` (kept as a copy) with `options`; options.presets are not applied here (see constrain).
  // Throws what fri::run throws (InputError, SolverError, Cancelled); ctx.seed is the run seed.
  Session(Dataset data, const Options& options, const RunContext& ctx);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  const Dataset& data() const;
  // The options as given, without presets.
  const Options& options() const;
  std::uint64_t seed() const;
  // The unconstrained result: fri::run(data, options without presets).
  const Result& result() const;

  // The result under `presets` (none: result() with this call's diagnostics). Only the preset checks and the
  // constrained bound LPs run, on ctx's threads; ctx.cancel stops them (Cancelled). Safe to call from several
  // threads at once (the session is not modified).
  Result constrain(const std::vector<Preset>& presets, const RunContext& ctx) const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace featrel::fri

namespace featrel {
class MethodResult;
}

namespace featrel::fri {
// A Result (e.g. from Session::constrain) as the method registry's result for FRI: its document is the one
// `featrel fri --json` writes (selection shape and pre-flight block included; provenance is the caller's).
// `data` must outlive the returned object.
std::unique_ptr<MethodResult> method_result(const Dataset& data, Result result);
}  // namespace featrel::fri
