// A minimal outside user of the installed featrel package: builds a data set in memory, runs FRI through the
// method registry, and checks that the strongly relevant column is found.
#include <featrel/dataset.hpp>
#include <featrel/method_registry.hpp>

#include <iostream>

int main() {
  const int n = 120;
  Eigen::MatrixXd X(n, 3);
  Eigen::VectorXd y(n);
  for (int i = 0; i < n; ++i) {
    const double a = std::sin(0.7 * i), b = std::cos(1.3 * i), c = std::sin(2.1 * i + 0.4);
    X(i, 0) = a;
    X(i, 1) = b;
    X(i, 2) = c;
    y(i) = a > 0 ? 1 : 0;
  }
  const featrel::Dataset data = featrel::make_dataset(X, {"signal", "noise1", "noise2"}, y, featrel::CsvOptions{});
  featrel::RunContext ctx;
  ctx.threads = 1;
  featrel::Settings settings = featrel::Settings::object();
  settings["C"] = 1.0;
  settings["n_probes"] = 20;
  const auto result = featrel::method("fri").run(data, settings, ctx);
  const auto selection = result->selection();
  std::cout << result->text("index");
  if (selection.features.size() != 3 || !selection.features[0].selected || selection.features[0].relevance != 2) {
    std::cerr << "consumer: expected 'signal' to be strongly relevant\n";
    return 1;
  }
  std::cout << "consumer: ok\n";
  return 0;
}
