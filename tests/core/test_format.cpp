// Tests of the shared number formatting.
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <limits>

#include "featrel/format.hpp"
#include "featrel/rng.hpp"

using featrel::format_fixed;
using featrel::format_number;

TEST(Format, ShortestRoundTrip) {
  EXPECT_EQ(format_number(0.1), "0.1");
  EXPECT_EQ(format_number(-3.0), "-3");
  EXPECT_EQ(format_number(1e-7), "1e-07");
  EXPECT_EQ(format_number(-0.0), "0");
  EXPECT_EQ(format_number(std::nan("")), "nan");
  EXPECT_EQ(format_number(-std::numeric_limits<double>::infinity()), "-inf");
  featrel::rng::Rng r(7);
  for (int i = 0; i < 1000; ++i) {
    const double v = r.normal() * std::pow(10.0, static_cast<int>(r.bounded(20)) - 10);
    const std::string s = format_number(v);
    double back = 0;
    std::from_chars(s.data(), s.data() + s.size(), back);
    EXPECT_EQ(back, v) << s;
  }
}

TEST(Format, FixedDecimals) {
  EXPECT_EQ(format_fixed(0.123456, 4), "0.1235");
  EXPECT_EQ(format_fixed(-0.00001, 3), "0.000");
  EXPECT_EQ(format_fixed(2.5, 0), "2");  // round-half-even of printf
  EXPECT_EQ(format_fixed(-1.25, 1), "-1.2");
}

TEST(Format, SignificantDigits) {
  using featrel::format_significant;
  EXPECT_EQ(format_significant(0.0316227766, 4), "0.03162");
  EXPECT_EQ(format_significant(3.8394, 4), "3.839");
  EXPECT_EQ(format_significant(1.23e-5, 2), "1.2e-05");
  EXPECT_EQ(format_significant(0.16, 2), "0.16");
  EXPECT_EQ(format_significant(std::nan(""), 3), "nan");
  EXPECT_EQ(format_significant(std::numeric_limits<double>::infinity(), 3), "inf");
}
