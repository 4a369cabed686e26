// GeneratedData as a Dataset (include/featrel/generate.hpp): what reading its CSV back would give, without the
// round trip through text, for tests and benchmarks that generate data in memory.
#include "featrel/format.hpp"
#include "featrel/generate.hpp"

namespace featrel::gen {

Dataset GeneratedData::to_dataset(TaskRequest task) const {
  std::vector<std::string> labels;
  labels.reserve(static_cast<std::size_t>(y.size()));
  for (Eigen::Index i = 0; i < y.size(); ++i) labels.push_back(format_number(y(i)));  // as to_csv writes them
  CsvOptions o;
  o.task = task;
  o.target = target_name;
  return make_dataset(X, names, labels, o);
}

}  // namespace featrel::gen
