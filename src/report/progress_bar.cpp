// Terminal progress bar (include/featrel/progress_bar.hpp).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "featrel/progress_bar.hpp"
#include "featrel/report.hpp"

namespace featrel::report {

namespace {

double steady_seconds() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

// The first `max` code points of a UTF-8 string (never cutting a multi-byte character).
std::string_view cut(std::string_view text, std::size_t max) {
  std::size_t points = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
      if (points == max) return text.substr(0, i);
      ++points;
    }
  }
  return text;
}

std::string elapsed_text(double seconds) {
  const long s = seconds > 0 ? static_cast<long>(std::floor(seconds)) : 0;
  char buf[32];
  if (s >= 3600) {
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, (s / 60) % 60, s % 60);
  } else {
    std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  }
  return buf;
}

}  // namespace

ProgressBar::ProgressBar(std::ostream& out, bool enabled, double delay_seconds, Clock clock)
    : out_(out),
      enabled_(enabled),
      delay_(delay_seconds),
      clock_(clock ? std::move(clock) : Clock(steady_seconds)),
      start_(clock_()),
      stage_start_(start_),
      last_report_(start_) {}

ProgressBar::~ProgressBar() {
  try {
    finish();
  } catch (...) {  // a destructor must not throw; a failed write to stderr is not worth dying for
  }
}

double ProgressBar::remaining(std::size_t done, std::size_t total, double stage_seconds) {
  if (total == 0 || done == 0 || done >= total || !(stage_seconds >= kMinEstimateSeconds))
    return std::numeric_limits<double>::quiet_NaN();
  return stage_seconds * static_cast<double>(total - done) / static_cast<double>(done);
}

std::string ProgressBar::format_line(std::string_view stage, std::size_t done, std::size_t total,
                                     double elapsed_seconds, double remaining_seconds) {
  std::string line(cut(stage, kMaxStageWidth));
  line += "  ";
  if (total > 0) {
    const std::size_t d = std::min(done, total);
    const std::size_t filled = d * kBarWidth / total;
    line += '[';
    line.append(filled, '#');
    line.append(kBarWidth - filled, '-');
    line += "]  ";
    char pct[8];
    std::snprintf(pct, sizeof pct, "%3zu%%", d * 100 / total);
    line += pct;
    line += "  " + std::to_string(done) + "/" + std::to_string(total);
  } else {
    line += std::to_string(done);
  }
  line += "  " + elapsed_text(elapsed_seconds);
  // Rounded up: "~0:00 left" would read as done. Left out where it would push the line past 80 columns, which a
  // terminal would wrap, breaking the '\r' redraw.
  if (std::isfinite(remaining_seconds)) {
    const std::string left = "  ~" + elapsed_text(std::ceil(remaining_seconds)) + " left";
    if (display_width(line) + display_width(left) <= kMaxLineWidth) line += left;
  }
  return line;
}

void ProgressBar::update(std::string_view stage, std::size_t done, std::size_t total) {
  if (!enabled_) return;
  const double now = clock_();
  if (stage != stage_ || done < stage_done_) {
    stage_ = stage;
    stage_start_ = done == 0 ? now : last_report_;
  }
  stage_done_ = done;
  last_report_ = now;
  if (now - start_ < delay_) return;
  if (visible_ && now - last_draw_ < kMinRedrawInterval) return;
  const std::string line = format_line(stage, done, total, now - start_, remaining(done, total, now - stage_start_));
  const std::size_t width = display_width(line);
  std::string text = "\r" + line;
  if (width < width_) text.append(width_ - width, ' ');  // blank what is left of a longer previous line
  out_ << text << std::flush;
  visible_ = true;
  last_draw_ = now;
  width_ = std::max(width, width_);
}

void ProgressBar::finish() {
  if (!visible_) return;
  out_ << '\r' << std::string(width_, ' ') << '\r' << std::flush;
  visible_ = false;
  width_ = 0;
}

}  // namespace featrel::report
