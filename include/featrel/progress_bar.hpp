// A one-line terminal progress bar, installed by the CLI as the RunContext progress callback (docs/architecture.md#progress-and-cancellation).
//
// It stays silent for short runs (nothing is drawn until delay_seconds have passed since construction), redraws
// at most ten times a second so that a fast inner loop reporting every step costs next to nothing, and rewrites
// one line with '\r'. finish() blanks that line so that the table, warnings or an error message print on a clean
// line. Once a stage with a known total has run for kMinEstimateSeconds it adds the time left at the stage's rate so
// far: a wide FRI or UBayFS run takes minutes, and the user should know how many. The clock is injectable so that
// tests can check the exact bytes written.
//
// Not thread-safe: RunContext guarantees the progress callback is called from the thread that owns the run.
#pragma once

#include <cstddef>
#include <functional>
#include <limits>
#include <ostream>
#include <string>
#include <string_view>

namespace featrel::report {

class ProgressBar {
 public:
  // Seconds on a monotonic clock; only differences matter.
  using Clock = std::function<double()>;

  static constexpr double kMinRedrawInterval = 0.1;  // seconds between two redraws
  static constexpr std::size_t kBarWidth = 20;
  static constexpr std::size_t kMaxStageWidth = 32;  // longer stage names are cut, so the line fits 80 columns
  static constexpr std::size_t kMaxLineWidth = 80;   // the time left is shown only if the line stays within it
  // A stage's time left is shown only after it has run this long: earlier rates are mostly start-up noise.
  static constexpr double kMinEstimateSeconds = 1.0;

  // enabled = false draws nothing ever (--quiet, or stderr not a terminal). An empty clock means
  // std::chrono::steady_clock.
  ProgressBar(std::ostream& out, bool enabled, double delay_seconds = 1.0, Clock clock = {});
  // Calls finish(), so that an exception unwinding through the CLI leaves no half-drawn bar behind.
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  // Reports that `done` of `total` steps of `stage` are complete (total 0 = unknown). Draws when the delay has
  // passed and the last draw is at least kMinRedrawInterval old (the first draw after the delay is immediate).
  // A stage begins when its name changes or its count goes back; if its first report already has done > 0, it
  // began at the previous report (or at construction), which is when the previous stage ended.
  void update(std::string_view stage, std::size_t done, std::size_t total);
  // Blanks the bar's line if one was drawn and leaves the cursor at its start; a no-op otherwise. Later updates
  // may draw again.
  void finish();

  // Whether a bar is currently on the line.
  bool visible() const { return visible_; }

  // The text of one bar (without '\r' or padding), e.g.
  //   "fri bounds  [#########-----------]  45%  45/100  0:03"
  // With total 0: "fri bounds  45  0:03". Elapsed time is m:ss, or h:mm:ss from one hour on. A finite
  // remaining_seconds appends the time left ("...  0:03  ~0:04 left") if the line stays within kMaxLineWidth.
  static std::string format_line(std::string_view stage, std::size_t done, std::size_t total, double elapsed_seconds,
                                 double remaining_seconds = std::numeric_limits<double>::quiet_NaN());
  // Seconds left in a stage that has run stage_seconds and done `done` of `total` steps at that rate; NaN when not
  // yet estimable (total 0, nothing or everything done, or less than kMinEstimateSeconds run).
  static double remaining(std::size_t done, std::size_t total, double stage_seconds);

 private:
  std::ostream& out_;
  bool enabled_;
  double delay_;
  Clock clock_;
  double start_;
  double last_draw_ = 0;
  bool visible_ = false;
  std::size_t width_ = 0;  // display width of the text now on the line
  std::string stage_;      // the stage of the last report
  std::size_t stage_done_ = 0;
  double stage_start_;
  double last_report_;
};

}  // namespace featrel::report
