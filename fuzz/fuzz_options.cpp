// libFuzzer harness for the option tables: lines "key=word" (or "method:key=word") become settings of a
// registered method (the first line picks which), read through its table and validated. Any input must end in
// accepted options or an InputError/OptionError naming the problem: never a crash, an abort or another exception.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "featrel/common_options.hpp"
#include "featrel/error.hpp"
#include "featrel/method_registry.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const auto& all = featrel::methods();
  if (all.empty() || size == 0) return 0;
  const auto& spec = all[static_cast<std::size_t>(data[0]) % all.size()];
  featrel::Settings settings = featrel::Settings::object();
  featrel::Settings data_settings = featrel::Settings::object();
  std::size_t start = 1;
  while (start < text.size()) {
    auto end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    const auto eq = line.find('=');
    if (eq == std::string::npos) continue;
    const std::string key = line.substr(0, eq), word = line.substr(eq + 1);
    if (spec.schema->find(key) != nullptr) {
      const auto* info = spec.schema->find(key);
      if (info->list) settings[key].push_back(word);
      else settings[key] = word;
    } else {
      data_settings[key] = word;
    }
  }
  try {
    spec.check(settings);
  } catch (const featrel::InputError&) {
  }
  try {
    featrel::CsvOptions csv;
    featrel::data_option_table().set_json(csv, data_settings);
  } catch (const featrel::InputError&) {
  }
  return 0;
}
