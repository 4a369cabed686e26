// libFuzzer harness for the CSV reader: any bytes must give a Dataset or an InputError, never a crash, a hang or
// an abort. The first byte picks reader settings (separator, categorical detection, imputation, task) so that
// every path of the reader is reached.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "featrel/dataset.hpp"
#include "featrel/error.hpp"
#include "featrel/preflight.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t mode = data[0];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  featrel::CsvOptions o;
  const char seps[] = {0, ',', ';', '\t'};
  o.sep = seps[mode & 3];
  o.max_levels = (mode & 4) ? 20 : 0;
  o.impute = (mode & 8) ? featrel::Impute::mean : featrel::Impute::none;
  o.task = (mode & 16) ? featrel::TaskRequest::regression : featrel::TaskRequest::automatic;
  if (mode & 32) o.na_values = {"-999"};
  try {
    const featrel::Dataset d = featrel::read_csv_text(text, o, "fuzz.csv");
    (void)featrel::preflight(d);
  } catch (const featrel::InputError&) {
  }
  return 0;
}
