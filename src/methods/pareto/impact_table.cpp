// An impact table written back as the `--impacts` CSV (the grammar that reads it is in src/io,
// featrel/pareto_inputs.hpp).
#include "featrel/pareto.hpp"
#include "featrel/report.hpp"

namespace featrel::pareto {

std::string impact_table_csv(const ImpactTable& table) {
  std::vector<std::string> header{"criterion"};
  header.insert(header.end(), table.features.begin(), table.features.end());
  report::CsvWriter w(header);
  for (std::size_t c = 0; c < table.criteria.size(); ++c) {
    w.text(table.criteria[c]);
    for (Eigen::Index j = 0; j < table.values.cols(); ++j) w.number(table.values(Eigen::Index(c), j));
    w.end_row();
  }
  return w.str();
}

}  // namespace featrel::pareto
