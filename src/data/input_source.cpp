// read_csv's input: a file (mapped, not copied), standard input ("-"), or gzip-compressed content; spreadsheet
// and Parquet file names are refused before reading, with the way to export a CSV.
#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "data/dataset_internal.hpp"
#include "featrel/error.hpp"

namespace featrel {
namespace {

bool ends_with_ci(std::string_view text, std::string_view suffix) {
  if (text.size() < suffix.size()) return false;
  for (std::size_t i = 0; i < suffix.size(); ++i) {
    const auto a = static_cast<unsigned char>(text[text.size() - suffix.size() + i]);
    if (std::tolower(a) != static_cast<unsigned char>(suffix[i])) return false;
  }
  return true;
}

bool has_gzip_magic(std::string_view bytes) {
  return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1F &&
         static_cast<unsigned char>(bytes[1]) == 0x8B;
}

// Names that are never CSV, refused by name so that the message can say what the file is even before (or
// without) looking inside; the content checks (detail::reject_binary) catch the same files under other names.
void reject_by_name(const std::string& path) {
  std::string name = path;
  if (ends_with_ci(name, ".gz")) name.resize(name.size() - 3);
  const std::string export_hint = "open it and use File > Save As > 'CSV UTF-8 (Comma delimited)' (one sheet per "
                                  "file), or in R write.csv(readxl::read_excel(\"" + path +
                                  "\"), \"data.csv\", row.names = FALSE), and read the CSV";
  for (const char* ext : {".xlsx", ".xlsm", ".xls"}) {
    if (ends_with_ci(name, ext)) {
      throw InputError("'" + path + "' is an Excel workbook (" + ext + "), not a CSV file; featrel reads CSV text: " +
                       export_hint);
    }
  }
  if (ends_with_ci(name, ".ods")) {
    throw InputError("'" + path + "' is a LibreOffice spreadsheet (.ods), not a CSV file; featrel reads CSV text: "
                     "open it and use File > Save As > 'Text CSV (.csv)'");
  }
  if (ends_with_ci(name, ".parquet")) {
    throw InputError("'" + path + "' is a Parquet file, not a CSV file; featrel reads CSV text: export it, e.g. in "
                     "Python pandas.read_parquet(\"" + path + "\").to_csv(\"data.csv\", index=False), or in R "
                     "write.csv(arrow::read_parquet(\"" + path + "\"), \"data.csv\", row.names = FALSE)");
  }
}

// Inflates gzip content (all members of a multi-member file, as gunzip does). zlib counts in 32-bit units,
// so input and output are handed over in chunks.
std::string gunzip(std::string_view in, const std::string& source) {
  if (!has_gzip_magic(in)) {
    throw InputError("'" + source + "' is named .gz but is not gzip-compressed (it does not start with the gzip "
                     "signature); rename it without .gz if it is plain text");
  }
  z_stream zs{};
  if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK) {
    throw InputError("cannot decompress '" + source + "': zlib failed to start");
  }
  struct End {
    z_stream* zs;
    ~End() { inflateEnd(zs); }
  } end{&zs};
  constexpr std::size_t kChunk = std::size_t{1} << 30;
  std::string out;
  out.resize(std::max<std::size_t>(64 * 1024, std::min<std::size_t>(in.size() * 4, kChunk)));
  std::size_t in_pos = 0, out_pos = 0;
  for (;;) {
    if (zs.avail_in == 0 && in_pos < in.size()) {
      const std::size_t take = std::min(kChunk, in.size() - in_pos);
      zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data() + in_pos));
      zs.avail_in = static_cast<uInt>(take);
      in_pos += take;
    }
    if (out_pos == out.size()) out.resize(out.size() * 2);
    const std::size_t room = std::min(kChunk, out.size() - out_pos);
    zs.next_out = reinterpret_cast<Bytef*>(out.data() + out_pos);
    zs.avail_out = static_cast<uInt>(room);
    const int status = inflate(&zs, Z_NO_FLUSH);
    out_pos += room - zs.avail_out;
    const std::size_t unread = zs.avail_in + (in.size() - in_pos);
    if (status == Z_STREAM_END) {
      // Another member follows (files made with cat a.gz b.gz); anything else after the end is ignored, as
      // gunzip does with trailing zero padding.
      const std::string_view rest = in.substr(in.size() - unread);
      if (has_gzip_magic(rest)) {
        inflateReset(&zs);
        continue;
      }
      break;
    }
    if (status != Z_OK && status != Z_BUF_ERROR) {
      throw InputError("cannot decompress '" + source + "': " + (zs.msg != nullptr ? zs.msg : "corrupt data") +
                       " (the file is damaged; copy or download it again)");
    }
    if (zs.avail_out == 0) continue;  // out of room: the buffer grows on the next round
    if (unread == 0) {
      throw InputError("cannot decompress '" + source + "': the compressed data ends early (the file is truncated; "
                       "copy or download it again)");
    }
    if (status == Z_BUF_ERROR) {  // input and room left, yet no progress
      throw InputError("cannot decompress '" + source + "': corrupt data (the file is damaged; copy or download it "
                       "again)");
    }
  }
  out.resize(out_pos);
  return out;
}

Dataset read_bytes(std::string_view bytes, const CsvOptions& options, const std::string& source, bool gz_name) {
  if (gz_name || has_gzip_magic(bytes)) return read_csv_text(gunzip(bytes, source), options, source);
  return read_csv_text(bytes, options, source);
}

std::string read_all(int fd, const std::string& what) {
  std::string out;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got == 0) break;
    if (got < 0) {
      if (errno == EINTR) continue;
      throw InputError("cannot read " + what + ": " + std::strerror(errno));
    }
    out.append(buffer, static_cast<std::size_t>(got));
  }
  return out;
}

}  // namespace

Dataset read_csv(const std::string& path, const CsvOptions& options) {
  if (path == "-") return read_bytes(read_all(STDIN_FILENO, "standard input"), options, "<stdin>", false);
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(status)) {
    throw InputError("cannot read '" + path + "': no such file; check the path");
  }
  if (std::filesystem::is_directory(status)) {
    throw InputError("cannot read '" + path + "': it is a directory, not a CSV file");
  }
  reject_by_name(path);
  const bool gz_name = ends_with_ci(path, ".gz");
  // A regular file is mapped rather than copied: for a 200 MB table the copy and its page faults cost as
  // much as the number parsing.
  if (std::filesystem::is_regular_file(status)) {
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) throw InputError("cannot open '" + path + "': " + std::strerror(errno));
    struct stat info {};
    if (::fstat(fd, &info) != 0) {
      const int err = errno;
      ::close(fd);
      throw InputError("cannot read '" + path + "': " + std::strerror(err));
    }
    const auto size = static_cast<std::size_t>(info.st_size);
    if (size == 0) {
      ::close(fd);
      return read_csv_text(std::string_view(), options, path);
    }
    void* data = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    ::close(fd);  // the mapping stays valid
    if (data != MAP_FAILED) {
      ::madvise(data, size, MADV_SEQUENTIAL);
      struct Unmap {
        void* data;
        std::size_t size;
        ~Unmap() { ::munmap(data, size); }
      } unmap{data, size};
      return read_bytes(std::string_view(static_cast<const char*>(data), size), options, path, gz_name);
    }
  }
  // Not mappable (a pipe such as <(zcat data.gz), or mmap refused): read it as a stream.
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot open '" + path + "': " + std::strerror(errno));
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) throw InputError("cannot read '" + path + "': the read failed part-way");
  return read_bytes(buffer.str(), options, path, gz_name);
}

}  // namespace featrel
