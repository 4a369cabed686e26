// fri::Session (featrel/fri_session.hpp): the phases of fri::run up to the grouping once, the presets on demand.
// It calls the same phase functions as run() (fri_run.cpp), so a constrained result equals a run with presets.
#include "featrel/fri_session.hpp"

#include <chrono>

#include "methods/fri/fri_internal.hpp"

namespace featrel::fri {

struct Session::State {
  Dataset data;
  Options options;  // as given, presets cleared
  std::uint64_t seed = 0;
  std::unique_ptr<detail::Prepared> prepared;  // points into `data`
  std::vector<detail::FittedProblem> fitted;
  std::vector<PhaseStats> fit_phases;          // counters and seconds of the fit
  double fit_seconds = 0.0;
  Result result;
};

Session::Session(Dataset data, const Options& options, const RunContext& ctx) : state_(std::make_unique<State>()) {
  const auto t0 = std::chrono::steady_clock::now();
  State& s = *state_;
  s.data = std::move(data);
  s.options = options;
  s.options.presets.clear();
  s.seed = ctx.seed;
  s.prepared = detail::prepare(s.data, s.options, ctx.seed);
  const detail::Prepared& p = *s.prepared;
  Result res = detail::start_result(s.data, p, p.o, ctx);
  for (const detail::Problem& pb : p.problems) {
    s.fitted.push_back(detail::fit_problem(pb, p.o, ctx, res.diagnostics.phases, /*keep_witnesses=*/true));
    detail::group_problem(pb, p.o, s.fitted.back(), ctx, res.diagnostics.phases);
  }
  s.fit_phases = res.diagnostics.phases;
  for (std::size_t i = 0; i < p.problems.size(); ++i)
    res.models.push_back(detail::problem_result(s.fitted[i], {}, res.diagnostics.warnings));
  detail::finish_result(s.data, res);
  s.fit_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  res.diagnostics.total_seconds = s.fit_seconds;
  s.result = std::move(res);
}

Session::~Session() = default;

const Dataset& Session::data() const { return state_->data; }
const Options& Session::options() const { return state_->options; }
std::uint64_t Session::seed() const { return state_->seed; }
const Result& Session::result() const { return state_->result; }

Result Session::constrain(const std::vector<Preset>& presets, const RunContext& ctx) const {
  const auto t0 = std::chrono::steady_clock::now();
  const State& s = *state_;
  const detail::Prepared& p = *s.prepared;
  // The same checks, in the same order, as run(): validate (malformed values), then the data-only preset checks.
  Options given = s.options;
  given.presets = presets;
  validate(given);
  const Options o = effective_options(given);
  const std::vector<detail::ResolvedPreset> resolved = detail::resolve_presets(s.data, p.constant, o);

  RunContext run_ctx = ctx;
  run_ctx.seed = s.seed;  // the fitted state belongs to the session's seed
  Result res = detail::start_result(s.data, p, o, run_ctx);
  res.diagnostics.phases = s.fit_phases;
  std::vector<detail::PresetOutcome> outcomes;
  for (std::size_t i = 0; i < p.problems.size(); ++i)
    outcomes.push_back(detail::apply_presets(p.problems[i], o, s.fitted[i], resolved, run_ctx, res.diagnostics.phases));
  for (std::size_t i = 0; i < p.problems.size(); ++i)
    res.models.push_back(detail::problem_result(s.fitted[i], std::move(outcomes[i]), res.diagnostics.warnings));
  detail::finish_result(s.data, res);
  res.diagnostics.total_seconds =
      s.fit_seconds + std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return res;
}

}  // namespace featrel::fri
