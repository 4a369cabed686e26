#include "option_flags.hpp"

namespace featrel::cli {

std::string help_line(const options::Info& info) {
  std::string h = info.help;
  const std::string range = info.range_text();
  if (!range.empty()) h += " (" + range + ")";
  if (info.kind == options::Kind::boolean) {
    h += info.default_text == "true" ? " [default: on; --no-" + info.flag.substr(2) + " turns it off]" : "";
  } else if (!info.default_text.empty()) {
    h += " [default: " + info.default_text + "]";
  }
  return h;
}

void OptionFlags::add(CLI::App& app, const options::Schema& schema, const std::vector<std::string>& skip) {
  std::map<std::string, CLI::App*> groups;
  for (const options::Info* info : schema.infos()) {
    if (!info->cli) continue;
    if (std::find(skip.begin(), skip.end(), info->key) != skip.end()) continue;
    CLI::App* target = &app;
    if (!info->group.empty()) {
      auto it = groups.find(info->group);
      if (it == groups.end()) it = groups.emplace(info->group, app.add_option_group(info->group)).first;
      target = it->second;
    }
    auto slot = std::make_unique<Slot>();
    slot->info = info;
    std::string names = info->flag;
    if (!info->short_flag.empty()) names = info->short_flag + "," + names;
    const std::string help = help_line(*info);
    if (info->kind == options::Kind::boolean && !info->list) {
      slot->on = target->add_flag(names, help);
      const std::string off_help = "Turn off " + info->flag;
      slot->off = target->add_flag("--no-" + info->flag.substr(2), off_help);
      if (info->default_text != "true") slot->off->group("");  // hidden: only useful to override a default of on
    } else if (info->list) {
      slot->on = target->add_option(names, slot->words, help)->allow_extra_args(false)->type_name(info->value_name);
    } else {
      slot->on = target->add_option(names, slot->word, help)
                     ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)
                     ->type_name(info->value_name);
    }
    slots_[info->key] = std::move(slot);
  }
}

report::Json OptionFlags::settings(const options::Schema& schema) const {
  report::Json out = report::Json::object();
  for (const options::Info* info : schema.infos()) {
    auto it = slots_.find(info->key);
    if (it == slots_.end()) continue;
    const Slot& s = *it->second;
    if (s.off != nullptr) {
      if (s.on->count() > 0) out[info->key] = "true";
      if (s.off->count() > 0) out[info->key] = "false";
    } else if (info->list) {
      if (s.on->count() == 0) continue;
      report::Json words = report::Json::array();
      for (const auto& w : s.words) {
        if (info->split_commas) {
          for (const auto& item : options::detail::split_list(w)) words.push_back(item);
        } else {
          words.push_back(w);
        }
      }
      out[info->key] = words;
    } else if (s.on->count() > 0) {
      out[info->key] = s.word;
    }
  }
  return out;
}

}  // namespace featrel::cli
