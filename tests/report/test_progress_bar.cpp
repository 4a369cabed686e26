#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "featrel/progress_bar.hpp"

namespace featrel::report {
namespace {

// A clock the test moves by hand.
struct FakeClock {
  double now = 100.0;
  ProgressBar::Clock fn() {
    return [this] { return now; };
  }
};

TEST(ProgressBarLine, Format) {
  EXPECT_EQ(ProgressBar::format_line("fri bounds", 45, 100, 3.7), "fri bounds  [#########-----------]   45%  45/100  0:03");
  EXPECT_EQ(ProgressBar::format_line("fit", 0, 7, 0), "fit  [--------------------]    0%  0/7  0:00");
  EXPECT_EQ(ProgressBar::format_line("fit", 7, 7, 65), "fit  [####################]  100%  7/7  1:05");
  EXPECT_EQ(ProgressBar::format_line("fit", 9, 7, 3725), "fit  [####################]  100%  9/7  1:02:05");
  EXPECT_EQ(ProgressBar::format_line("trees", 45, 0, 12), "trees  45  0:12");
  EXPECT_EQ(ProgressBar::format_line(std::string(40, 's'), 1, 0, 0), std::string(32, 's') + "  1  0:00");
}

TEST(ProgressBarLine, TimeLeft) {
  EXPECT_EQ(ProgressBar::format_line("fri bounds", 4, 16, 18.2, 54.0),
            "fri bounds  [#####---------------]   25%  4/16  0:18  ~0:54 left");
  EXPECT_EQ(ProgressBar::format_line("fit", 1, 2, 0, 0.2), "fit  [##########----------]   50%  1/2  0:00  ~0:01 left");
  EXPECT_EQ(ProgressBar::format_line("fit", 1, 2, 0, 3725),
            "fit  [##########----------]   50%  1/2  0:00  ~1:02:05 left");
  // Never past 80 columns: with five-digit counts, a 19-character stage leaves room for it (80), a 20-character one
  // does not (81), nor does the longest stage kept (32).
  const std::string bar = "  [############--------]   61%  12345/20000  1:01";
  EXPECT_EQ(ProgressBar::format_line(std::string(19, 's'), 12345, 20000, 61, 38),
            std::string(19, 's') + bar + "  ~0:38 left");
  EXPECT_EQ(ProgressBar::format_line(std::string(20, 's'), 12345, 20000, 61, 38), std::string(20, 's') + bar);
  EXPECT_EQ(ProgressBar::format_line(std::string(32, 's'), 12345, 20000, 61, 38), std::string(32, 's') + bar);
  // At the stage's rate so far; none before it has run kMinEstimateSeconds, nor without a total or a step done.
  EXPECT_DOUBLE_EQ(ProgressBar::remaining(4, 16, 18.0), 54.0);
  EXPECT_DOUBLE_EQ(ProgressBar::remaining(1, 3, 1.0), 2.0);
  EXPECT_TRUE(std::isnan(ProgressBar::remaining(4, 16, 0.99)));
  EXPECT_TRUE(std::isnan(ProgressBar::remaining(0, 16, 30.0)));
  EXPECT_TRUE(std::isnan(ProgressBar::remaining(16, 16, 30.0)));
  EXPECT_TRUE(std::isnan(ProgressBar::remaining(4, 0, 30.0)));
}

TEST(ProgressBar, TimeLeftIsPerStage) {
  FakeClock clock;
  std::ostringstream out;
  ProgressBar bar(out, true, 0.0, clock.fn());
  clock.now += 30;  // a stage that reports only its total at the start
  bar.update("search", 0, 3);
  clock.now += 10;
  bar.update("search", 1, 3);  // 10 s per step since the stage began
  EXPECT_NE(out.str().find("1/3  0:40  ~0:20 left"), std::string::npos) << out.str();
  clock.now += 5;
  bar.update("bounds", 2, 8);  // first report already 2 done: the stage began at the previous report
  EXPECT_NE(out.str().find("2/8  0:45  ~0:15 left"), std::string::npos) << out.str();
  clock.now += 5;
  bar.update("bounds", 1, 8);  // the count went back: a new pass of the stage begins at the previous report
  EXPECT_NE(out.str().find("1/8  0:50  ~0:35 left"), std::string::npos) << out.str();
  clock.now += 5;
  bar.update("bounds", 8, 8);  // done: no estimate
  EXPECT_NE(out.str().find("8/8  0:55"), std::string::npos) << out.str();
  EXPECT_EQ(out.str().find("8/8  0:55  ~"), std::string::npos) << out.str();
}

TEST(ProgressBar, NothingBeforeTheDelay) {
  FakeClock clock;
  std::ostringstream out;
  ProgressBar bar(out, true, 1.0, clock.fn());
  bar.update("fit", 1, 10);
  clock.now += 0.99;
  bar.update("fit", 5, 10);
  EXPECT_EQ(out.str(), "");
  EXPECT_FALSE(bar.visible());
  bar.finish();
  EXPECT_EQ(out.str(), "");  // nothing drawn, nothing to clear
}

TEST(ProgressBar, DrawsAfterTheDelayAndClearsOnFinish) {
  FakeClock clock;
  std::ostringstream out;
  ProgressBar bar(out, true, 1.0, clock.fn());
  clock.now += 1.0;
  bar.update("fit", 5, 10);
  // The stage began at construction (its first report already had 5 done): 1 s for 5 of 10, so 1 s left.
  const std::string line = "fit  [##########----------]   50%  5/10  0:01  ~0:01 left";
  EXPECT_EQ(out.str(), "\r" + line);
  EXPECT_TRUE(bar.visible());
  bar.finish();
  EXPECT_EQ(out.str(), "\r" + line + "\r" + std::string(line.size(), ' ') + "\r");
  EXPECT_FALSE(bar.visible());
  bar.finish();  // idempotent
  EXPECT_EQ(out.str(), "\r" + line + "\r" + std::string(line.size(), ' ') + "\r");
}

TEST(ProgressBar, RedrawsAtMostTenTimesASecond) {
  FakeClock clock;
  std::ostringstream out;
  ProgressBar bar(out, true, 0.0, clock.fn());
  bar.update("fit", 1, 10);  // first draw: immediate
  const std::size_t after_first = out.str().size();
  clock.now += 0.05;
  bar.update("fit", 2, 10);  // too soon
  clock.now += 0.04;
  bar.update("fit", 3, 10);  // still too soon (0.09 s)
  EXPECT_EQ(out.str().size(), after_first);
  clock.now += 0.01;
  bar.update("fit", 4, 10);  // 0.1 s after the first draw
  EXPECT_EQ(out.str(), "\rfit  [##------------------]   10%  1/10  0:00"
                       "\rfit  [########------------]   40%  4/10  0:00");
}

TEST(ProgressBar, ShorterLineBlanksTheRestOfTheLongerOne) {
  FakeClock clock;
  std::ostringstream out;
  ProgressBar bar(out, true, 0.0, clock.fn());
  bar.update("a long stage name", 1, 0);  // "a long stage name  1  0:00" = 26 chars
  clock.now += 0.2;
  bar.update("short", 2, 0);  // "short  2  0:00" = 14 chars, padded with 12 spaces
  EXPECT_EQ(out.str(), "\ra long stage name  1  0:00\rshort  2  0:00" + std::string(12, ' '));
  bar.finish();
  EXPECT_EQ(out.str().substr(out.str().size() - 28), "\r" + std::string(26, ' ') + "\r");
}

TEST(ProgressBar, DisabledNeverWrites) {
  FakeClock clock;
  std::ostringstream out;
  {
    ProgressBar bar(out, false, 0.0, clock.fn());
    clock.now += 5;
    bar.update("fit", 1, 2);
    bar.finish();
  }
  EXPECT_EQ(out.str(), "");
}

TEST(ProgressBar, DestructorClearsAVisibleBar) {
  FakeClock clock;
  std::ostringstream out;
  {
    ProgressBar bar(out, true, 0.0, clock.fn());
    bar.update("x", 0, 0);  // "x  0  0:00"
  }
  EXPECT_EQ(out.str(), "\rx  0  0:00\r          \r");
}

TEST(ProgressBar, DefaultClockWorks) {
  std::ostringstream out;
  ProgressBar bar(out, true, 0.0);
  bar.update("fit", 1, 1);
  EXPECT_EQ(out.str().rfind("\rfit  [####################]  100%  1/1  0:0", 0), 0u);
}

}  // namespace
}  // namespace featrel::report
