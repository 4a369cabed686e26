#include "featrel/option_docs.hpp"

namespace featrel::report {

namespace {

std::string cell(std::string s) {
  std::string out;
  for (char c : s) {
    if (c == '|') out += "\\|";
    else if (c == '\n') out += ' ';
    else out += c;
  }
  return out;
}

}  // namespace

std::string options_markdown(const options::Schema& schema) {
  std::string out = "| option | key | default | allowed | meaning |\n|---|---|---|---|---|\n";
  std::string group;
  for (const options::Info* info : schema.infos()) {
    if (info->group != group && !info->group.empty()) {
      group = info->group;
      out += "| **" + cell(group) + "** | | | | |\n";
    }
    std::string flag = "`" + info->flag + "`";
    if (!info->short_flag.empty()) flag = "`" + info->short_flag + "`, " + flag;
    if (!info->cli) flag = "(library and Python only)";
    std::string def = info->default_text.empty() ? "-" : "`" + info->default_text + "`";
    std::string allowed = info->range_text();
    if (info->kind == options::Kind::boolean) allowed = "on/off";
    if (info->kind == options::Kind::text && !allowed.empty() && !info->value_name.empty())
      allowed = info->value_name + ", " + allowed;  // the word's grammar, then the range of its number
    if (allowed.empty()) allowed = info->value_name.empty() ? "-" : info->value_name;
    if (info->list) allowed += info->split_commas ? " (a list)" : " (repeatable)";
    if (info->optional && !info->unset_word.empty()) allowed += ", or " + info->unset_word;
    out += "| " + cell(flag) + " | `" + info->key + "` | " + cell(def) + " | " + cell(allowed) + " | " +
           cell(info->help) + " |\n";
  }
  return out;
}

}  // namespace featrel::report
